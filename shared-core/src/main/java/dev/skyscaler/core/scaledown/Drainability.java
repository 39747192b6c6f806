package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Cluster Autoscaler's drainability rules ({@code simulator/drainability/rules}), evaluated in CA's
 * order; the first rule with an opinion decides:
 *
 * <ol>
 *   <li>mirror (static) pod: skipped — neither moved nor blocking;
 *   <li>terminating for longer than its grace period + 30s: skipped;
 *   <li>with {@code --skip-nodes-with-custom-controller-pods}: a ReplicaSet or
 *       ReplicationController pod with fewer than {@code --min-replica-count} replicas blocks;
 *   <li>DaemonSet pod: evicted with the node, never rescheduled;
 *   <li>{@code safe-to-evict: "true"}: moved (the rules below, PDBs included, are skipped);
 *   <li>terminal (Succeeded, Failed): skipped — it needs no new home;
 *   <li>{@code safe-to-evict: "on-completion"}: blocks while it runs;
 *   <li>no controller (or, with {@code --skip-nodes-with-custom-controller-pods}, a controller that
 *       is not a ReplicaSet, ReplicationController, Job or StatefulSet): blocks;
 *   <li>with {@code --skip-nodes-with-system-pods}: a kube-system pod no PDB covers blocks until it
 *       is older than {@code --blocking-system-pod-distruption-timeout};
 *   <li>{@code safe-to-evict: "false"}: blocks;
 *   <li>with {@code --skip-nodes-with-local-storage}: a local volume (emptyDir on disk, hostPath)
 *       not listed in {@code safe-to-evict-local-volumes} blocks;
 *   <li>a PodDisruptionBudget covering the pod with no disruption left blocks.
 * </ol>
 *
 * Otherwise the pod is moved.
 */
final class Drainability {
  static final String SAFE_TO_EVICT = "cluster-autoscaler.kubernetes.io/safe-to-evict";
  static final String SAFE_TO_EVICT_LOCAL_VOLUMES =
      "cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes";
  static final String KUBE_SYSTEM = "kube-system";

  /** CA's {@code PodLongTerminatingExtraThreshold}. */
  static final Duration LONG_TERMINATING_EXTRA = Duration.ofSeconds(30);

  private static final Set<String> REPLICATED_KINDS =
      Set.of("ReplicationController", "Job", "ReplicaSet", "StatefulSet");
  private static final Set<String> REPLICA_COUNTED_KINDS =
      Set.of("ReplicationController", "ReplicaSet");

  /** What a drain does with a pod. */
  enum Outcome {
    /** Rescheduled elsewhere: evicted, and the simulation must find it a place. */
    MOVE,
    /** A DaemonSet pod: evicted with the node, never rescheduled. */
    DAEMON_SET,
    /** Neither moved nor blocking. */
    SKIP,
    /** Keeps the node. */
    BLOCK
  }

  /** The outcome for one pod; {@code reason} is set for {@link Outcome#BLOCK} only. */
  record Verdict(Outcome outcome, BlockingPodReason reason) {
    static final Verdict MOVE = new Verdict(Outcome.MOVE, null);
    static final Verdict DAEMON_SET = new Verdict(Outcome.DAEMON_SET, null);
    static final Verdict SKIP = new Verdict(Outcome.SKIP, null);

    static Verdict block(BlockingPodReason reason) {
      return new Verdict(Outcome.BLOCK, Objects.requireNonNull(reason));
    }

    boolean blocks() {
      return outcome == Outcome.BLOCK;
    }
  }

  private final ScaleDownOptions options;
  private final PdbBudget pdbs;
  private final Supplier<Map<String, Integer>> countReplicas;
  private Map<String, Integer> replicasByOwner;
  private final Instant now;

  /**
   * @param replicasByOwner live pods per controller ({@link #ownerKey}), standing in for the
   *     controllers' replica counts, which the snapshot does not have
   */
  Drainability(
      ScaleDownOptions options, PdbBudget pdbs, Map<String, Integer> replicasByOwner, Instant now) {
    this(options, pdbs, () -> replicasByOwner, now);
  }

  /**
   * The rules for a snapshot's pods; the replicas per controller are counted only if a rule needs
   * them ({@code --skip-nodes-with-custom-controller-pods} with {@code --min-replica-count} above
   * 0, which CA's defaults are not).
   */
  static Drainability of(ScaleDownOptions options, PdbBudget pdbs, List<Pod> pods, Instant now) {
    return new Drainability(options, pdbs, () -> replicasByOwner(pods), now);
  }

  private Drainability(
      ScaleDownOptions options,
      PdbBudget pdbs,
      Supplier<Map<String, Integer>> countReplicas,
      Instant now) {
    this.options = options;
    this.pdbs = pdbs;
    this.countReplicas = countReplicas;
    this.now = now;
  }

  /** Live (not finished) pods per controller, by {@link #ownerKey}. */
  static Map<String, Integer> replicasByOwner(List<Pod> pods) {
    Map<String, Integer> counts = new HashMap<>();
    for (Pod p : pods) {
      if (p.owner().isPresent() && !p.isTerminal()) {
        counts.merge(ownerKey(p), 1, Integer::sum);
      }
    }
    return counts;
  }

  /**
   * The verdict for {@code pod}.
   *
   * @param budget the PDB disruptions left to this candidate, or null to leave PDBs to the Eviction
   *     API (a drain under way: each eviction takes a disruption and the next waits for it)
   */
  Verdict check(Pod pod, PdbBudget.Draft budget) {
    if (pod.isMirror() || isLongTerminating(pod, now)) {
      return Verdict.SKIP;
    }
    if (options.skipNodesWithCustomControllerPods() && tooFewReplicas(pod)) {
      return Verdict.block(BlockingPodReason.MIN_REPLICAS_REACHED);
    }
    if (pod.isDaemonSetPod()) {
      return Verdict.DAEMON_SET;
    }
    String safeToEvict = pod.annotations().get(SAFE_TO_EVICT);
    if ("true".equals(safeToEvict)) {
      return Verdict.MOVE;
    }
    if (pod.isTerminal()) {
      return Verdict.SKIP;
    }
    if ("on-completion".equals(safeToEvict)) {
      return Verdict.block(BlockingPodReason.BLOCKED_BY_ON_COMPLETION_POD);
    }
    return blockingChecks(pod, safeToEvict, budget);
  }

  private Verdict blockingChecks(Pod pod, String safeToEvict, PdbBudget.Draft budget) {
    if (!isReplicated(pod)) {
      return Verdict.block(BlockingPodReason.NOT_REPLICATED);
    }
    if (options.skipNodesWithSystemPods()
        && KUBE_SYSTEM.equals(pod.namespace())
        && !pdbs.covers(pod)
        && Duration.between(pod.creationTime(), now)
                .compareTo(options.blockingSystemPodDisruptionTimeout())
            < 0) {
      return Verdict.block(BlockingPodReason.UNMOVABLE_KUBE_SYSTEM_POD);
    }
    if ("false".equals(safeToEvict)) {
      return Verdict.block(BlockingPodReason.NOT_SAFE_TO_EVICT_ANNOTATION);
    }
    if (options.skipNodesWithLocalStorage() && hasBlockingLocalStorage(pod)) {
      return Verdict.block(BlockingPodReason.LOCAL_STORAGE_REQUESTED);
    }
    if (budget != null && !budget.allows(pod)) {
      return Verdict.block(BlockingPodReason.NOT_ENOUGH_PDB);
    }
    return Verdict.MOVE;
  }

  private boolean isReplicated(Pod pod) {
    if (pod.owner().isEmpty()) {
      return false;
    }
    return !options.skipNodesWithCustomControllerPods()
        || REPLICATED_KINDS.contains(pod.owner().get().kind());
  }

  private boolean tooFewReplicas(Pod pod) {
    if (options.minReplicaCount() == 0
        || pod.owner().isEmpty()
        || !REPLICA_COUNTED_KINDS.contains(pod.owner().get().kind())) {
      return false;
    }
    if (replicasByOwner == null) {
      replicasByOwner = countReplicas.get();
    }
    return replicasByOwner.getOrDefault(ownerKey(pod), 0) < options.minReplicaCount();
  }

  /** The controller a pod belongs to, as a key: namespace, kind and name. */
  static String ownerKey(Pod pod) {
    return pod.owner()
        .map(o -> pod.namespace() + "/" + o.kind() + "/" + o.name())
        .orElse(pod.key());
  }

  /**
   * CA's {@code HasBlockingLocalStorage}: the annotation lists volume names separated by commas,
   * taken literally ({@code "a, b"} names {@code " b"}).
   */
  static boolean hasBlockingLocalStorage(Pod pod) {
    if (pod.localStorageVolumes().isEmpty()) {
      return false;
    }
    String listed = pod.annotations().getOrDefault(SAFE_TO_EVICT_LOCAL_VOLUMES, "");
    Set<String> safe = new HashSet<>(Arrays.asList(listed.split(",", -1)));
    for (String volume : pod.localStorageVolumes()) {
      if (!safe.contains(volume)) {
        return true;
      }
    }
    return false;
  }

  /**
   * CA's {@code IsPodLongTerminating}: deleted longer ago than its grace period plus 30 seconds.
   * Such a pod is as good as gone.
   */
  static boolean isLongTerminating(Pod pod, Instant now) {
    Optional<Instant> deleted = pod.deletionTime();
    return deleted.isPresent()
        && deleted
            .get()
            .plusSeconds(pod.terminationGracePeriodSeconds())
            .plus(LONG_TERMINATING_EXTRA)
            .isBefore(now);
  }
}
