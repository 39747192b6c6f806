package dev.skyscaler.core.plan;

import java.util.Objects;
import java.util.Optional;

/**
 * A node of a managed group that cannot be removed, with CA's reason name ({@code
 * NotUnderutilized}, {@code NoPlaceToMovePods}, {@code NodeGroupMinSizeReached}, {@code
 * ScaleDownDisabledAnnotation}, {@code BlockedByPod}, ...) and, for {@code BlockedByPod}, the pod
 * and its reason ({@code NotReplicated}, {@code LocalStorageRequested}, {@code
 * NotSafeToEvictAnnotation}, {@code UnmovableKubeSystemPod}, {@code NotEnoughPdb}, ...).
 */
public record Unremovable(
    String node,
    String nodeGroup,
    String reason,
    Optional<String> blockingPod,
    Optional<String> podReason) {
  public Unremovable {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(blockingPod, "blockingPod");
    Objects.requireNonNull(podReason, "podReason");
  }
}
