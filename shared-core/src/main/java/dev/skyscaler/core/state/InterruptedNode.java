package dev.skyscaler.core.state;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import java.time.Instant;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What is known about one interrupted node: every notice about it folded together. Folding is
 * commutative and idempotent ({@link #merge}), so duplicated and reordered notices end in the same
 * record, and so in the same plan.
 *
 * @param nodeGroup the node's group, empty when it belongs to none
 * @param kinds every kind of notice received
 * @param hardDeadline the earliest deadline that cannot move (spot warning, state change, Azure);
 *     evictions are planned to end before it
 * @param lastDeadline the latest deadline of any notice: the record is forgotten some time after it
 * @param hook the lifecycle hook to complete, if a lifecycle notice came
 * @param replaced a replacement was requested (once, for {@link Kind#AZURE_PREEMPTED})
 */
public record InterruptedNode(
    String node,
    String providerId,
    String nodeGroup,
    Set<Kind> kinds,
    Optional<Instant> hardDeadline,
    Instant lastDeadline,
    Optional<HookState> hook,
    boolean replaced) {

  /** A lifecycle hook and where it stands. */
  public record HookState(LifecycleHook hook, Instant expiresAt, boolean completed) {
    public HookState {
      Objects.requireNonNull(hook, "hook");
      Objects.requireNonNull(expiresAt, "expiresAt");
    }
  }

  public InterruptedNode {
    Objects.requireNonNull(node, "node");
    providerId = providerId == null ? "" : providerId;
    nodeGroup = nodeGroup == null ? "" : nodeGroup;
    kinds =
        Collections.unmodifiableSet(
            kinds.isEmpty() ? EnumSet.noneOf(Kind.class) : EnumSet.copyOf(kinds));
    Objects.requireNonNull(hardDeadline, "hardDeadline");
    Objects.requireNonNull(lastDeadline, "lastDeadline");
    Objects.requireNonNull(hook, "hook");
  }

  /** The record of a first notice about {@code node}. */
  public static InterruptedNode first(
      String node, String providerId, String group, InterruptionNotice n) {
    return new InterruptedNode(
            node,
            providerId,
            group,
            Set.of(),
            Optional.empty(),
            n.deadline(),
            Optional.empty(),
            false)
        .merge(n);
  }

  /** This record with one more notice folded in; equal to this one when it tells nothing new. */
  public InterruptedNode merge(InterruptionNotice n) {
    Set<Kind> k = EnumSet.of(n.kind());
    k.addAll(kinds);
    Optional<Instant> hard = hardDeadline;
    if (n.kind().hardDeadline()) {
      hard = Optional.of(hard.map(h -> min(h, n.deadline())).orElse(n.deadline()));
    }
    Instant last = lastDeadline.isAfter(n.deadline()) ? lastDeadline : n.deadline();
    Optional<HookState> h = hook;
    if (n.hook().isPresent()) {
      HookState offered = new HookState(n.hook().get(), n.deadline(), false);
      h = Optional.of(hook.map(existing -> later(existing, offered)).orElse(offered));
    }
    return new InterruptedNode(node, providerId, nodeGroup, k, hard, last, h, replaced);
  }

  /** Of two hook states, the one that waits longer; the same token keeps its progress. */
  private static HookState later(HookState a, HookState b) {
    if (a.hook().equals(b.hook())) {
      return new HookState(a.hook(), max(a.expiresAt(), b.expiresAt()), a.completed());
    }
    Comparator<HookState> order =
        Comparator.comparing(HookState::expiresAt)
            .thenComparing(s -> s.hook().token(), Comparator.reverseOrder());
    return order.compare(a, b) >= 0 ? a : b;
  }

  /** The kind that says the most about the node's fate: its taint value names it. */
  public Kind dominantKind() {
    return kinds.stream().max(Comparator.naturalOrder()).orElseThrow();
  }

  /** The node will be gone (not just at risk): it is not capacity and its group replaces it. */
  public boolean leaving() {
    return kinds.stream().anyMatch(Kind::terminates);
  }

  /** This record with the lifecycle hook's state replaced. */
  public InterruptedNode withHook(HookState h) {
    return new InterruptedNode(
        node, providerId, nodeGroup, kinds, hardDeadline, lastDeadline, Optional.of(h), replaced);
  }

  /** This record with its replacement requested. */
  public InterruptedNode withReplaced() {
    return new InterruptedNode(
        node, providerId, nodeGroup, kinds, hardDeadline, lastDeadline, hook, true);
  }

  private static Instant min(Instant a, Instant b) {
    return a.isBefore(b) ? a : b;
  }

  private static Instant max(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }
}
