package dev.skyscaler.core.interruption;

import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.InterruptionState;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the interruption policy decided in one scan.
 *
 * @param actions taints, cordons, evictions, lifecycle completions, replacements and events, in the
 *     order to carry them out
 * @param next the state to keep for the next scan
 * @param outcomes one per notice passed in (and per node condition newly acted on), in that order
 * @param nodesLeaving nodes of the snapshot that are going away: they are not capacity, and their
 *     pods will need a place ({@link ReplacementAccounting#scaleUpView})
 * @param expectedReplacements per node group, how many of its leaving nodes the cloud replaces (the
 *     group keeps its target size), so those replacements count as upcoming nodes
 * @param holding nodes whose record keeps them tainted and cordoned after this scan: no other
 *     policy may lift their cordon
 */
public record InterruptionDecision(
    List<Action> actions,
    InterruptionState next,
    List<NoticeOutcome> outcomes,
    Set<String> nodesLeaving,
    Map<String, Integer> expectedReplacements,
    Set<String> holding) {
  public InterruptionDecision {
    actions = List.copyOf(actions);
    outcomes = List.copyOf(outcomes);
    nodesLeaving = Collections.unmodifiableSet(new TreeSet<>(nodesLeaving));
    expectedReplacements = Collections.unmodifiableMap(new TreeMap<>(expectedReplacements));
    holding = Collections.unmodifiableSet(new TreeSet<>(holding));
  }
}
