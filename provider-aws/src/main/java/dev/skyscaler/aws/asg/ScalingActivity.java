package dev.skyscaler.aws.asg;

import java.time.Instant;
import java.util.Objects;

/**
 * One Auto Scaling activity (a launch or a termination).
 *
 * @param statusCode {@code Successful}, {@code Failed}, {@code InProgress}, ...
 */
public record ScalingActivity(String statusCode, Instant startTime, String description) {
  public ScalingActivity {
    Objects.requireNonNull(statusCode, "statusCode");
    Objects.requireNonNull(startTime, "startTime");
    description = description == null ? "" : description;
  }

  public boolean failed() {
    return statusCode.equals("Failed");
  }
}
