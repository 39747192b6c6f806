package dev.skyscaler.core.scaleup.balance;

import dev.skyscaler.core.model.NodeGroup;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;

/**
 * Spreads a scale-up over similar node groups so they stay the same size, as CA's {@code
 * BalanceScaleUpBetweenGroups} does: one node at a time goes to the group that is currently
 * smallest (ties broken by group name), and a group at its max size takes no more.
 */
public final class BalancedSplit {
  private BalancedSplit() {}

  /**
   * How many nodes each group gets. The total is {@code delta}, or less when the groups cannot take
   * that many (at most Σ(max − target)).
   *
   * @param delta nodes to add, at least 0
   * @param groups the chosen group and the groups similar to it, with distinct names
   * @return the groups that get at least one node, with their increase, ordered by group name
   */
  public static Map<String, Integer> split(int delta, List<NodeGroup> groups) {
    if (delta < 0) {
      throw new IllegalArgumentException("balanced split: delta must be at least 0, was " + delta);
    }
    checkDistinct(groups);
    Map<String, Integer> size = new HashMap<>();
    PriorityQueue<NodeGroup> open =
        new PriorityQueue<>(
            Comparator.comparingInt((NodeGroup g) -> size.get(g.name()))
                .thenComparing(NodeGroup::name));
    for (NodeGroup g : groups) {
      size.put(g.name(), g.targetSize());
      if (g.targetSize() < g.maxSize()) {
        open.add(g);
      }
    }
    Map<String, Integer> added = new TreeMap<>();
    for (int i = 0; i < delta && !open.isEmpty(); i++) {
      NodeGroup smallest = open.poll();
      int grown = size.merge(smallest.name(), 1, Integer::sum);
      added.merge(smallest.name(), 1, Integer::sum);
      if (grown < smallest.maxSize()) {
        open.add(smallest);
      }
    }
    return Collections.unmodifiableMap(new LinkedHashMap<>(added));
  }

  private static void checkDistinct(List<NodeGroup> groups) {
    Set<String> seen = new HashSet<>();
    for (NodeGroup g : groups) {
      if (!seen.add(g.name())) {
        throw new IllegalArgumentException(
            "balanced split: node group " + g.name() + " is listed twice");
      }
    }
  }
}
