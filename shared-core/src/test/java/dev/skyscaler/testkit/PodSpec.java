package dev.skyscaler.testkit;

import dev.skyscaler.core.model.HostPort;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.NodeSelectorTerm;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.Quantity;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Fluent pod builder for tests. A pod is pending (unschedulable) unless placed with {@link
 * #on(String)}, belongs to ReplicaSet {@code <name>} unless told otherwise, and lives in {@code
 * default}.
 */
public final class PodSpec {
  private final Pod.Builder b;
  private long cpu;
  private long memory;
  private long storage;
  private final Map<String, Long> extended = new TreeMap<>();
  private final List<NodeSelectorTerm.Requirement> nodeReqs = new ArrayList<>();
  private final List<PodAffinityTerm> affinity = new ArrayList<>();
  private final List<PodAffinityTerm> anti = new ArrayList<>();
  private final List<Toleration> tolerations = new ArrayList<>();
  private final List<TopologySpreadConstraint> spread = new ArrayList<>();
  private final List<HostPort> ports = new ArrayList<>();
  private final Map<String, String> nodeSelector = new HashMap<>();
  private final List<NodeSelectorTerm> extraTerms = new ArrayList<>();

  PodSpec(String name) {
    b = Pod.builder("default", name).uid("uid-" + name).unschedulable(true);
    b.owner(new OwnerReference("ReplicaSet", name, "rs-" + name));
  }

  public PodSpec namespace(String ns) {
    b.namespace(ns);
    return this;
  }

  public PodSpec cpu(String q) {
    cpu = Quantity.parseMilli(q);
    return this;
  }

  public PodSpec memory(String q) {
    memory = Quantity.parseUnits(q);
    return this;
  }

  public PodSpec ephemeralStorage(String q) {
    storage = Quantity.parseUnits(q);
    return this;
  }

  public PodSpec gpu(int count) {
    return resource("nvidia.com/gpu", Integer.toString(count));
  }

  public PodSpec resource(String name, String q) {
    extended.put(name, Quantity.parseUnits(q));
    return this;
  }

  public PodSpec label(String k, String v) {
    b.label(k, v);
    return this;
  }

  public PodSpec annotation(String k, String v) {
    b.annotation(k, v);
    return this;
  }

  /** Owned by a controller of this kind and name (the uid is derived from both). */
  public PodSpec ownedBy(String kind, String name) {
    b.owner(new OwnerReference(kind, name, kind + "-" + name));
    return this;
  }

  public PodSpec noOwner() {
    b.owner(null);
    return this;
  }

  public PodSpec daemonSet(String name) {
    return ownedBy("DaemonSet", name);
  }

  public PodSpec mirror() {
    b.owner(new OwnerReference("Node", "node", "node"));
    return annotation(Pod.MIRROR_ANNOTATION, "hash");
  }

  /** Bound to a node and running. */
  public PodSpec on(String node) {
    b.nodeName(node).phase(PodPhase.RUNNING).unschedulable(false);
    return this;
  }

  /** Pending but not (yet) marked unschedulable by the scheduler. */
  public PodSpec unprocessed() {
    b.unschedulable(false);
    return this;
  }

  public PodSpec phase(PodPhase p) {
    b.phase(p);
    return this;
  }

  public PodSpec nominatedTo(String node) {
    b.nominatedNodeName(node);
    return this;
  }

  public PodSpec priority(int p) {
    b.priority(p);
    return this;
  }

  /** {@code spec.terminationGracePeriodSeconds}. */
  public PodSpec grace(long seconds) {
    b.terminationGracePeriodSeconds(seconds);
    return this;
  }

  public PodSpec createdAt(Instant t) {
    b.creationTime(t);
    return this;
  }

  public PodSpec nodeSelector(String k, String v) {
    nodeSelector.put(k, v);
    return this;
  }

  /** A required node affinity requirement (ANDed into a single term). */
  public PodSpec requireNode(String key, NodeSelectorTerm.Operator op, String... values) {
    nodeReqs.add(new NodeSelectorTerm.Requirement(key, op, List.of(values)));
    return this;
  }

  /**
   * A further required node affinity term, ORed with the term {@link #requireNode} builds and with
   * other terms added here.
   */
  public PodSpec nodeAffinityTerm(NodeSelectorTerm term) {
    extraTerms.add(term);
    return this;
  }

  public PodSpec tolerate(String key, String value, TaintEffect effect) {
    tolerations.add(new Toleration(key, Toleration.Operator.EQUAL, value, effect));
    return this;
  }

  public PodSpec tolerateExists(String key) {
    tolerations.add(new Toleration(key, Toleration.Operator.EXISTS, "", null));
    return this;
  }

  /** Any toleration, e.g. one with an effect but no value. */
  public PodSpec toleration(Toleration t) {
    tolerations.add(t);
    return this;
  }

  /** The empty-key {@code Exists} toleration, which tolerates every taint. */
  public PodSpec tolerateAll() {
    return toleration(new Toleration("", Toleration.Operator.EXISTS, "", null));
  }

  /** Required anti-affinity to pods carrying {@code k=v}, per {@code topologyKey}. */
  public PodSpec antiAffinity(String topologyKey, String k, String v) {
    anti.add(new PodAffinityTerm(LabelSelector.of(Map.of(k, v)), Set.of(), false, topologyKey));
    return this;
  }

  /** Any required anti-affinity term (namespaces, selectors with expressions). */
  public PodSpec antiAffinity(PodAffinityTerm term) {
    anti.add(term);
    return this;
  }

  /** Any required affinity term (namespaces, selectors with expressions). */
  public PodSpec affinity(PodAffinityTerm term) {
    affinity.add(term);
    return this;
  }

  /** Required affinity to pods carrying {@code k=v}, per {@code topologyKey}. */
  public PodSpec affinity(String topologyKey, String k, String v) {
    affinity.add(new PodAffinityTerm(LabelSelector.of(Map.of(k, v)), Set.of(), false, topologyKey));
    return this;
  }

  /** A DoNotSchedule spread constraint over pods carrying {@code k=v}. */
  public PodSpec spread(String topologyKey, int maxSkew, String k, String v) {
    spread.add(
        new TopologySpreadConstraint(
            maxSkew, topologyKey, true, LabelSelector.of(Map.of(k, v)), 1, true, false));
    return this;
  }

  public PodSpec spread(TopologySpreadConstraint c) {
    spread.add(c);
    return this;
  }

  public PodSpec hostPort(int port) {
    ports.add(new HostPort("TCP", null, port));
    return this;
  }

  /** A host port with its protocol and host IP (null IP = 0.0.0.0). */
  public PodSpec hostPort(String protocol, String hostIp, int port) {
    ports.add(new HostPort(protocol, hostIp, port));
    return this;
  }

  /** Being deleted since {@code t} (a deletion timestamp is set). */
  public PodSpec deletingAt(Instant t) {
    b.deletionTime(t);
    return this;
  }

  public PodSpec localStorage(String volume) {
    b.localStorageVolumes(List.of(volume));
    return this;
  }

  public Pod build() {
    b.requests(new Resources(cpu, memory, storage, 1, extended));
    b.nodeSelector(nodeSelector);
    List<NodeSelectorTerm> terms = new ArrayList<>();
    if (!nodeReqs.isEmpty()) {
      terms.add(new NodeSelectorTerm(nodeReqs, List.of()));
    }
    terms.addAll(extraTerms);
    b.requiredNodeAffinity(terms);
    b.affinity(affinity).antiAffinity(anti).tolerations(tolerations);
    b.topologySpread(spread).hostPorts(ports);
    return b.build();
  }

  private int copies = 1;

  /** Makes this spec stand for {@code count} pods named {@code <name>-0..n-1} of one controller. */
  public PodSpec times(int count) {
    copies = count;
    return this;
  }

  /** The pod, or its copies when {@link #times} was given. */
  public List<Pod> buildAll() {
    Pod proto = build();
    if (copies == 1) {
      return List.of(proto);
    }
    List<Pod> pods = new ArrayList<>(copies);
    for (int i = 0; i < copies; i++) {
      pods.add(proto.toBuilder().name(proto.name() + "-" + i).uid(proto.uid() + "-" + i).build());
    }
    return pods;
  }
}
