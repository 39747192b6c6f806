package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.core.model.PodTotals;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * An in-memory cluster the planner schedules pods into, with kube-scheduler's filters: the
 * node-local ones ({@link SchedulingChecks}) plus host ports, required inter-pod affinity and
 * anti-affinity (any topology key, both directions) and DoNotSchedule topology spread, counting
 * every eligible node's domain as kube-scheduler does.
 *
 * <p>Nodes added after {@link #beginScratch()} form a scratch layer: an estimate builds on it and
 * then {@link #discardScratch()} forgets it or {@link #commitScratch()} keeps it.
 */
public final class ClusterSimulation {
  private final List<SimNode> world = new ArrayList<>();
  private final List<SimNode> scratch = new ArrayList<>();
  private final Map<String, SimNode> byName = new HashMap<>();
  private final DomainIndex domains = new DomainIndex(world, scratch);
  private final Map<PodClass, long[]> spreadTargets = new HashMap<>();
  private boolean inScratch;

  /** Adds a node; during a scratch phase it joins the scratch layer. */
  public SimNode addNode(
      String name,
      Map<String, String> labels,
      List<Taint> taints,
      boolean unschedulable,
      String group,
      SimNode.Kind kind,
      Resources allocatable) {
    if (byName.containsKey(name)) {
      throw new IllegalArgumentException("simulated node " + name + " exists already");
    }
    SimNode n =
        new SimNode(
            name,
            labels,
            taints,
            unschedulable,
            group,
            inScratch ? SimNode.Kind.SCRATCH : kind,
            allocatable);
    (inScratch ? scratch : world).add(n);
    byName.put(name, n);
    domains.nodeAdded(n);
    return n;
  }

  public List<SimNode> nodes() {
    return Collections.unmodifiableList(world);
  }

  public List<SimNode> scratchNodes() {
    return Collections.unmodifiableList(scratch);
  }

  public Optional<SimNode> node(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Records a pod that already runs on {@code n}, whether or not it would fit. */
  public void placeExisting(Pod pod, SimNode n) {
    n.add(pod, 1);
    domains.placed(n, pod, 1);
  }

  /**
   * Records pods that already run on {@code n}, in order, as {@link #placeExisting(Pod, SimNode)}.
   */
  public void placeExisting(List<Pod> pods, SimNode n) {
    n.reserve(pods.size());
    for (Pod p : pods) {
      placeExisting(p, n);
    }
  }

  /**
   * Records the pods among {@code pods} that {@code counts} accepts as running on {@code n}, in
   * order, as {@link #placeExisting(Pod, SimNode)}: loading a cluster without a filtered copy of
   * each node's pods.
   */
  public void placeExisting(List<Pod> pods, SimNode n, Predicate<Pod> counts) {
    n.reserve(pods.size());
    for (Pod p : pods) {
      if (counts.test(p)) {
        placeExisting(p, n);
      }
    }
  }

  /**
   * As {@link #placeExisting(List, SimNode, Predicate)}, given what the pods {@code counts} accepts
   * add up to. When none of them asks for a host port or an extended resource or has anti-affinity,
   * and no topology domain is counted yet, their room is taken from the totals and the pods are
   * listed on the node only when a domain count first asks: loading a big cluster then costs a step
   * per node, not per pod. (Only on a node with nothing placed yet; otherwise pod by pod.)
   *
   * @param totals the totals of exactly the pods {@code counts} accepts among {@code pods}
   */
  public void placeExisting(List<Pod> pods, SimNode n, Predicate<Pod> counts, PodTotals totals) {
    if (totals.hostPorts()
        || totals.extendedResources()
        || totals.antiAffinity()
        || domains.counting()
        || !n.empty()) {
      placeExisting(pods, n, counts);
    } else {
      n.addUnlisted(pods, counts, totals);
    }
  }

  /** Places {@code count} pods of the class on {@code n}; the caller checked {@link #fit}. */
  public void place(PodClass c, SimNode n, int count) {
    if (count > 0) {
      n.add(c.exemplar(), count);
      domains.placed(n, c.exemplar(), count);
    }
  }

  /**
   * Takes {@code count} pods off a world node, the reverse of placing them: their room, host ports
   * and topology counts are given back. {@code exemplar} is the object that was placed (the pod for
   * {@link #placeExisting}, the class exemplar for {@link #place}). Removal simulations use it to
   * move pods off a node and to undo a move that did not work out.
   *
   * @throws IllegalArgumentException when fewer such pods are placed on {@code n}
   * @throws IllegalStateException for a scratch node (discard the scratch instead)
   */
  public void unplace(Pod exemplar, SimNode n, int count) {
    if (n.kind() == SimNode.Kind.SCRATCH) {
      throw new IllegalStateException("pods are not taken off scratch nodes: discard the scratch");
    }
    if (count > 0) {
      n.remove(exemplar, count);
      domains.unplaced(n, exemplar, count);
    }
  }

  /** Why the class may never go on {@code n} whatever else runs there, or null. */
  public String staticReason(PodClass c, SimNode n) {
    return SchedulingChecks.staticReason(
        c.exemplar(), n.name(), n.labels(), n.taints(), n.unschedulable());
  }

  /**
   * How many pods of the class fit on {@code n} now, at most {@code want}, given that {@link
   * #staticReason} passed: free resources, host ports, affinity, anti-affinity and spread.
   */
  public int fit(PodClass c, SimNode n, int want) {
    long k = SchedulingChecks.resourceFit(c.requests(), n, want);
    if (k == 0) {
      return 0;
    }
    Pod p = c.exemplar();
    if (!p.hostPorts().isEmpty()) {
      if (portConflict(p, n)) {
        return 0;
      }
      k = 1;
    }
    if (c.domainSensitive() || domains.repelledByExisting(p, n)) {
      k = Math.min(k, domainFit(c, n, k));
    }
    return (int) k;
  }

  /**
   * How many pods of the class the node's topology domains admit, resources aside: 0 when affinity
   * or anti-affinity rule the node out, the spread room otherwise (Long.MAX_VALUE when unbounded).
   * Callers check {@link #staticReason} first.
   */
  public long domainRoom(PodClass c, SimNode n) {
    return domainFit(c, n, Long.MAX_VALUE);
  }

  /** The reason {@link #fit} returns 0 for one pod of the class, or null when one fits. */
  public String reason(PodClass c, SimNode n) {
    String r = staticReason(c, n);
    if (r != null) {
      return r;
    }
    if (!c.exemplar().hostPorts().isEmpty() && portConflict(c.exemplar(), n)) {
      return SchedulingChecks.HOST_PORTS;
    }
    r = SchedulingChecks.resourceReason(c.requests(), n);
    if (r != null) {
      return r;
    }
    return domainReason(c, n);
  }

  private static boolean portConflict(Pod p, SimNode n) {
    for (var want : p.hostPorts()) {
      for (var used : n.usedPorts()) {
        if (want.conflictsWith(used)) {
          return true;
        }
      }
    }
    return false;
  }

  private long domainFit(PodClass c, SimNode n, long k) {
    if (domainReason(c, n) != null) {
      return 0;
    }
    if (c.selfAntiAffine()) {
      k = Math.min(k, 1);
    }
    List<TopologySpreadConstraint> spread = c.exemplar().topologySpread();
    for (int i = 0; i < spread.size() && k > 0; i++) {
      TopologySpreadConstraint t = spread.get(i);
      if (t.doNotSchedule()) {
        k = Math.min(k, spreadRoom(c, i, t, n));
      }
    }
    return k;
  }

  /**
   * kube-scheduler's PodTopologySpread and InterPodAffinity filters for one more pod, in its plugin
   * order so that the first failure is the reason it would give.
   */
  private String domainReason(PodClass c, SimNode n) {
    Pod p = c.exemplar();
    List<TopologySpreadConstraint> spread = p.topologySpread();
    for (int i = 0; i < spread.size(); i++) {
      TopologySpreadConstraint t = spread.get(i);
      if (!t.doNotSchedule()) {
        continue;
      }
      if (!n.labels().containsKey(t.topologyKey())) {
        return SchedulingChecks.SPREAD_MISSING_LABEL;
      }
      if (spreadRoom(c, i, t, n) == 0) {
        return SchedulingChecks.SPREAD;
      }
    }
    if (!p.affinity().isEmpty() && !affinitySatisfied(c, n)) {
      return SchedulingChecks.AFFINITY;
    }
    for (PodAffinityTerm t : p.antiAffinity()) {
      String d = n.labels().get(t.topologyKey());
      if (d != null && domains.counts(termKey(t, p)).get(d) > 0) {
        return SchedulingChecks.ANTI_AFFINITY;
      }
    }
    if (domains.repelledByExisting(p, n)) {
      return SchedulingChecks.EXISTING_ANTI_AFFINITY;
    }
    return null;
  }

  /**
   * kube-scheduler's required pod affinity: the node has every term's topology key and, for every
   * term, its domain holds a pod matching all the terms; or no pod anywhere matches all the terms
   * and the pod matches them itself (the first of a self-affine group).
   */
  private boolean affinitySatisfied(PodClass c, SimNode n) {
    Pod p = c.exemplar();
    boolean inEveryDomain = true;
    boolean anyAnywhere = false;
    for (PodAffinityTerm t : p.affinity()) {
      String d = n.labels().get(t.topologyKey());
      if (d == null) {
        return false;
      }
      DomainIndex.Counts counts = domains.counts(affinityKey(t, p));
      inEveryDomain &= counts.get(d) > 0;
      anyAnywhere |= counts.total() > 0;
    }
    return inEveryDomain || (!anyAnywhere && p.affinity().stream().allMatch(c::selects));
  }

  /**
   * Counts, per domain of {@code t}, the pods matching all the owner's affinity terms: with several
   * terms kube-scheduler only counts a pod that matches every one of them.
   */
  private static CountKey affinityKey(PodAffinityTerm t, Pod owner) {
    List<PodAffinityTerm> terms = owner.affinity();
    if (terms.size() == 1) {
      return termKey(t, owner);
    }
    List<LabelSelector.Requirement> all = new ArrayList<>();
    Set<String> namespaces = null;
    for (PodAffinityTerm term : terms) {
      term.selector()
          .matchLabels()
          .forEach(
              (k, v) ->
                  all.add(new LabelSelector.Requirement(k, LabelSelector.Operator.IN, Set.of(v))));
      all.addAll(term.selector().matchExpressions());
      if (!term.everyNamespace()) {
        Set<String> own = new HashSet<>(term.namespacesFor(owner.namespace()));
        namespaces = namespaces == null ? new HashSet<>(own) : namespaces;
        namespaces.retainAll(own);
      }
    }
    return new CountKey(
        new LabelSelector(Map.of(), all),
        namespaces == null ? Set.of() : namespaces,
        namespaces == null,
        t.topologyKey(),
        null);
  }

  /**
   * How many more matching pods the node's domain takes before the skew would exceed maxSkew: with
   * m the minimum over the other domains, a domain may hold m + maxSkew. A domain count below
   * minDomains makes the global minimum 0, as in kube-scheduler.
   */
  private long spreadRoom(PodClass c, int index, TopologySpreadConstraint t, SimNode n) {
    Pod p = c.exemplar();
    String d = n.labels().get(t.topologyKey());
    if (d == null) {
      return 0;
    }
    DomainIndex.Counts counts = domains.counts(spreadKey(t, p));
    long here = counts.get(d);
    long others = counts.minExcluding(d);
    if (counts.domainCount() < t.minDomains() || newNodeOfItsOwn(t, n)) {
      others = 0;
    }
    boolean selfMatch = t.selector().matches(p.labels());
    if (!selfMatch) {
      long min = Math.min(here, others);
      return here - min <= t.maxSkew() ? Long.MAX_VALUE : 0;
    }
    long[] targets = spreadTargets.get(c);
    if (targets != null && targets[index] > 0) {
      return Math.max(0, targets[index] - here);
    }
    return others == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, others + t.maxSkew() - here);
  }

  /**
   * True for a node the plan adds (upcoming, planned or an estimate's) whose domain is the node
   * itself. kube-scheduler binds once the plan's nodes are up, and any of them the pod's node
   * affinity admits is then a domain of its own, perhaps empty: so the minimum is taken as 0, and a
   * new node holds at most maxSkew matching pods. Without this, the first new node of an empty
   * cluster (no other domain yet) would take every pod, and the nodes added after it would leave
   * the final state past the skew.
   */
  private static boolean newNodeOfItsOwn(TopologySpreadConstraint t, SimNode n) {
    return n.kind() != SimNode.Kind.EXISTING && Node.HOSTNAME_LABEL.equals(t.topologyKey());
  }

  /**
   * Lets the estimator plan spread pods towards an even final state: the domain of a node may fill
   * up to {@code target} matching pods even where the strict rule, which only sees the domains that
   * exist now, would allow fewer. Cleared by {@link #clearSpreadTargets()}.
   */
  public void setSpreadTarget(PodClass c, int constraintIndex, long target) {
    spreadTargets
            .computeIfAbsent(c, k -> new long[c.exemplar().topologySpread().size()])[
            constraintIndex] =
        target;
  }

  public void clearSpreadTargets() {
    spreadTargets.clear();
  }

  /** Current matching-pod count per domain for a spread constraint of the class. */
  public long spreadCount(PodClass c, int constraintIndex, String domain) {
    return domains
        .counts(spreadKey(c.exemplar().topologySpread().get(constraintIndex), c.exemplar()))
        .get(domain);
  }

  /** Matching-pod counts per domain (every eligible domain, zeros included) for a constraint. */
  public Map<String, Long> spreadCounts(PodClass c, int constraintIndex) {
    return domains
        .counts(spreadKey(c.exemplar().topologySpread().get(constraintIndex), c.exemplar()))
        .snapshot();
  }

  private static CountKey termKey(PodAffinityTerm t, Pod owner) {
    return new CountKey(
        t.selector(),
        t.namespacesFor(owner.namespace()),
        t.everyNamespace(),
        t.topologyKey(),
        null);
  }

  private static CountKey spreadKey(TopologySpreadConstraint t, Pod p) {
    CountKey.NodeFilter filter =
        new CountKey.NodeFilter(
            t.honorNodeAffinity() ? p.nodeSelector() : Map.of(),
            t.honorNodeAffinity() ? p.requiredNodeAffinity() : List.of(),
            p.tolerations(),
            t.honorNodeTaints(),
            hardSpreadKeys(p));
    return new CountKey(
        t.selector(), java.util.Set.of(p.namespace()), false, t.topologyKey(), filter);
  }

  private static Set<String> hardSpreadKeys(Pod p) {
    Set<String> keys = new HashSet<>();
    for (TopologySpreadConstraint t : p.topologySpread()) {
      if (t.doNotSchedule()) {
        keys.add(t.topologyKey());
      }
    }
    return keys;
  }

  public void beginScratch() {
    if (inScratch) {
      throw new IllegalStateException("a scratch phase is already open");
    }
    inScratch = true;
  }

  /** Forgets every scratch node and placement. */
  public void discardScratch() {
    for (SimNode n : scratch) {
      byName.remove(n.name());
    }
    scratch.clear();
    domains.discardScratch();
    inScratch = false;
  }

  /** Keeps the scratch nodes as world nodes of {@code kind}. */
  public void commitScratch(SimNode.Kind kind) {
    for (SimNode n : scratch) {
      n.kind(kind);
      world.add(n);
    }
    scratch.clear();
    domains.commitScratch();
    inScratch = false;
  }
}
