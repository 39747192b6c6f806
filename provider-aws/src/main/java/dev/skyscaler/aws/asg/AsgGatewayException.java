package dev.skyscaler.aws.asg;

/**
 * An Auto Scaling or EC2 call failed after the SDK's retries. {@code retryable} says whether the
 * next scan may succeed (throttling, a scaling activity in progress, a server error) or the request
 * itself is wrong (validation).
 */
public final class AsgGatewayException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final boolean retryable;

  public AsgGatewayException(String message, boolean retryable, Throwable cause) {
    super(message, cause);
    this.retryable = retryable;
  }

  public boolean retryable() {
    return retryable;
  }
}
