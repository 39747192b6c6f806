package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scaleup.expander.ExpanderChain;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.EquivalenceClasses;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Scale-up (docs/algorithm.md §6–15): select the pending pods, drop those that fit existing or
 * upcoming nodes, then in rounds: estimate every group (FFD), let the expander chain choose, split
 * across similar groups when balancing, add the planned nodes and schedule onto them — until no
 * group helps any pod still pending. Unlike CA's one option per loop, one scan plans CPU and GPU
 * pods across groups together. Pods left over get a reason per group.
 *
 * <p>One instance plans one scan; it is not thread-safe.
 */
public final class ScaleUpPlanner {
  private static final int MAX_ROUNDS = 10_000;

  private final ClusterSnapshot snapshot;
  private final ScaleUpOptions options;
  private final Map<String, GroupTemplate> templates;
  private final Set<String> backedOff;
  private final FirstFitDecreasingEstimator.NodeFactory factory =
      new FirstFitDecreasingEstimator.NodeFactory();
  private final ScaleUpLimits limits;
  private final Instant now;
  private ClusterSimulation sim;
  private final PendingPods.Selection selection;
  private final List<PodClass> classes;
  private final int[] remaining;
  private final Map<String, Integer> planned = new LinkedHashMap<>();
  private final Set<String> balancedNodes = new HashSet<>();
  private final List<Assignment> assignments = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();

  /** A run of pods of one class placed on one simulated node. */
  record Assignment(PodClass podClass, int from, int count, SimNode node) {}

  public ScaleUpPlanner(ClusterSnapshot snapshot, ScaleUpOptions options, Instant now) {
    this(snapshot, options, now, Set.of());
  }

  /**
   * @param backedOff node groups in backoff after a failed scale-up: they get no node and their
   *     requested capacity is not counted as upcoming (CA's {@code filterValidScaleUpNodeGroups}
   *     and upcoming-node count)
   */
  public ScaleUpPlanner(
      ClusterSnapshot snapshot, ScaleUpOptions options, Instant now, Set<String> backedOff) {
    this.backedOff = Set.copyOf(backedOff);
    this.snapshot = snapshot;
    this.options = options;
    this.templates = GroupTemplates.build(snapshot, options.taints());
    this.limits = new ScaleUpLimits(options);
    this.now = now;
    java.util.Set<String> nodeNames = new HashSet<>();
    snapshot.nodes().forEach(n -> nodeNames.add(n.name()));
    // the bound pods are never pending: select among the others only
    this.selection = PendingPods.select(snapshot.podsByNode().unbound(), nodeNames, options, now);
    this.classes = EquivalenceClasses.of(selection.pending());
    this.remaining = new int[classes.size()];
    for (PodClass c : classes) {
      remaining[c.id()] = c.size();
    }
    warnings.addAll(ExpanderChain.configurationWarnings(options));
    for (NodeGroup g : snapshot.nodeGroups()) {
      if (!templates.containsKey(g.name())) {
        warnings.add(
            "node group " + g.name() + " has no usable node and no template: it cannot scale up");
      }
    }
  }

  /** Runs the rounds; call once. */
  public ScaleUpPlanner plan() {
    ExpanderChain chain = ExpanderChain.from(options);
    if (classes.isEmpty()) {
      return this; // nothing pending: no simulation to load, no round to run
    }
    scheduleOnWorld(classes, sim().nodes());
    int firstOfRounds = assignments.size();
    for (int round = 0; round < MAX_ROUNDS && anyRemaining(); round++) {
      List<ExpansionOption> candidates = expansionOptions();
      if (candidates.isEmpty()) {
        break;
      }
      ExpanderChain.Choice choice = chain.choose(candidates);
      choice.warnings().stream().filter(w -> !warnings.contains(w)).forEach(warnings::add);
      if (choice.best().isEmpty()) {
        break;
      }
      ExpansionOption best = choice.best().get();
      List<PodClass> order = new ArrayList<>(classes);
      order.sort(FirstFitDecreasingEstimator.decreasing(best.template().allocatable()));
      int before = assignments.size();
      if (!addBalancedNodes(best, candidates)) {
        packChosenGroup(best);
      }
      scheduleOnNewNodes(order);
      if (assignments.size() == before) {
        break; // the estimate and the placement disagree; stop rather than loop
      }
    }
    sim().clearSpreadTargets();
    SpreadTrim.apply(sim(), classes, remaining, assignments, firstOfRounds);
    return this;
  }

  private boolean anyRemaining() {
    for (int r : remaining) {
      if (r > 0) {
        return true;
      }
    }
    return false;
  }

  int headroom(GroupTemplate t) {
    NodeGroup g = t.group();
    if (backedOff.contains(g.name())) {
      return 0;
    }
    int p = planned.getOrDefault(g.name(), 0);
    long room = (long) g.maxSize() - g.targetSize() - p;
    room = Math.min(room, (long) options.maxNodesPerScaleUp() - p);
    room = Math.min(room, limits.headroom(t.allocatable()));
    return (int) Math.max(0, room);
  }

  private Set<PodClass> cpuHomed = Set.of();

  /** GPU sparing: a class needing no GPU opens GPU nodes only when no CPU group can host it. */
  private boolean mayOpen(GroupTemplate t, PodClass c) {
    return !t.hasGpu() || c.needsGpu() || !cpuHomed.contains(c);
  }

  private List<ExpansionOption> expansionOptions() {
    SpreadTargets.apply(sim(), classes, remaining, templates.values(), this::headroom);
    useRoomTheTargetsOpen();
    cpuHomed = classesWithANonGpuHome();
    List<ExpansionOption> result = new ArrayList<>();
    for (GroupTemplate t : templates.values()) {
      int room = headroom(t);
      if (room == 0) {
        continue;
      }
      var estimate =
          FirstFitDecreasingEstimator.estimate(
              sim(), t, classes, remaining, room, c -> mayOpen(t, c), factory);
      if (estimate.nodeCount() > 0) {
        result.add(new ExpansionOption(t, estimate.nodeCount(), podsOf(estimate.placed())));
      }
    }
    return result;
  }

  /**
   * Spread targets let a domain fill past the strict rule of the moment, and an existing or
   * upcoming node there may have the room: pods of domain-sensitive classes go there before any
   * node is bought for them.
   */
  private void useRoomTheTargetsOpen() {
    List<SimNode> world = null;
    for (PodClass c : classes) {
      if (remaining[c.id()] > 0 && c.domainSensitive()) {
        if (world == null) {
          world = new ArrayList<>();
          for (SimNode n : sim().nodes()) {
            if (n.kind() != SimNode.Kind.PLANNED) {
              world.add(n);
            }
          }
        }
        place(c, world);
      }
    }
  }

  /** Classes that need no GPU and fit a fresh node of some non-GPU group with room. */
  private Set<PodClass> classesWithANonGpuHome() {
    Set<PodClass> homed = new HashSet<>();
    for (GroupTemplate t : templates.values()) {
      if (t.hasGpu() || headroom(t) == 0) {
        continue;
      }
      var room = t.allocatable().minusFloor(t.daemonSetOverhead());
      for (PodClass c : classes) {
        if (!c.needsGpu()
            && remaining[c.id()] > 0
            && c.requests().fitsIn(room)
            && FirstFitDecreasingEstimator.fitsTemplate(c, t)) {
          homed.add(c);
        }
      }
    }
    return homed;
  }

  private List<Pod> podsOf(Map<PodClass, Integer> placed) {
    List<Pod> pods = new ArrayList<>();
    placed.entrySet().stream()
        .sorted(Comparator.comparingInt(e -> e.getKey().id()))
        .forEach(
            e -> {
              PodClass c = e.getKey();
              int from = c.size() - remaining[c.id()];
              pods.addAll(c.pods().subList(from, from + e.getValue()));
            });
    return pods;
  }

  /** Packs the chosen option's group with {@link NodePacker}. */
  private void packChosenGroup(ExpansionOption best) {
    GroupTemplate t = best.template();
    var packed =
        NodePacker.pack(sim(), t, classes, remaining, headroom(t), c -> mayOpen(t, c), factory);
    for (var pl : packed.placements()) {
      assignments.add(new Assignment(pl.podClass(), pl.from(), pl.count(), pl.node()));
    }
    planned.merge(t.groupName(), packed.opened(), Integer::sum);
    limits.add(t.allocatable(), packed.opened());
  }

  /** Adds the nodes of a balanced split, empty; false when there is nothing to split. */
  private boolean addBalancedNodes(ExpansionOption best, List<ExpansionOption> candidates) {
    List<PodClass> pending = classes.stream().filter(c -> remaining[c.id()] > 0).toList();
    Map<String, Integer> split =
        SimilarGroupSplit.of(best, candidates, options, pending, planned, this::headroom);
    for (var e : split.entrySet()) {
      GroupTemplate t = templates.get(e.getKey());
      for (int i = 0; i < e.getValue(); i++) {
        balancedNodes.add(factory.add(sim(), t, SimNode.Kind.PLANNED).name());
      }
      planned.merge(e.getKey(), e.getValue(), Integer::sum);
      limits.add(t.allocatable(), e.getValue());
    }
    return !split.isEmpty();
  }

  /**
   * Drops the pods that fit the cluster as it is and will be: first the registered nodes, first fit
   * in the pods' order (kube-scheduler's queue); then the nodes requested earlier and still
   * booting, packed per group the way scale-up packed them when it requested them ({@link
   * BootingPlacement}). First fit there would let a pod take the room another was planned for, and
   * the next scan would request that room again.
   */
  private void scheduleOnWorld(List<PodClass> order, List<SimNode> nodes) {
    List<SimNode> registered = new ArrayList<>();
    Map<String, List<SimNode>> booting = new LinkedHashMap<>();
    for (SimNode n : nodes) {
      if (n.kind() == SimNode.Kind.UPCOMING && templates.containsKey(n.group())) {
        booting.computeIfAbsent(n.group(), g -> new ArrayList<>()).add(n);
      } else {
        registered.add(n);
      }
    }
    for (PodClass c : order) {
      place(c, registered);
    }
    if (booting.isEmpty()) {
      return;
    }
    for (var pl : BootingPlacement.place(sim(), templates, order, remaining, booting, factory)) {
      assignments.add(new Assignment(pl.podClass(), pl.from(), pl.count(), pl.node()));
    }
  }

  /**
   * Schedules onto the nodes just added; pods with affinity or spread also retry every node, since
   * new nodes can change which domains they may use.
   */
  private void scheduleOnNewNodes(List<PodClass> order) {
    List<SimNode> candidates = new ArrayList<>();
    for (SimNode n : sim().nodes()) {
      if (n.kind() == SimNode.Kind.PLANNED) {
        candidates.add(n);
      }
    }
    for (PodClass c : order) {
      if (remaining[c.id()] > 0) {
        place(c, c.domainSensitive() ? sim().nodes() : candidates);
      }
    }
  }

  private void place(PodClass c, List<SimNode> nodes) {
    var r = c.requests();
    ClusterSimulation s = sim();
    for (int i = 0; i < nodes.size() && remaining[c.id()] > 0; i++) {
      SimNode n = nodes.get(i);
      if (!mightFit(r, n) || s.staticReason(c, n) != null) {
        continue;
      }
      int k = s.fit(c, n, remaining[c.id()]);
      if (k > 0) {
        int from = c.size() - remaining[c.id()];
        s.place(c, n, k);
        remaining[c.id()] -= k;
        assignments.add(new Assignment(c, from, k, n));
      }
    }
  }

  /** A cheap pre-check: only resources the pod asks for can rule a node out (kube-scheduler). */
  static boolean mightFit(dev.skyscaler.core.model.Resources r, SimNode n) {
    return n.freePods() >= 1
        && (r.cpu() == 0 || n.freeCpu() >= r.cpu())
        && (r.memory() == 0 || n.freeMemory() >= r.memory());
  }

  /** The scale-ups: nodes that received pods (all nodes of a balanced split). */
  public List<ScaleUp> scaleUps() {
    Map<String, List<String>> pods = new LinkedHashMap<>();
    Map<String, Set<String>> usedNodes = new LinkedHashMap<>();
    for (Assignment a : assignments) {
      SimNode n = a.node();
      if (n.kind() != SimNode.Kind.PLANNED) {
        continue;
      }
      usedNodes.computeIfAbsent(n.group(), k -> new HashSet<>()).add(n.name());
      List<String> list = pods.computeIfAbsent(n.group(), k -> new ArrayList<>());
      for (Pod p : a.podClass().pods().subList(a.from(), a.from() + a.count())) {
        list.add(p.key());
      }
    }
    for (SimNode n : balancedNodes.isEmpty() ? List.<SimNode>of() : sim().nodes()) {
      if (balancedNodes.contains(n.name())) {
        usedNodes.computeIfAbsent(n.group(), k -> new HashSet<>()).add(n.name());
      }
    }
    List<ScaleUp> result = new ArrayList<>();
    usedNodes.keySet().stream()
        .sorted()
        .forEach(
            g ->
                result.add(
                    new ScaleUp(
                        g,
                        usedNodes.get(g).size(),
                        templates.get(g).group().targetSize(),
                        pods.getOrDefault(g, List.of()))));
    return result;
  }

  public List<String> warnings() {
    return List.copyOf(warnings);
  }

  /** Pods still pending after every round, with the reason each group could not help. */
  public List<NoScaleUp> noScaleUps() {
    List<NoScaleUp> result = new ArrayList<>();
    for (PodClass c : classes) {
      if (remaining[c.id()] == 0) {
        continue;
      }
      Map<String, String> reasons = reasons(c);
      for (Pod p : c.pods().subList(c.size() - remaining[c.id()], c.size())) {
        NoScaleUp n = new NoScaleUp(p.key(), reasons);
        reasons = n.reasons(); // copied once, then shared by the class's other pods
        result.add(n);
      }
    }
    return result;
  }

  /** Per group: why the class gets no (further) node there. */
  Map<String, String> reasons(PodClass c) {
    return new NoScaleUpReasons(
            sim(), templates, factory, limits, options, this::headroom, planned, backedOff)
        .of(c, snapshot.nodeGroups());
  }

  ClusterSimulation simulation() {
    return sim();
  }

  /**
   * The cluster loaded into a simulation, on first use: a scan with no pod to help never needs it,
   * and loading places every running pod.
   */
  private ClusterSimulation sim() {
    if (sim == null) {
      sim = SimulatedCluster.load(snapshot, templates, options, now, factory, limits, backedOff);
    }
    return sim;
  }

  PendingPods.Selection selection() {
    return selection;
  }

  List<PodClass> classes() {
    return classes;
  }

  List<Assignment> assignments() {
    return assignments;
  }

  Map<String, GroupTemplate> templates() {
    return templates;
  }
}
