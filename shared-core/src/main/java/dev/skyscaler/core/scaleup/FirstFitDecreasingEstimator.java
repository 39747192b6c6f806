package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SchedulingChecks;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * How many new nodes of one group the pending pods need: First-Fit Decreasing bin packing, as CA's
 * binpacking estimator, over equivalence classes instead of single pods. Classes are taken by
 * decreasing dominant share of the template (cpu share + memory share); each class fills the nodes
 * opened so far in order, then opens new ones. FFD uses at most 11/9·OPT + 6/9 bins for one
 * dimension.
 *
 * <p>An estimate runs in the simulation's scratch layer and leaves the simulation as it found it.
 */
public final class FirstFitDecreasingEstimator {

  /** The answer: nodes that received pods, and how many pods of each class they took. */
  public record Estimate(int nodeCount, Map<PodClass, Integer> placed) {
    public Estimate {
      placed = Map.copyOf(placed);
    }

    public int podCount() {
      return placed.values().stream().mapToInt(Integer::intValue).sum();
    }
  }

  private FirstFitDecreasingEstimator() {}

  /** Orders classes for FFD against a template: biggest dominant share first, then by id. */
  public static Comparator<PodClass> decreasing(Resources allocatable) {
    return Comparator.comparingDouble((PodClass c) -> -share(c.requests(), allocatable))
        .thenComparingInt(PodClass::id);
  }

  static double share(Resources r, Resources alloc) {
    double s = 0;
    if (alloc.cpu() > 0) {
      s += (double) r.cpu() / alloc.cpu();
    }
    if (alloc.memory() > 0) {
      s += (double) r.memory() / alloc.memory();
    }
    return s;
  }

  /**
   * Estimates the nodes of {@code template} needed for the {@code remaining} pods of each class.
   *
   * @param remaining pods still to place, indexed by class id
   * @param maxNodes the most nodes this estimate may open (group max, cluster limits)
   * @param mayOpenNodes classes allowed to open new nodes; others only fill nodes opened for others
   *     (CPU pods ride along on GPU nodes, never cause them)
   */
  public static Estimate estimate(
      ClusterSimulation sim,
      GroupTemplate template,
      List<PodClass> classes,
      int[] remaining,
      int maxNodes,
      Predicate<PodClass> mayOpenNodes,
      NodeFactory nodes) {
    List<PodClass> ordered = new ArrayList<>();
    for (PodClass c : classes) {
      if (remaining[c.id()] > 0 && fitsTemplate(c, template)) {
        ordered.add(c);
      }
    }
    ordered.sort(decreasing(template.allocatable()));
    Map<PodClass, Integer> placed = new HashMap<>();
    List<SimNode> open = new ArrayList<>();
    sim.beginScratch();
    try {
      for (PodClass c : ordered) {
        int left = fillOpenNodes(sim, c, open, remaining[c.id()]);
        if (mayOpenNodes.test(c)) {
          left = openNodes(sim, c, open, left, maxNodes, template, nodes);
        }
        int took = remaining[c.id()] - left;
        if (took > 0) {
          placed.put(c, took);
        }
      }
      int used = 0;
      for (SimNode n : open) {
        if (n.podCount() > 0) {
          used++;
        }
      }
      return new Estimate(used, placed);
    } finally {
      sim.discardScratch();
    }
  }

  /** True when the class passes the template's node-local checks (taints, selectors). */
  static boolean fitsTemplate(PodClass c, GroupTemplate t) {
    Pod p = c.exemplar();
    return SchedulingChecks.staticReason(p, "template", t.labels(), t.taints(), false) == null;
  }

  private static int fillOpenNodes(
      ClusterSimulation sim, PodClass c, List<SimNode> open, int left) {
    Resources r = c.requests();
    for (int i = 0; i < open.size() && left > 0; i++) {
      SimNode n = open.get(i);
      if (!ScaleUpPlanner.mightFit(r, n)) {
        continue;
      }
      int k = sim.fit(c, n, left);
      if (k > 0) {
        sim.place(c, n, k);
        left -= k;
      }
    }
    return left;
  }

  private static int openNodes(
      ClusterSimulation sim,
      PodClass c,
      List<SimNode> open,
      int left,
      int maxNodes,
      GroupTemplate template,
      NodeFactory nodes) {
    while (left > 0) {
      SimNode last = open.isEmpty() ? null : open.get(open.size() - 1);
      if (last != null && last.podCount() == 0) {
        return left; // a fresh node already refused this class: another would too
      }
      if (open.size() >= maxNodes) {
        return left;
      }
      SimNode n = nodes.add(sim, template, SimNode.Kind.SCRATCH);
      open.add(n);
      int k = sim.fit(c, n, left);
      if (k == 0) {
        return left;
      }
      sim.place(c, n, k);
      left -= k;
    }
    return left;
  }

  /** Creates simulated nodes of a group with unique names and hostnames. */
  public static final class NodeFactory {
    private final Map<String, Integer> serial = new HashMap<>();

    /** A new empty node of the template's group, its DaemonSet overhead already taken. */
    public SimNode add(ClusterSimulation sim, GroupTemplate t, SimNode.Kind kind) {
      int i = serial.merge(t.groupName(), 1, Integer::sum);
      String name = "template-node-for-" + t.groupName() + "-" + i;
      Map<String, String> labels = new HashMap<>(t.labels());
      labels.put(Node.HOSTNAME_LABEL, name);
      Resources room = t.allocatable().minusFloor(t.daemonSetOverhead());
      return sim.addNode(name, labels, t.taints(), false, t.groupName(), kind, room);
    }
  }
}
