package dev.skyscaler.core.scaledown;

/**
 * Why a node of a managed group cannot be removed, under the names Cluster Autoscaler gives them
 * ({@code UnremovableReason} in CA's {@code simulator/cluster.go}).
 */
public enum UnremovableReason {
  /** A removal of the node is under way (Skyscaler's drain, or a deletion taint being cleared). */
  CURRENTLY_BEING_DELETED("CurrentlyBeingDeleted"),
  /** The group is at its minimum size, counting the removals already chosen. */
  NODE_GROUP_MIN_SIZE_REACHED("NodeGroupMinSizeReached"),
  /**
   * Removing it would take the cluster below {@code --cores-total}, {@code --memory-total} or a
   * {@code --gpu-total} minimum.
   */
  MINIMAL_RESOURCE_LIMIT_EXCEEDED("MinimalResourceLimitExceeded"),
  /**
   * The simulation found it unremovable less than {@code --unremovable-node-recheck-timeout} ago.
   */
  RECENTLY_UNREMOVABLE("RecentlyUnremovable"),
  /** {@code cluster-autoscaler.kubernetes.io/scale-down-disabled: "true"}. */
  SCALE_DOWN_DISABLED_ANNOTATION("ScaleDownDisabledAnnotation"),
  /** Unready, and {@code --scale-down-unready-enabled=false}. */
  SCALE_DOWN_UNREADY_DISABLED("ScaleDownUnreadyDisabled"),
  /** Not considered for another reason: the node is still starting. */
  NOT_UNNEEDED_OTHER_REASON("NotUnneededOtherReason"),
  /** Its utilisation is above the threshold. */
  NOT_UNDERUTILIZED("NotUnderutilized"),
  /** A pod on it must not be moved; the pod and its reason are given. */
  BLOCKED_BY_POD("BlockedByPod"),
  /** Its pods do not all fit on the other nodes. */
  NO_PLACE_TO_MOVE_PODS("NoPlaceToMovePods"),
  /** Its utilisation cannot be computed (no allocatable cpu or memory). */
  UNEXPECTED_ERROR("UnexpectedError");

  private final String caName;

  UnremovableReason(String caName) {
    this.caName = caName;
  }

  /** The name CA uses in its status, metrics and logs. */
  public String caName() {
    return caName;
  }
}
