package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.asg.AutoScalingGroup.LaunchTemplateRef;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Resources;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Builds the scale-from-zero template of a group, as CA's AWS provider does: the instance type from
 * the first mixed-instances override, else the launch template, else the launch configuration; its
 * hardware from DescribeInstanceTypes turned into allocatable resources by {@link
 * EksNodeAllocatable}; the well-known labels of a node of that type in the group's first zone; then
 * the node-template tags on top.
 */
final class AsgTemplates {
  static final String CAPACITY_TYPE_LABEL = "eks.amazonaws.com/capacityType";
  private static final String EKS_NODEGROUP_TAG = "eks:nodegroup-name";

  private final AsgGateway gateway;
  private final String region;
  private final PriceTable prices;

  AsgTemplates(AsgGateway gateway, String region, PriceTable prices) {
    this.gateway = gateway;
    this.region = region;
    this.prices = prices;
  }

  /** Where a group's instances come from: the instance type and the launch settings. */
  record Launch(String instanceType, String source, int rootVolumeGib, boolean spot) {}

  /** A group's template and the price of one of its nodes. */
  record Shape(NodeTemplate template, OptionalDouble price) {}

  /**
   * Resolves the group's instance type and launch settings. Launch template versions are looked up
   * once per {@code memo} (one scan).
   *
   * @throws AsgConfigException when the group names no instance type anywhere
   */
  Launch launch(AutoScalingGroup g, Map<LaunchTemplateRef, LaunchSpec> memo) {
    LaunchSpec spec = null;
    String source;
    if (g.launchTemplate().isPresent()) {
      LaunchTemplateRef ref = g.launchTemplate().get();
      spec = memo.computeIfAbsent(ref, gateway::launchTemplate);
      source = "launch template " + ref;
    } else if (g.launchConfiguration().isPresent()) {
      spec = gateway.launchConfiguration(g.launchConfiguration().get());
      source = "launch configuration " + g.launchConfiguration().get();
    } else {
      source = "";
    }
    Optional<String> type;
    if (!g.overrideTypes().isEmpty()) {
      type = Optional.of(g.overrideTypes().get(0));
      source = "the first mixed-instances override";
    } else {
      type = spec == null ? Optional.empty() : spec.instanceType();
    }
    if (type.isEmpty()) {
      throw new AsgConfigException(
          "ASG "
              + g.name()
              + ": no instance type: expected one in the launch template, the launch configuration"
              + " or the mixed-instances overrides (instance requirements are not supported)");
    }
    int volume =
        spec == null
            ? EksNodeAllocatable.DEFAULT_ROOT_VOLUME_GIB
            : spec.rootVolumeGib().orElse(EksNodeAllocatable.DEFAULT_ROOT_VOLUME_GIB);
    boolean spot = g.spotOnly() || (spec != null && spec.spot());
    return new Launch(type.get(), source, volume, spot);
  }

  /**
   * The group's template.
   *
   * @param hardware the instance types EC2 knows
   * @throws AsgConfigException when EC2 does not know the instance type
   */
  Shape shape(
      AutoScalingGroup g,
      Launch launch,
      NodeTemplateTags tags,
      Map<String, InstanceHardware> hardware) {
    InstanceHardware hw = hardware.get(launch.instanceType());
    if (hw == null) {
      throw new AsgConfigException(
          "ASG "
              + g.name()
              + ": instance type \""
              + launch.instanceType()
              + "\" (from "
              + launch.source()
              + ") is unknown to EC2 DescribeInstanceTypes");
    }
    Resources capacity = tags.applyTo(EksNodeAllocatable.of(hw, launch.rootVolumeGib()));
    Map<String, String> labels = new TreeMap<>(wellKnownLabels(g, launch, hw));
    labels.putAll(tags.labels());
    return new Shape(
        new NodeTemplate(capacity, labels, tags.taints()),
        prices.price(launch.instanceType(), launch.spot()));
  }

  private Map<String, String> wellKnownLabels(
      AutoScalingGroup g, Launch launch, InstanceHardware hw) {
    Map<String, String> labels = new HashMap<>();
    labels.put("kubernetes.io/arch", architecture(hw.architecture()));
    labels.put("kubernetes.io/os", "linux");
    labels.put("node.kubernetes.io/instance-type", launch.instanceType());
    labels.put("topology.kubernetes.io/region", region);
    if (!g.zones().isEmpty()) {
      labels.put("topology.kubernetes.io/zone", g.zones().get(0));
      labels.put("topology.ebs.csi.aws.com/zone", g.zones().get(0));
    }
    String managedGroup = g.tags().get(EKS_NODEGROUP_TAG);
    if (managedGroup != null) {
      labels.put("eks.amazonaws.com/nodegroup", managedGroup);
    }
    // Managed node groups label every node with its capacity type; self-managed nodes only get
    // the label when the operator's bootstrap adds it, so only spot (what selectors look for) is
    // promised for them.
    if (launch.spot()) {
      labels.put(CAPACITY_TYPE_LABEL, "SPOT");
    } else if (managedGroup != null) {
      labels.put(CAPACITY_TYPE_LABEL, "ON_DEMAND");
    }
    return labels;
  }

  private static String architecture(String ec2) {
    return switch (ec2) {
      case "arm64", "arm64_mac" -> "arm64";
      case "i386" -> "386";
      default -> "amd64";
    };
  }
}
