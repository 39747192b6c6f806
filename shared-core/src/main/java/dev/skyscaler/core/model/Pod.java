package dev.skyscaler.core.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A pod as the scaling core sees it: identity, placement, and the scheduling-relevant part of its
 * spec, with {@code requests} already effective (max of init containers and the sum of app
 * containers, plus overhead) and always claiming one pod slot.
 *
 * <p>Built with {@link #builder(String, String)}: most fields are optional.
 *
 * @param terminationGracePeriodSeconds {@code spec.terminationGracePeriodSeconds} (30 when unset):
 *     how long the pod may take to stop once evicted
 */
public record Pod(
    String namespace,
    String name,
    String uid,
    Map<String, String> labels,
    Map<String, String> annotations,
    Optional<OwnerReference> owner,
    Optional<String> nodeName,
    PodPhase phase,
    boolean unschedulable,
    Optional<String> nominatedNodeName,
    Resources requests,
    int priority,
    String schedulerName,
    Map<String, String> nodeSelector,
    List<NodeSelectorTerm> requiredNodeAffinity,
    List<PodAffinityTerm> affinity,
    List<PodAffinityTerm> antiAffinity,
    List<Toleration> tolerations,
    List<TopologySpreadConstraint> topologySpread,
    List<HostPort> hostPorts,
    List<String> localStorageVolumes,
    Instant creationTime,
    Optional<Instant> deletionTime,
    long terminationGracePeriodSeconds) {

  public static final String MIRROR_ANNOTATION = "kubernetes.io/config.mirror";

  /** Kubernetes' default {@code spec.terminationGracePeriodSeconds}. */
  public static final long DEFAULT_GRACE_PERIOD_SECONDS = 30;

  public Pod {
    requireName(namespace, "namespace");
    requireName(name, "name");
    uid = uid == null ? "" : uid;
    labels = Map.copyOf(labels);
    annotations = Map.copyOf(annotations);
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(nodeName, "nodeName");
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(nominatedNodeName, "nominatedNodeName");
    requests = Objects.requireNonNull(requests, "requests").withPods(1);
    schedulerName = schedulerName == null ? "default-scheduler" : schedulerName;
    nodeSelector = Map.copyOf(nodeSelector);
    requiredNodeAffinity = List.copyOf(requiredNodeAffinity);
    affinity = List.copyOf(affinity);
    antiAffinity = List.copyOf(antiAffinity);
    tolerations = List.copyOf(tolerations);
    topologySpread = List.copyOf(topologySpread);
    hostPorts = List.copyOf(hostPorts);
    localStorageVolumes = List.copyOf(localStorageVolumes);
    Objects.requireNonNull(creationTime, "creationTime");
    Objects.requireNonNull(deletionTime, "deletionTime");
    if (terminationGracePeriodSeconds < 0) {
      throw new IllegalArgumentException(
          "pod " + namespace + "/" + name + ": terminationGracePeriodSeconds cannot be negative");
    }
  }

  private static void requireName(String value, String field) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("pod " + field + " must not be blank");
    }
  }

  /** {@code namespace/name}, the way users name a pod. */
  public String key() {
    return namespace + "/" + name;
  }

  public boolean isDaemonSetPod() {
    return owner.map(OwnerReference::isDaemonSet).orElse(false);
  }

  public boolean isMirror() {
    return annotations.containsKey(MIRROR_ANNOTATION);
  }

  public boolean isTerminal() {
    return phase == PodPhase.SUCCEEDED || phase == PodPhase.FAILED;
  }

  public boolean isScheduled() {
    return nodeName.isPresent();
  }

  /** The same pod bound to {@code node} (what the simulation and the scheduler do). */
  public Pod boundTo(String node) {
    return toBuilder().nodeName(node).unschedulable(false).phase(PodPhase.RUNNING).build();
  }

  public static Builder builder(String namespace, String name) {
    return new Builder(namespace, name);
  }

  public Builder toBuilder() {
    Builder b = new Builder(namespace, name);
    b.uid = uid;
    b.labels = new HashMap<>(labels);
    b.annotations = new HashMap<>(annotations);
    b.owner = owner.orElse(null);
    b.nodeName = nodeName.orElse(null);
    b.phase = phase;
    b.unschedulable = unschedulable;
    b.nominatedNodeName = nominatedNodeName.orElse(null);
    b.requests = requests;
    b.priority = priority;
    b.schedulerName = schedulerName;
    b.nodeSelector = new HashMap<>(nodeSelector);
    b.requiredNodeAffinity = new ArrayList<>(requiredNodeAffinity);
    b.affinity = new ArrayList<>(affinity);
    b.antiAffinity = new ArrayList<>(antiAffinity);
    b.tolerations = new ArrayList<>(tolerations);
    b.topologySpread = new ArrayList<>(topologySpread);
    b.hostPorts = new ArrayList<>(hostPorts);
    b.localStorageVolumes = new ArrayList<>(localStorageVolumes);
    b.creationTime = creationTime;
    b.deletionTime = deletionTime.orElse(null);
    b.terminationGracePeriodSeconds = terminationGracePeriodSeconds;
    return b;
  }

  /** Builder for {@link Pod}; every field but namespace and name has a Kubernetes default. */
  public static final class Builder {
    private String namespace;
    private String name;
    private String uid = "";
    private Map<String, String> labels = new HashMap<>();
    private Map<String, String> annotations = new HashMap<>();
    private OwnerReference owner;
    private String nodeName;
    private PodPhase phase = PodPhase.PENDING;
    private boolean unschedulable;
    private String nominatedNodeName;
    private Resources requests = Resources.ZERO;
    private int priority;
    private String schedulerName;
    private Map<String, String> nodeSelector = new HashMap<>();
    private List<NodeSelectorTerm> requiredNodeAffinity = new ArrayList<>();
    private List<PodAffinityTerm> affinity = new ArrayList<>();
    private List<PodAffinityTerm> antiAffinity = new ArrayList<>();
    private List<Toleration> tolerations = new ArrayList<>();
    private List<TopologySpreadConstraint> topologySpread = new ArrayList<>();
    private List<HostPort> hostPorts = new ArrayList<>();
    private List<String> localStorageVolumes = new ArrayList<>();
    private Instant creationTime = Instant.EPOCH;
    private Instant deletionTime;
    private long terminationGracePeriodSeconds = DEFAULT_GRACE_PERIOD_SECONDS;

    private Builder(String namespace, String name) {
      this.namespace = namespace;
      this.name = name;
    }

    public Builder namespace(String v) {
      namespace = v;
      return this;
    }

    public Builder name(String v) {
      name = v;
      return this;
    }

    public Builder uid(String v) {
      uid = v;
      return this;
    }

    public Builder labels(Map<String, String> v) {
      labels = new HashMap<>(v);
      return this;
    }

    public Builder label(String k, String v) {
      labels.put(k, v);
      return this;
    }

    public Builder annotations(Map<String, String> v) {
      annotations = new HashMap<>(v);
      return this;
    }

    public Builder annotation(String k, String v) {
      annotations.put(k, v);
      return this;
    }

    public Builder owner(OwnerReference v) {
      owner = v;
      return this;
    }

    public Builder nodeName(String v) {
      nodeName = v;
      return this;
    }

    public Builder phase(PodPhase v) {
      phase = v;
      return this;
    }

    public Builder unschedulable(boolean v) {
      unschedulable = v;
      return this;
    }

    public Builder nominatedNodeName(String v) {
      nominatedNodeName = v;
      return this;
    }

    public Builder requests(Resources v) {
      requests = v;
      return this;
    }

    public Builder priority(int v) {
      priority = v;
      return this;
    }

    public Builder schedulerName(String v) {
      schedulerName = v;
      return this;
    }

    public Builder nodeSelector(Map<String, String> v) {
      nodeSelector = new HashMap<>(v);
      return this;
    }

    public Builder requiredNodeAffinity(List<NodeSelectorTerm> v) {
      requiredNodeAffinity = new ArrayList<>(v);
      return this;
    }

    public Builder affinity(List<PodAffinityTerm> v) {
      affinity = new ArrayList<>(v);
      return this;
    }

    public Builder antiAffinity(List<PodAffinityTerm> v) {
      antiAffinity = new ArrayList<>(v);
      return this;
    }

    public Builder tolerations(List<Toleration> v) {
      tolerations = new ArrayList<>(v);
      return this;
    }

    public Builder topologySpread(List<TopologySpreadConstraint> v) {
      topologySpread = new ArrayList<>(v);
      return this;
    }

    public Builder hostPorts(List<HostPort> v) {
      hostPorts = new ArrayList<>(v);
      return this;
    }

    public Builder localStorageVolumes(List<String> v) {
      localStorageVolumes = new ArrayList<>(v);
      return this;
    }

    public Builder creationTime(Instant v) {
      creationTime = v;
      return this;
    }

    public Builder deletionTime(Instant v) {
      deletionTime = v;
      return this;
    }

    public Builder terminationGracePeriodSeconds(long v) {
      terminationGracePeriodSeconds = v;
      return this;
    }

    public Pod build() {
      return new Pod(
          namespace,
          name,
          uid,
          labels,
          annotations,
          Optional.ofNullable(owner),
          Optional.ofNullable(nodeName),
          phase,
          unschedulable,
          Optional.ofNullable(nominatedNodeName),
          requests,
          priority,
          schedulerName,
          nodeSelector,
          requiredNodeAffinity,
          affinity,
          antiAffinity,
          tolerations,
          topologySpread,
          hostPorts,
          localStorageVolumes,
          creationTime,
          Optional.ofNullable(deletionTime),
          terminationGracePeriodSeconds);
    }
  }
}
