package dev.skyscaler.kubernetes;

/**
 * The cluster cannot be reached as configured: a missing or malformed kubeconfig, an unknown
 * context, not running in a pod, a malformed server URL. The message names the input and what was
 * expected, and never contains a credential or the kubeconfig's text.
 */
public class ConnectionException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ConnectionException(String message) {
    super(message);
  }
}
