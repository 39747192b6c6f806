package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/**
 * Why a group gives a pending pod no node, in CA's {@code NotTriggerScaleUp} wording and order:
 * first what rules the whole group out (backoff, no template, max size, quotas), then the
 * scheduler's verdict on a fresh node of the group.
 */
final class NoScaleUpReasons {
  static final String NO_TEMPLATE = "node group has no usable node and no template";
  static final String MAX_SIZE = "max node group size reached";
  static final String BACKOFF = "in backoff after failed scale-up";
  static final String GPU_SPARED = "GPU node group kept for pods that need GPUs";

  private final ClusterSimulation sim;
  private final Map<String, GroupTemplate> templates;
  private final FirstFitDecreasingEstimator.NodeFactory factory;
  private final ScaleUpLimits limits;
  private final ScaleUpOptions options;
  private final ToIntFunction<GroupTemplate> headroom;
  private final Map<String, Integer> planned;
  private final Set<String> backedOff;

  NoScaleUpReasons(
      ClusterSimulation sim,
      Map<String, GroupTemplate> templates,
      FirstFitDecreasingEstimator.NodeFactory factory,
      ScaleUpLimits limits,
      ScaleUpOptions options,
      ToIntFunction<GroupTemplate> headroom,
      Map<String, Integer> planned,
      Set<String> backedOff) {
    this.backedOff = backedOff;
    this.sim = sim;
    this.templates = templates;
    this.factory = factory;
    this.limits = limits;
    this.options = options;
    this.headroom = headroom;
    this.planned = planned;
  }

  Map<String, String> of(PodClass c, List<NodeGroup> groups) {
    Map<String, String> reasons = new TreeMap<>();
    for (NodeGroup g : groups) {
      reasons.put(g.name(), reason(c, g));
    }
    return reasons;
  }

  String reason(PodClass c, NodeGroup g) {
    if (backedOff.contains(g.name())) {
      return BACKOFF; // CA leaves such a group out before looking at anything else
    }
    GroupTemplate t = templates.get(g.name());
    if (t == null) {
      return NO_TEMPLATE;
    }
    String scheduler = onFreshNode(c, t);
    if (scheduler != null
        && !scheduler.startsWith("Insufficient")
        && !scheduler.startsWith("Too many")) {
      return scheduler; // taints, selectors, affinity: no size or quota would change that
    }
    int p = planned.getOrDefault(g.name(), 0);
    if (g.targetSize() + p >= g.maxSize()) {
      return MAX_SIZE;
    }
    if (p >= options.maxNodesPerScaleUp()) {
      return "max-nodes-per-scaleup reached (" + options.maxNodesPerScaleUp() + ")";
    }
    String quota = limits.reason(t.allocatable());
    if (quota != null) {
      return quota;
    }
    if (scheduler != null) {
      return scheduler;
    }
    if (t.hasGpu() && !c.needsGpu()) {
      return GPU_SPARED;
    }
    return headroom.applyAsInt(t) == 0
        ? MAX_SIZE
        : "pod fits a new node but another group was chosen";
  }

  /** The scheduler's reason on a fresh node of the group, or null when one pod would fit. */
  private String onFreshNode(PodClass c, GroupTemplate t) {
    sim.beginScratch();
    try {
      SimNode n = factory.add(sim, t, SimNode.Kind.SCRATCH);
      return sim.reason(c, n);
    } finally {
      sim.discardScratch();
    }
  }
}
