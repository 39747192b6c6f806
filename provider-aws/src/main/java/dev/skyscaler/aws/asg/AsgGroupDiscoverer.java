package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.asg.AsgTemplates.Launch;
import dev.skyscaler.aws.asg.AsgTemplates.Shape;
import dev.skyscaler.aws.asg.AutoScalingGroup.AsgInstance;
import dev.skyscaler.aws.asg.AutoScalingGroup.LaunchTemplateRef;
import dev.skyscaler.aws.eks.ManagedNodegroup;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.cloud.TerminationWait;
import dev.skyscaler.core.config.NodeGroupSpec;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One discovery pass over the Auto Scaling Groups: lists the groups (by tags and by name), resolves
 * their templates with as few calls as the caches allow (one DescribeInstanceTypes for every new
 * type, one DescribeLaunchTemplateVersions per template), indexes the nodes by instance id once,
 * and turns each group into a {@link NodeGroup} and its instances into {@link CloudInstance}s. A
 * group whose configuration is bad is left out with a warning; the others carry on. A group backing
 * an EKS managed node group (tags {@code eks:cluster-name} and {@code eks:nodegroup-name}) also
 * gets what EKS puts on its nodes, described once per {@link ManagedNodegroupCache#TTL}; when EKS
 * cannot say (access denied, no such node group), the group keeps a template without it and a
 * warning names the group and the node group.
 */
final class AsgGroupDiscoverer {
  private final AsgGateway gateway;
  private final Ec2Gateway ec2;
  private final AsgProviderOptions options;
  private final AsgTemplates templates;
  private final ManagedNodegroupCache managedNodegroups;
  private final Clock clock;

  AsgGroupDiscoverer(AsgGateways gateways, AsgProviderOptions options, Clock clock) {
    this.gateway = gateways.autoscaling();
    this.ec2 = gateways.ec2();
    this.options = options;
    this.templates = new AsgTemplates(gateway, gateways.ec2(), options.region(), options.prices());
    this.managedNodegroups = new ManagedNodegroupCache(gateways.eks()::describeNodegroup, clock);
    this.clock = clock;
  }

  /** Describes the selected groups, each once, sorted by name. */
  List<AutoScalingGroup> listGroups(List<String> warnings) {
    Map<String, AutoScalingGroup> byName = new TreeMap<>();
    for (Map<String, String> spec : options.discovery().tagSpecs()) {
      gateway.describeByTags(spec).forEach(g -> byName.put(g.name(), g));
    }
    List<String> named = options.discovery().explicit().stream().map(NodeGroupSpec::name).toList();
    if (!named.isEmpty()) {
      gateway.describeByNames(named).forEach(g -> byName.put(g.name(), g));
      for (String name : named) {
        if (!byName.containsKey(name)) {
          warnings.add("ASG " + name + " (--nodes) does not exist");
        }
      }
    }
    return List.copyOf(byName.values());
  }

  /** The selected groups and the instances each lists (one describe pass). */
  GroupMembership membership() {
    Set<String> names = new TreeSet<>();
    Map<String, String> byInstance = new HashMap<>();
    for (AutoScalingGroup g : listGroups(new ArrayList<>())) {
      names.add(g.name());
      g.instances().forEach(i -> byInstance.put(i.instanceId(), g.name()));
    }
    return new GroupMembership(names, byInstance);
  }

  AsgDiscovery discover(List<Node> nodes) {
    return readCloud().match(nodes);
  }

  /**
   * Everything discovery asks of AWS that does not depend on the cluster: the groups, their launch
   * templates, instance types and EKS node groups, and so each group's template and price.
   */
  CloudState readCloud() {
    List<String> warnings = new ArrayList<>();
    List<AutoScalingGroup> groups = listGroups(warnings);

    Map<String, Prepared> prepared = new LinkedHashMap<>();
    Map<LaunchTemplateRef, LaunchSpec> memo = new HashMap<>();
    for (AutoScalingGroup g : groups) {
      try {
        checkBounds(g);
        NodeTemplateTags tags = NodeTemplateTags.parse(g.name(), g.tags());
        warnings.addAll(tags.notes());
        prepared.put(g.name(), new Prepared(g, tags, templates.launch(g, memo)));
      } catch (AsgConfigException e) {
        warnings.add(e.getMessage());
      } catch (AsgGatewayException e) {
        if (e.retryable()) {
          throw e;
        }
        warnings.add("ASG " + g.name() + ": " + e.getMessage());
      }
    }
    Set<String> types = new TreeSet<>();
    prepared.values().forEach(p -> types.add(p.launch().instanceType()));
    Map<String, InstanceHardware> hardware = ec2.instanceTypes(types);

    List<Shaped> shaped = new ArrayList<>();
    for (Prepared p : prepared.values()) {
      AutoScalingGroup g = p.group();
      try {
        shaped.add(
            new Shaped(
                g,
                p.tags(),
                templates.shape(g, p.launch(), p.tags(), managedNodegroup(g, warnings), hardware)));
      } catch (AsgConfigException e) {
        warnings.add(e.getMessage());
      } catch (IllegalArgumentException e) {
        warnings.add("ASG " + g.name() + ": " + e.getMessage());
      }
    }
    List<AutoScalingGroup> listed = shaped.stream().map(Shaped::group).toList();
    return new CloudState(shaped, TerminationWaits.of(gateway, listed, warnings), warnings);
  }

  /** The groups as AWS described them, each with its template; {@link #match} adds the nodes. */
  final class CloudState {
    private final List<Shaped> groups;
    private final List<TerminationWait> waits;
    private final List<String> warnings;

    private CloudState(List<Shaped> groups, List<TerminationWait> waits, List<String> warnings) {
      this.groups = List.copyOf(groups);
      this.waits = List.copyOf(waits);
      this.warnings = List.copyOf(warnings);
    }

    /**
     * Each group's members and instances by the nodes' providerIDs. Asks EC2 only for the launch
     * time of instances without a node, and for the latest activity of groups short of their
     * desired capacity.
     */
    AsgDiscovery match(List<Node> nodes) {
      NodeIndex index = new NodeIndex(nodes);
      Map<String, Instant> launchTimes = ec2.launchTimes(index.unregistered(groups));
      List<NodeGroup> result = new ArrayList<>();
      List<CloudInstance> instances = new ArrayList<>();
      Map<String, GroupAutoscalingOptions> groupOptions = new TreeMap<>();
      for (Shaped s : groups) {
        AutoScalingGroup g = s.group();
        Set<String> members = new TreeSet<>();
        for (AsgInstance i : g.instances()) {
          index.node(i.instanceId()).ifPresent(n -> members.add(n.name()));
        }
        result.add(
            new NodeGroup(
                g.name(),
                options.minSize(g),
                options.maxSize(g),
                g.desiredCapacity(),
                members,
                Optional.of(s.shape().template()),
                s.shape().price()));
        instances.addAll(instancesOf(g, index, launchTimes));
        if (!s.tags().options().isEmpty()) {
          groupOptions.put(g.name(), s.tags().options());
        }
      }
      return new AsgDiscovery(new Discovery(result, instances, warnings, waits), groupOptions);
    }
  }

  /** What EKS says about the managed node group behind {@code g}; empty for other groups. */
  private Optional<ManagedNodegroup> managedNodegroup(AutoScalingGroup g, List<String> warnings) {
    String cluster = g.tags().getOrDefault(AsgTemplates.EKS_CLUSTER_TAG, "");
    String nodegroup = g.tags().getOrDefault(AsgTemplates.EKS_NODEGROUP_TAG, "");
    if (cluster.isBlank() || nodegroup.isBlank()) {
      return Optional.empty();
    }
    ManagedNodegroupCache.Answer answer = managedNodegroups.get(cluster, nodegroup);
    if (answer.nodegroup().isEmpty()) {
      warnings.add(
          "ASG "
              + g.name()
              + ": EKS managed node group "
              + nodegroup
              + ": "
              + answer.failure()
              + "; its template lacks the node group's labels and taints");
    }
    return answer.nodegroup();
  }

  /** An explicit group's bounds must lie within the ASG's own, or AWS would refuse our targets. */
  private void checkBounds(AutoScalingGroup g) {
    int min = options.minSize(g);
    int max = options.maxSize(g);
    if (min < g.minSize() || max > g.maxSize()) {
      throw new AsgConfigException(
          "ASG "
              + g.name()
              + ": --nodes "
              + min
              + ":"
              + max
              + ":"
              + g.name()
              + " is outside the ASG's own MinSize "
              + g.minSize()
              + " / MaxSize "
              + g.maxSize()
              + "; widen the ASG or narrow --nodes");
    }
  }

  private List<CloudInstance> instancesOf(
      AutoScalingGroup g, NodeIndex index, Map<String, Instant> launchTimes) {
    List<CloudInstance> result = new ArrayList<>();
    Instant now = clock.instant();
    for (AsgInstance i : g.instances()) {
      Instant launched =
          index
              .node(i.instanceId())
              .map(Node::creationTime)
              .orElseGet(() -> launchTimes.getOrDefault(i.instanceId(), now));
      result.add(
          new CloudInstance(
              g.name(), ProviderIds.of(i.zone(), i.instanceId()), state(i), launched));
    }
    if (g.desiredCapacity() > g.instances().size()) {
      result.addAll(placeholders(g, gateway.latestActivity(g.name()), now));
    }
    return result;
  }

  /**
   * Capacity asked for but not created yet, as CA's placeholders. A failed latest scaling activity
   * (no capacity in the zone, a quota) marks them FAILED, so that the core backs off at once
   * instead of waiting for the provisioning timeout.
   */
  static List<CloudInstance> placeholders(
      AutoScalingGroup g, Optional<ScalingActivity> latest, Instant now) {
    boolean failed = latest.map(ScalingActivity::failed).orElse(false);
    Instant since = failed ? latest.get().startTime() : now;
    String zone = g.zones().isEmpty() ? "" : g.zones().get(0);
    List<CloudInstance> result = new ArrayList<>();
    for (int k = g.instances().size(); k < g.desiredCapacity(); k++) {
      result.add(
          new CloudInstance(
              g.name(),
              ProviderIds.placeholder(zone, g.name(), k),
              failed ? InstanceState.FAILED : InstanceState.PENDING,
              since));
    }
    return result;
  }

  /** The ASG lifecycle states, reduced to the core's four. */
  static InstanceState state(AsgInstance i) {
    String s = i.lifecycleState();
    if (i.leaving()) {
      return InstanceState.TERMINATING;
    }
    if (s.startsWith("Pending") || s.equals("Quarantined")) {
      return InstanceState.PENDING;
    }
    // InService, Standby and the standby transitions: the instance exists and runs.
    return InstanceState.RUNNING;
  }

  private record Prepared(AutoScalingGroup group, NodeTemplateTags tags, Launch launch) {}

  private record Shaped(AutoScalingGroup group, NodeTemplateTags tags, Shape shape) {}

  /** Nodes by the instance id of their providerID, built once per discovery. */
  private static final class NodeIndex {
    private final Map<String, Node> byInstance = new HashMap<>();

    NodeIndex(List<Node> nodes) {
      for (Node n : nodes) {
        ProviderIds.instanceId(n.providerId()).ifPresent(id -> byInstance.put(id, n));
      }
    }

    Optional<Node> node(String instanceId) {
      return Optional.ofNullable(byInstance.get(instanceId));
    }

    /** Instances with no node yet: only for them is the launch time asked of EC2. */
    List<String> unregistered(Iterable<Shaped> groups) {
      List<String> ids = new ArrayList<>();
      for (Shaped s : groups) {
        for (AsgInstance i : s.group().instances()) {
          if (!byInstance.containsKey(i.instanceId())) {
            ids.add(i.instanceId());
          }
        }
      }
      return ids;
    }
  }
}
