package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Decides the new nodes of the group the expanders chose, and which pending pods go on each. FFD
 * only compares groups; this packs tighter:
 *
 * <ol>
 *   <li>pods whose placement differs from node to node of the group (host ports; affinity,
 *       anti-affinity or hard spread per hostname) go first, through the full scheduling
 *       simulation, largest first, first fit;
 *   <li>for the rest every new node is alike — only resources matter, plus a total cap where a
 *       zone-level spread limits how many the zone takes — so {@link VectorBinPacker} packs them on
 *       plain arrays, first into the room the constrained pods left, then into new nodes, and the
 *       result is replayed into the simulation, which checks every placement again.
 * </ol>
 */
final class NodePacker {
  /** What the packing did: the nodes it opened and the pods it placed. */
  record Result(int opened, List<Placement> placements) {}

  /** A run of pods of one class placed on one new node. */
  record Placement(PodClass podClass, int from, int count, SimNode node) {}

  private final ClusterSimulation sim;
  private final GroupTemplate template;
  private final int[] remaining;
  private final Predicate<PodClass> mayOpenNodes;
  private final FirstFitDecreasingEstimator.NodeFactory factory;
  private final List<Placement> placements = new ArrayList<>();
  private final List<SimNode> opened = new ArrayList<>();

  private NodePacker(
      ClusterSimulation sim,
      GroupTemplate template,
      int[] remaining,
      Predicate<PodClass> mayOpenNodes,
      FirstFitDecreasingEstimator.NodeFactory factory) {
    this.sim = sim;
    this.template = template;
    this.remaining = remaining;
    this.mayOpenNodes = mayOpenNodes;
    this.factory = factory;
  }

  /**
   * Opens up to {@code maxNodes} PLANNED nodes of the template and places pods of {@code classes}
   * on them, consuming {@code remaining}. Only classes accepted by {@code mayOpenNodes} start a
   * node; the others only take room on nodes started for them.
   */
  static Result pack(
      ClusterSimulation sim,
      GroupTemplate template,
      List<PodClass> classes,
      int[] remaining,
      int maxNodes,
      Predicate<PodClass> mayOpenNodes,
      FirstFitDecreasingEstimator.NodeFactory factory) {
    List<PodClass> constrained = new ArrayList<>();
    List<PodClass> simple = new ArrayList<>();
    for (PodClass c : classes) {
      if (remaining[c.id()] > 0 && FirstFitDecreasingEstimator.fitsTemplate(c, template)) {
        (sameOnEveryNode(c, template) ? simple : constrained).add(c);
      }
    }
    constrained.sort(FirstFitDecreasingEstimator.decreasing(template.allocatable()));
    NodePacker packer = new NodePacker(sim, template, remaining, mayOpenNodes, factory);
    packer.packConstrained(constrained, maxNodes);
    packer.packSimple(simple, maxNodes);
    return new Result(packer.opened.size(), packer.placements);
  }

  /**
   * Places pods of {@code classes} on {@code nodes}, nodes of the template already requested and
   * still booting, the way {@link #pack} placed them when they were planned, and opens none:
   * packing the same pods the same way again finds them the same room, so the booting nodes are not
   * requested a second time.
   */
  static Result packInto(
      ClusterSimulation sim,
      GroupTemplate template,
      List<PodClass> classes,
      int[] remaining,
      List<SimNode> nodes,
      FirstFitDecreasingEstimator.NodeFactory factory) {
    List<PodClass> constrained = new ArrayList<>();
    List<PodClass> simple = new ArrayList<>();
    for (PodClass c : classes) {
      if (remaining[c.id()] > 0 && FirstFitDecreasingEstimator.fitsTemplate(c, template)) {
        (sameOnEveryNode(c, template) ? simple : constrained).add(c);
      }
    }
    constrained.sort(FirstFitDecreasingEstimator.decreasing(template.allocatable()));
    NodePacker packer = new NodePacker(sim, template, remaining, c -> false, factory);
    packer.opened.addAll(nodes);
    packer.packConstrained(constrained, nodes.size());
    packer.packSimple(simple, nodes.size());
    return new Result(0, packer.placements);
  }

  /**
   * True when every new node of the group treats the class alike, so only resources (and a total
   * cap) matter: no host ports, and every affinity, anti-affinity and spread term keyed on a label
   * the template fixes for all its nodes (a zone, say) rather than one each node has its own of.
   */
  static boolean sameOnEveryNode(PodClass c, GroupTemplate t) {
    Pod p = c.exemplar();
    if (!p.hostPorts().isEmpty()) {
      return false;
    }
    List<String> keys = new ArrayList<>();
    p.affinity().forEach(a -> keys.add(a.topologyKey()));
    p.antiAffinity().forEach(a -> keys.add(a.topologyKey()));
    p.topologySpread().stream()
        .filter(TopologySpreadConstraint::doNotSchedule)
        .forEach(s -> keys.add(s.topologyKey()));
    for (String key : keys) {
      if (Node.HOSTNAME_LABEL.equals(key) || !t.labels().containsKey(key)) {
        return false;
      }
    }
    return true;
  }

  private void packConstrained(List<PodClass> candidates, int maxNodes) {
    for (PodClass c : candidates) {
      for (SimNode n : opened) {
        placeAll(c, n);
      }
      while (remaining[c.id()] > 0 && opened.size() < maxNodes && mayOpenNodes.test(c)) {
        SimNode n = factory.add(sim, template, SimNode.Kind.PLANNED);
        opened.add(n);
        if (placeAll(c, n) == 0) {
          break; // a fresh node refuses it (affinity, spread): more nodes would not help
        }
      }
    }
  }

  private int placeAll(PodClass c, SimNode n) {
    if (remaining[c.id()] == 0 || sim.staticReason(c, n) != null) {
      return 0;
    }
    int k = sim.fit(c, n, remaining[c.id()]);
    if (k > 0) {
      place(c, n, k);
    }
    return k;
  }

  private void place(PodClass c, SimNode n, int k) {
    int from = c.size() - remaining[c.id()];
    sim.place(c, n, k);
    remaining[c.id()] -= k;
    placements.add(new Placement(c, from, k, n));
  }

  private void packSimple(List<PodClass> classes, int maxNodes) {
    if (classes.isEmpty()) {
      return;
    }
    List<String> extended = extendedNames(classes);
    Resources room = template.allocatable().minusFloor(template.daemonSetOverhead());
    long[][] demand = new long[classes.size()][];
    int[] count = new int[classes.size()];
    boolean[] opener = new boolean[classes.size()];
    long[] caps = domainCaps(classes);
    for (int k = 0; k < classes.size(); k++) {
      PodClass c = classes.get(k);
      demand[k] = vector(c.requests(), extended);
      count[k] = (int) Math.min(remaining[c.id()], caps[k]);
      opener[k] = mayOpenNodes.test(c);
    }
    List<long[]> initial = new ArrayList<>();
    for (SimNode n : opened) {
      initial.add(free(n, extended));
    }
    VectorBinPacker packer = new VectorBinPacker(vector(room, extended), demand, count, opener);
    List<VectorBinPacker.Bin> bins = packer.pack(initial, maxNodes - opened.size());
    List<SimNode> targets = new ArrayList<>(opened);
    for (VectorBinPacker.Bin b : bins) {
      SimNode n;
      if (b.initial) {
        n = targets.remove(0);
      } else {
        n = factory.add(sim, template, SimNode.Kind.PLANNED);
        opened.add(n);
      }
      for (int k = 0; k < classes.size(); k++) {
        if (b.counts[k] > 0) {
          int fits = sim.fit(classes.get(k), n, b.counts[k]);
          if (fits > 0) {
            place(classes.get(k), n, fits);
          }
        }
      }
    }
  }

  /** What the group's domain still admits of each class (spread room), probed on a fresh node. */
  private long[] domainCaps(List<PodClass> classes) {
    long[] caps = new long[classes.size()];
    sim.beginScratch();
    try {
      SimNode probe = factory.add(sim, template, SimNode.Kind.SCRATCH);
      for (int k = 0; k < classes.size(); k++) {
        PodClass c = classes.get(k);
        caps[k] = c.domainSensitive() ? sim.domainRoom(c, probe) : Long.MAX_VALUE;
      }
    } finally {
      sim.discardScratch();
    }
    return caps;
  }

  private static List<String> extendedNames(List<PodClass> classes) {
    TreeSet<String> names = new TreeSet<>();
    for (PodClass c : classes) {
      names.addAll(c.requests().extended().keySet());
    }
    return new ArrayList<>(names);
  }

  /** cpu, memory, pods, ephemeral storage, then the extended resources in {@code names} order. */
  private static long[] vector(Resources r, List<String> names) {
    long[] v = new long[4 + names.size()];
    v[0] = r.cpu();
    v[1] = r.memory();
    v[2] = r.pods();
    v[3] = r.ephemeralStorage();
    for (int i = 0; i < names.size(); i++) {
      v[4 + i] = r.extended(names.get(i));
    }
    return v;
  }

  private static long[] free(SimNode n, List<String> names) {
    long[] v = new long[4 + names.size()];
    v[0] = n.freeCpu();
    v[1] = n.freeMemory();
    v[2] = n.freePods();
    v[3] = n.freeStorage();
    for (int i = 0; i < names.size(); i++) {
      v[4 + i] = n.freeExtended(names.get(i));
    }
    return v;
  }
}
