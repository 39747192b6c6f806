package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.asg.AutoScalingGroup.LaunchTemplateRef;
import dev.skyscaler.aws.eks.ManagedNodegroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Builds the scale-from-zero template of a group, as CA's AWS provider does: the instance type from
 * the first mixed-instances override, else the launch template, else the launch configuration; its
 * hardware from DescribeInstanceTypes turned into allocatable resources by {@link
 * EksNodeAllocatable}; the well-known labels of a node of that type in the group's first zone; then
 * the node-template tags on top; then, for an EKS managed node group, what EKS puts on its nodes
 * (its labels, taints and capacity type, and the {@code resources/*} tags of the node group
 * itself). EKS's values win over the tags' as in CA ({@code
 * joinNodeLabelsChoosingUserValuesOverAPIValues} copies EKS's labels last): they are what the nodes
 * will really carry.
 */
final class AsgTemplates {
  static final String CAPACITY_TYPE_LABEL = "eks.amazonaws.com/capacityType";
  static final String EKS_NODEGROUP_TAG = "eks:nodegroup-name";
  static final String EKS_CLUSTER_TAG = "eks:cluster-name";
  private static final String NODEGROUP_LABEL = "eks.amazonaws.com/nodegroup";
  private static final String RESOURCES_TAG = NodeTemplateTags.PREFIX + "resources/";

  private final AsgGateway gateway;
  private final Ec2Gateway ec2;
  private final String region;
  private final PriceTable prices;

  AsgTemplates(AsgGateway gateway, Ec2Gateway ec2, String region, PriceTable prices) {
    this.gateway = gateway;
    this.ec2 = ec2;
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
      spec = memo.computeIfAbsent(ref, ec2::launchTemplate);
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
   * @param managed what EKS says about the managed node group behind the group, if it is one and
   *     EKS answered
   * @param hardware the instance types EC2 knows
   * @throws AsgConfigException when EC2 does not know the instance type, or a {@code resources/*}
   *     tag of the managed node group is not a quantity
   */
  Shape shape(
      AutoScalingGroup g,
      Launch launch,
      NodeTemplateTags tags,
      Optional<ManagedNodegroup> managed,
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
    List<Taint> taints = tags.taints();
    if (managed.isPresent()) {
      ManagedNodegroup m = managed.get();
      capacity = nodegroupResources(g, m).applyTo(capacity);
      labels.putAll(eksLabels(m));
      taints = withEksTaints(taints, m.taints());
    }
    return new Shape(
        new NodeTemplate(capacity, labels, taints),
        prices.price(launch.instanceType(), launch.spot()));
  }

  /** The labels EKS gives every node of the group. */
  private static Map<String, String> eksLabels(ManagedNodegroup m) {
    Map<String, String> labels = new HashMap<>();
    labels.put(NODEGROUP_LABEL, m.name());
    if (!m.capacityType().isEmpty()) {
      labels.put(CAPACITY_TYPE_LABEL, m.capacityType());
    }
    labels.putAll(m.labels());
    return labels;
  }

  /** The tags' taints and EKS's; EKS's wins where both set a key with the same effect. */
  private static List<Taint> withEksTaints(List<Taint> tagTaints, List<Taint> eksTaints) {
    Map<String, Taint> byKeyAndEffect = new LinkedHashMap<>();
    for (Taint t : tagTaints) {
      byKeyAndEffect.put(t.key() + ":" + t.effect(), t);
    }
    for (Taint t : eksTaints) {
      byKeyAndEffect.put(t.key() + ":" + t.effect(), t);
    }
    return new ArrayList<>(byKeyAndEffect.values());
  }

  /**
   * The {@code resources/*} node-template tags of the managed node group itself: EKS does not copy
   * a node group's tags to its Auto Scaling Group, so CA reads them from DescribeNodegroup too.
   */
  private static NodeTemplateTags nodegroupResources(AutoScalingGroup g, ManagedNodegroup m) {
    Map<String, String> resources = new TreeMap<>();
    m.tags()
        .forEach(
            (k, v) -> {
              if (k.startsWith(RESOURCES_TAG)) {
                resources.put(k, v);
              }
            });
    return NodeTemplateTags.parse(g.name() + " (EKS node group " + m.name() + ")", resources);
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
      labels.put(NODEGROUP_LABEL, managedGroup);
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
