package dev.skyscaler.kubernetes.state;

/**
 * The autoscaler's state cannot be encoded, decoded or stored. The message names the ConfigMap or
 * the JSON field ({@code drains.n1.deadline}) and what was expected.
 */
public class StateException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public StateException(String message) {
    super(message);
  }

  public StateException(String message, Throwable cause) {
    super(message, cause);
  }
}
