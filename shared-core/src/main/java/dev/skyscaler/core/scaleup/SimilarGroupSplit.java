package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.scaleup.balance.BalancedSplit;
import dev.skyscaler.core.scaleup.balance.SimilarNodeGroups;
import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scheduling.PodClass;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * {@code --balance-similar-node-groups}: splits the chosen option's node count across the groups
 * similar to it (CA's rules), smallest group first, each capped by what this scan may still add to
 * it. A similar group must also host every pending class the chosen one hosts (CA: equal pod
 * groups).
 */
final class SimilarGroupSplit {
  private SimilarGroupSplit() {}

  /** Nodes per group, or an empty map when balancing is off or no group is similar. */
  static Map<String, Integer> of(
      ExpansionOption best,
      List<ExpansionOption> candidates,
      ScaleUpOptions options,
      Collection<PodClass> pending,
      Map<String, Integer> planned,
      ToIntFunction<GroupTemplate> headroom) {
    if (!options.balanceSimilarNodeGroups()) {
      return Map.of();
    }
    List<GroupTemplate> others = new ArrayList<>();
    for (ExpansionOption o : candidates) {
      if (!o.groupName().equals(best.groupName())) {
        others.add(o.template());
      }
    }
    List<GroupTemplate> similar =
        SimilarNodeGroups.similarTo(best.template(), others, options).stream()
            .filter(t -> hostsAll(t, best.template(), pending))
            .toList();
    if (similar.isEmpty()) {
      return Map.of();
    }
    List<NodeGroup> groups = new ArrayList<>();
    groups.add(withPlanned(best.template(), planned, headroom));
    similar.forEach(t -> groups.add(withPlanned(t, planned, headroom)));
    return BalancedSplit.split(best.nodeCount(), groups);
  }

  private static boolean hostsAll(
      GroupTemplate t, GroupTemplate chosen, Collection<PodClass> pending) {
    for (PodClass c : pending) {
      if (FirstFitDecreasingEstimator.fitsTemplate(c, chosen)
          && !FirstFitDecreasingEstimator.fitsTemplate(c, t)) {
        return false;
      }
    }
    return true;
  }

  /** The group as balancing sees it: planned nodes counted in, capped by this scan's room. */
  private static NodeGroup withPlanned(
      GroupTemplate t, Map<String, Integer> planned, ToIntFunction<GroupTemplate> headroom) {
    NodeGroup g = t.group();
    int target = g.targetSize() + planned.getOrDefault(g.name(), 0);
    int max = Math.max(target, Math.min(g.maxSize(), target + headroom.applyAsInt(t)));
    return new NodeGroup(
        g.name(),
        Math.min(g.minSize(), max),
        max,
        target,
        g.memberNodes(),
        g.template()
            .or(() -> Optional.of(new NodeTemplate(t.allocatable(), t.labels(), t.taints()))),
        g.price());
  }
}
