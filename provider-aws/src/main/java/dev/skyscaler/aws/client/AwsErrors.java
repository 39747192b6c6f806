package dev.skyscaler.aws.client;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * What a failed AWS call means, once the SDK's retries are spent: its error code, whether the next
 * scan may succeed, and one sentence for the logs. The gateways turn it into their own exception,
 * so nothing above them sees the SDK's.
 */
public final class AwsErrors {
  private AwsErrors() {}

  /**
   * AWS's error code ({@code ThrottlingException}, {@code ValidationError}), else {@code unknown}.
   */
  public static String code(AwsServiceException e) {
    return e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null
        ? "unknown"
        : e.awsErrorDetails().errorCode();
  }

  /**
   * Whether a later call may succeed: throttling, a server error, a scaling activity in progress or
   * contention, or no answer at all (I/O); not a request AWS refused as wrong.
   */
  public static boolean retryable(SdkException e) {
    if (e instanceof AwsServiceException s) {
      String code = code(s);
      return s.isThrottlingException()
          || s.statusCode() >= 500
          || "ScalingActivityInProgress".equals(code)
          || "ResourceContention".equals(code);
    }
    return true;
  }

  /**
   * {@code <what> failed: <code> (HTTP <status>)[: <message>]} for an error answer, {@code <what>
   * failed: <message>} otherwise.
   *
   * @param what the call and its subject, e.g. {@code SetDesiredCapacity workers 3}
   */
  public static String describe(String what, SdkException e) {
    if (e instanceof AwsServiceException s) {
      String detail = s.awsErrorDetails() == null ? "" : ": " + s.awsErrorDetails().errorMessage();
      return what + " failed: " + code(s) + " (HTTP " + s.statusCode() + ")" + detail;
    }
    return what + " failed: " + e.getMessage();
  }
}
