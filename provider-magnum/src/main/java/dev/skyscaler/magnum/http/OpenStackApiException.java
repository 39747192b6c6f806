package dev.skyscaler.magnum.http;

/**
 * An OpenStack API call that failed: the message names the operation and the answer ({@code get
 * node group default-worker of cluster k8s: 404 Not Found: ...}), never a token or a secret.
 */
public final class OpenStackApiException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;

  /**
   * @param status the HTTP status, 0 when no answer came (timeout, connection refused)
   */
  public OpenStackApiException(String message, int status) {
    super(message);
    this.status = status;
  }

  public int status() {
    return status;
  }

  /** Whether the same call may succeed later: no answer, a conflict, throttling, a server error. */
  public boolean retryable() {
    return status == 0 || status == 409 || status == 429 || status >= 500;
  }
}
