package dev.skyscaler.core.scaledown;

/**
 * Why a pod keeps its node, under the names Cluster Autoscaler gives them ({@code
 * BlockingPodReason} in CA's {@code utils/drain}).
 */
public enum BlockingPodReason {
  /**
   * Its ReplicaSet or ReplicationController has fewer replicas than {@code --min-replica-count}.
   */
  MIN_REPLICAS_REACHED("MinReplicasReached"),
  /** {@code safe-to-evict: "on-completion"} and the pod is still running. */
  BLOCKED_BY_ON_COMPLETION_POD("BlockedByOnCompletionPod"),
  /** No controller would recreate it (or, by default, a controller of a custom kind). */
  NOT_REPLICATED("NotReplicated"),
  /** A kube-system pod that no PodDisruptionBudget covers, younger than the timeout. */
  UNMOVABLE_KUBE_SYSTEM_POD("UnmovableKubeSystemPod"),
  /** {@code cluster-autoscaler.kubernetes.io/safe-to-evict: "false"}. */
  NOT_SAFE_TO_EVICT_ANNOTATION("NotSafeToEvictAnnotation"),
  /** An emptyDir on disk or a hostPath volume not listed in {@code safe-to-evict-local-volumes}. */
  LOCAL_STORAGE_REQUESTED("LocalStorageRequested"),
  /** A PodDisruptionBudget covering it has no disruption left. */
  NOT_ENOUGH_PDB("NotEnoughPdb");

  private final String caName;

  BlockingPodReason(String caName) {
    this.caName = caName;
  }

  /** The name CA uses in its status, metrics and logs. */
  public String caName() {
    return caName;
  }
}
