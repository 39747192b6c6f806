package dev.skyscaler.clusterapi.objects;

/**
 * A Cluster API object that cannot be read as the autoscaler needs it, or a request about one that
 * failed; the message names the object and the field.
 */
public class CapiObjectException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CapiObjectException(String message) {
    super(message);
  }

  public CapiObjectException(String message, Throwable cause) {
    super(message, cause);
  }
}
