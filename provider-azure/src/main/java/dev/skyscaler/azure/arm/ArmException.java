package dev.skyscaler.azure.arm;

/**
 * An Azure Resource Manager call that failed, reduced to what callers decide on: the HTTP status (0
 * when no response came back) and ARM's error code ({@code ResourceNotFound}, {@code
 * OperationNotAllowed}, {@code TooManyRequests}, ...). The message names the operation and the
 * resource.
 */
public final class ArmException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String errorCode;

  public ArmException(String operation, int status, String errorCode, String detail) {
    super(
        operation
            + " failed"
            + (status > 0 ? " with HTTP " + status : "")
            + (errorCode.isEmpty() ? "" : " " + errorCode)
            + (detail.isEmpty() ? "" : ": " + detail));
    this.status = status;
    this.errorCode = errorCode;
  }

  public int status() {
    return status;
  }

  public String errorCode() {
    return errorCode;
  }

  /** The resource is not there (any more). */
  public boolean notFound() {
    return status == 404;
  }

  /**
   * Worth trying again on a later scan: throttled (429), a conflicting operation in progress (409),
   * or the service or the network failing for a while (5xx, no response).
   */
  public boolean transientFailure() {
    return status == 0 || status == 409 || status == 429 || status >= 500;
  }
}
