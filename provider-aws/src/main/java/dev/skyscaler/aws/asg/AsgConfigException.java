package dev.skyscaler.aws.asg;

/**
 * One Auto Scaling Group is configured in a way Skyscaler cannot use (a bad node-template or option
 * tag, an unknown instance type, bounds it cannot honour). The group is left out of the scan and
 * the message, which names the group and the tag, becomes a discovery warning; the other groups
 * carry on.
 */
public final class AsgConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public AsgConfigException(String message) {
    super(message);
  }
}
