package dev.skyscaler.aws.moto;

import dev.skyscaler.aws.emulator.AwsEmulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.autoscaling.AutoScalingClient;
import software.amazon.awssdk.services.autoscaling.model.InstancesDistribution;
import software.amazon.awssdk.services.autoscaling.model.LaunchTemplate;
import software.amazon.awssdk.services.autoscaling.model.LaunchTemplateOverrides;
import software.amazon.awssdk.services.autoscaling.model.LaunchTemplateSpecification;
import software.amazon.awssdk.services.autoscaling.model.MixedInstancesPolicy;
import software.amazon.awssdk.services.autoscaling.model.Tag;
import software.amazon.awssdk.services.ec2.Ec2Client;
import software.amazon.awssdk.services.ec2.model.MarketType;

/**
 * Builds an AWS account's state in the emulator (moto, or LocalStack under {@code -Plocalstack})
 * for a test, with the SDK directly: launch templates and Auto Scaling Groups tagged the way a
 * cluster's node groups are.
 */
public final class MotoAccount implements AutoCloseable {
  public static final String AMI = "ami-12c6146b";

  private final AutoScalingClient autoscaling;
  private final Ec2Client ec2;

  public MotoAccount(AwsEmulator aws) {
    this.autoscaling = aws.settings().configure(AutoScalingClient.builder()).build();
    this.ec2 = aws.settings().configure(Ec2Client.builder()).build();
  }

  public AutoScalingClient autoscaling() {
    return autoscaling;
  }

  /** A launch template for this instance type; {@code volumeGib} 0 declares no block device. */
  public String launchTemplate(String name, String instanceType, int volumeGib, boolean spot) {
    return ec2.createLaunchTemplate(
            b ->
                b.launchTemplateName(name)
                    .launchTemplateData(
                        d -> {
                          d.imageId(AMI);
                          if (!instanceType.isEmpty()) {
                            d.instanceType(instanceType);
                          }
                          if (volumeGib > 0) {
                            d.blockDeviceMappings(
                                m -> m.deviceName("/dev/xvda").ebs(e -> e.volumeSize(volumeGib)));
                          }
                          if (spot) {
                            d.instanceMarketOptions(o -> o.marketType(MarketType.SPOT));
                          }
                        }))
        .launchTemplate()
        .launchTemplateId();
  }

  /** The discovery tags of a cluster's node group, plus {@code extra}. */
  public static Map<String, String> clusterTags(String cluster, Map<String, String> extra) {
    Map<String, String> tags = new java.util.TreeMap<>(extra);
    tags.put("k8s.io/cluster-autoscaler/enabled", "true");
    tags.put("k8s.io/cluster-autoscaler/" + cluster, "owned");
    return tags;
  }

  /** An ASG on a launch template, in us-east-1a (and b when asked). */
  public void group(
      String name,
      String launchTemplateName,
      int min,
      int max,
      int desired,
      Map<String, String> tags,
      String... zones) {
    autoscaling.createAutoScalingGroup(
        b ->
            b.autoScalingGroupName(name)
                .launchTemplate(t -> t.launchTemplateName(launchTemplateName))
                .minSize(min)
                .maxSize(max)
                .desiredCapacity(desired)
                .availabilityZones(zones.length == 0 ? new String[] {"us-east-1a"} : zones)
                .tags(tags(name, tags)));
  }

  /** An ASG with a mixed-instances policy; all spot when {@code spot}. */
  public void mixedGroup(
      String name,
      String launchTemplateName,
      List<String> overrideTypes,
      boolean spot,
      int desired,
      Map<String, String> tags) {
    MixedInstancesPolicy policy =
        MixedInstancesPolicy.builder()
            .launchTemplate(
                LaunchTemplate.builder()
                    .launchTemplateSpecification(
                        LaunchTemplateSpecification.builder()
                            .launchTemplateName(launchTemplateName)
                            .version("$Latest")
                            .build())
                    .overrides(
                        overrideTypes.stream()
                            .map(t -> LaunchTemplateOverrides.builder().instanceType(t).build())
                            .toList())
                    .build())
            .instancesDistribution(
                InstancesDistribution.builder()
                    .onDemandBaseCapacity(0)
                    .onDemandPercentageAboveBaseCapacity(spot ? 0 : 100)
                    .build())
            .build();
    autoscaling.createAutoScalingGroup(
        b ->
            b.autoScalingGroupName(name)
                .mixedInstancesPolicy(policy)
                .minSize(0)
                .maxSize(10)
                .desiredCapacity(desired)
                .availabilityZones("us-east-1a")
                .tags(tags(name, tags)));
  }

  private static List<Tag> tags(String group, Map<String, String> tags) {
    List<Tag> result = new ArrayList<>();
    tags.forEach(
        (k, v) ->
            result.add(
                Tag.builder()
                    .resourceId(group)
                    .resourceType("auto-scaling-group")
                    .key(k)
                    .value(v)
                    .propagateAtLaunch(false)
                    .build()));
    return result;
  }

  @Override
  public void close() {
    autoscaling.close();
    ec2.close();
  }
}
