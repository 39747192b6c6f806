package dev.skyscaler.aws.eks;

/**
 * An EKS call failed (after the SDK's retries), or answered something Skyscaler cannot read. The
 * message names the call, its subject and EKS's error code, e.g. {@code eks:DescribeNodegroup
 * prod/gpu failed: AccessDeniedException (HTTP 403): ...}; it never holds a credential.
 */
public final class EksGatewayException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public EksGatewayException(String message, Throwable cause) {
    super(message, cause);
  }
}
