package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Places pending pods on the nodes requested earlier and still booting, packed per group the way
 * scale-up packed them when it requested them ({@link NodePacker#packInto}), so that the next scan
 * does not request that room again (ADR 0025).
 *
 * <p>First the split replay: the pods only one booting group can host, then every pod left, group
 * by group. When that leaves a pod that fits a booting group, the scan that requested the nodes may
 * have packed them otherwise — it packed each chosen group in one pass over every pod still
 * pending, group after group in the order its rounds chose them (ADR 0053) — so each order of the
 * booting groups is replayed that way too, and the replay that leaves the fewest such pods is kept;
 * on a tie, the split replay. Every order is tried for up to {@value #MAX_ORDERED_GROUPS} booting
 * groups (24 replays); past that, the groups' own order only.
 */
final class BootingPlacement {
  static final int MAX_ORDERED_GROUPS = 4;

  private final ClusterSimulation sim;
  private final Map<String, GroupTemplate> templates;
  private final List<PodClass> order;
  private final int[] remaining;
  private final Map<String, List<SimNode>> booting;
  private final FirstFitDecreasingEstimator.NodeFactory factory;

  private BootingPlacement(
      ClusterSimulation sim,
      Map<String, GroupTemplate> templates,
      List<PodClass> order,
      int[] remaining,
      Map<String, List<SimNode>> booting,
      FirstFitDecreasingEstimator.NodeFactory factory) {
    this.sim = sim;
    this.templates = templates;
    this.order = order;
    this.remaining = remaining;
    this.booting = booting;
    this.factory = factory;
  }

  /**
   * Places pods of {@code order} on the {@code booting} nodes of each group, consuming {@code
   * remaining}; returns the placements made.
   */
  static List<NodePacker.Placement> place(
      ClusterSimulation sim,
      Map<String, GroupTemplate> templates,
      List<PodClass> order,
      int[] remaining,
      Map<String, List<SimNode>> booting,
      FirstFitDecreasingEstimator.NodeFactory factory) {
    return new BootingPlacement(sim, templates, order, remaining, booting, factory).place();
  }

  private List<NodePacker.Placement> place() {
    List<NodePacker.Placement> split = split();
    int best = leftThatFit();
    if (best == 0) {
      return split;
    }
    List<String> bestOrder = null;
    undo(split);
    for (List<String> groups : orders()) {
      List<NodePacker.Placement> tried = onePassEach(groups);
      int left = leftThatFit();
      undo(tried);
      if (left < best) {
        best = left;
        bestOrder = groups;
      }
    }
    return bestOrder == null ? split() : onePassEach(bestOrder);
  }

  /** The pods only one booting group can host first, then every pod left; group by group. */
  private List<NodePacker.Placement> split() {
    Map<PodClass, Integer> homes = new HashMap<>();
    for (PodClass c : order) {
      for (String g : booting.keySet()) {
        if (FirstFitDecreasingEstimator.fitsTemplate(c, templates.get(g))) {
          homes.merge(c, 1, Integer::sum);
        }
      }
    }
    List<PodClass> onlyHome = order.stream().filter(c -> homes.getOrDefault(c, 0) == 1).toList();
    List<NodePacker.Placement> placed = new ArrayList<>();
    for (List<PodClass> classes : List.of(onlyHome, order)) {
      for (String g : booting.keySet()) {
        placed.addAll(pack(g, classes));
      }
    }
    return placed;
  }

  /** Each group in {@code groups}' order packed in one pass over every pod still pending. */
  private List<NodePacker.Placement> onePassEach(List<String> groups) {
    List<NodePacker.Placement> placed = new ArrayList<>();
    for (String g : groups) {
      placed.addAll(pack(g, order));
    }
    return placed;
  }

  private List<NodePacker.Placement> pack(String group, List<PodClass> classes) {
    return NodePacker.packInto(
            sim, templates.get(group), classes, remaining, booting.get(group), factory)
        .placements();
  }

  /** Takes the placements back off their nodes, last first. */
  private void undo(List<NodePacker.Placement> placed) {
    for (int i = placed.size() - 1; i >= 0; i--) {
      NodePacker.Placement p = placed.get(i);
      sim.unplace(p.podClass().exemplar(), p.node(), p.count());
      remaining[p.podClass().id()] += p.count();
    }
  }

  /** Pending pods still left that an empty node of some booting group could host. */
  private int leftThatFit() {
    int left = 0;
    for (PodClass c : order) {
      if (remaining[c.id()] > 0
          && booting.keySet().stream()
              .anyMatch(g -> FirstFitDecreasingEstimator.fitsTemplate(c, templates.get(g)))) {
        left += remaining[c.id()];
      }
    }
    return left;
  }

  /** Every order of the booting groups, or only theirs when there are too many. */
  private List<List<String>> orders() {
    List<String> groups = new ArrayList<>(booting.keySet());
    List<List<String>> result = new ArrayList<>();
    if (groups.size() > MAX_ORDERED_GROUPS) {
      result.add(groups);
    } else {
      permute(groups, 0, result);
    }
    return result;
  }

  private static void permute(List<String> groups, int k, List<List<String>> result) {
    if (k == groups.size()) {
      result.add(List.copyOf(groups));
      return;
    }
    for (int i = k; i < groups.size(); i++) {
      java.util.Collections.swap(groups, k, i);
      permute(groups, k + 1, result);
      java.util.Collections.swap(groups, k, i);
    }
  }
}
