package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.eks.EksGateway;
import java.util.Objects;

/**
 * The gateways the Auto Scaling Group provider calls, one per AWS service: Auto Scaling, EC2 (the
 * groups' instance types, launch templates and launch times) and EKS (the groups of managed node
 * groups). The lifecycle-hook calls of Auto Scaling stand apart ({@link LifecycleHooks}), because
 * the emulator of the tests lacks them.
 *
 * @param hooks normally {@code autoscaling} itself
 */
public record AsgGateways(
    AsgGateway autoscaling, LifecycleHooks hooks, Ec2Gateway ec2, EksGateway eks)
    implements AutoCloseable {
  public AsgGateways {
    Objects.requireNonNull(autoscaling, "autoscaling");
    Objects.requireNonNull(hooks, "hooks");
    Objects.requireNonNull(ec2, "ec2");
    Objects.requireNonNull(eks, "eks");
  }

  /** The gateways with clients built from the settings. */
  public static AsgGateways create(AwsClientSettings settings) {
    return create(settings, false);
  }

  /**
   * The gateways with clients built from the settings; with {@code inBackground}, the Auto Scaling
   * client is built on a thread of its own ({@link AsgGateway#create(AwsClientSettings, boolean)}).
   */
  public static AsgGateways create(AwsClientSettings settings, boolean inBackground) {
    AsgGateway autoscaling = AsgGateway.create(settings, inBackground);
    return new AsgGateways(
        autoscaling, autoscaling, Ec2Gateway.create(settings), EksGateway.create(settings));
  }

  /** These gateways with other lifecycle-hook calls (tests: a fake). */
  public AsgGateways withHooks(LifecycleHooks other) {
    return new AsgGateways(autoscaling, other, ec2, eks);
  }

  /** Closes the Auto Scaling client, the only one that holds anything. */
  @Override
  public void close() {
    autoscaling.close();
  }
}
