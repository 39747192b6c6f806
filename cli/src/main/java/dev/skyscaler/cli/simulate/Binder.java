package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.EquivalenceClasses;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The kube-scheduler of the simulated cluster. Between scans it binds waiting pods, highest
 * priority first, to Ready nodes where they pass the core's scheduling checks ({@link
 * ClusterSimulation}, one check per {@link PodClass} and node), choosing kube-scheduler's
 * LeastAllocated node (requests counted with its non-zero defaults, 100m CPU and 200Mi memory, so
 * pods without requests spread too). Pods that fit nowhere are marked unschedulable, which is what
 * the autoscaler looks for.
 *
 * <p>The simulation of the cluster is kept between calls while only bindings happened, and rebuilt
 * when room may have changed; when neither the nodes nor the waiting pods changed, there is nothing
 * to try.
 */
final class Binder {
  private static final long DEFAULT_CPU = 100;
  private static final long DEFAULT_MEMORY = 200L << 20;

  private final World world;
  private ClusterSimulation sim;
  private final List<SimNode> nodes = new ArrayList<>();
  private long[] usedCpu = new long[0];
  private long[] usedMemory = new long[0];
  private long simLayout = -1;
  private int simReady;
  private long triedLayout = -1;
  private long triedPending = -1;
  private int triedReady = -1;

  Binder(World world) {
    this.world = world;
  }

  void bind(Instant now) {
    int ready = world.becameReady().size();
    if (!world.anyUnbound()
        || (world.layoutVersion() == triedLayout
            && world.pendingVersion() == triedPending
            && ready == triedReady)) {
      return;
    }
    if (sim == null || world.layoutVersion() != simLayout) {
      rebuild();
    } else {
      addReadyNodes();
    }
    List<Pod> waiting = world.unboundPods();
    waiting.sort(Comparator.comparingInt(Pod::priority).reversed());
    for (PodClass c : EquivalenceClasses.of(waiting)) {
      place(c, now);
    }
    for (Pod p : world.unboundPods()) {
      world.markUnschedulable(p.key());
    }
    triedLayout = simLayout;
    triedPending = world.pendingVersion();
    triedReady = simReady;
  }

  private void rebuild() {
    sim = new ClusterSimulation();
    nodes.clear();
    usedCpu = new long[world.nodes().size()];
    usedMemory = new long[usedCpu.length];
    for (Node n : world.nodes().values()) {
      if (n.ready()) {
        add(n);
      }
    }
    simLayout = world.layoutVersion();
    simReady = world.becameReady().size();
  }

  /** Adds the nodes that turned Ready since the simulation was built or last brought up to date. */
  private void addReadyNodes() {
    List<String> ready = world.becameReady();
    for (String name : ready.subList(simReady, ready.size())) {
      world.node(name).filter(n -> n.ready() && sim.node(name).isEmpty()).ifPresent(this::add);
    }
    simReady = ready.size();
  }

  private void add(Node n) {
    SimNode s =
        sim.addNode(
            n.name(),
            n.labels(),
            n.taints(),
            n.unschedulable(),
            null,
            SimNode.Kind.EXISTING,
            n.allocatable());
    int i = nodes.size();
    nodes.add(s);
    if (i >= usedCpu.length) {
      usedCpu = java.util.Arrays.copyOf(usedCpu, Math.max(8, i * 2));
      usedMemory = java.util.Arrays.copyOf(usedMemory, usedCpu.length);
    }
    for (Pod p : world.podsOn(n.name())) {
      sim.placeExisting(p, s);
      usedCpu[i] += scoringCpu(p.requests());
      usedMemory[i] += scoringMemory(p.requests());
    }
  }

  /** Binds the class's pods one by one until one fits nowhere: then none of the rest does. */
  private void place(PodClass c, Instant now) {
    boolean[] allowed = new boolean[nodes.size()];
    for (int i = 0; i < allowed.length; i++) {
      allowed[i] = sim.staticReason(c, nodes.get(i)) == null;
    }
    long cpu = scoringCpu(c.requests());
    long memory = scoringMemory(c.requests());
    for (Pod p : c.pods()) {
      int best = -1;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < allowed.length; i++) {
        if (allowed[i] && sim.fit(c, nodes.get(i), 1) > 0) {
          double score = leastAllocated(i, cpu, memory);
          if (score > bestScore) {
            best = i;
            bestScore = score;
          }
        }
      }
      if (best < 0) {
        return;
      }
      SimNode n = nodes.get(best);
      sim.place(c, n, 1);
      usedCpu[best] += cpu;
      usedMemory[best] += memory;
      world.bind(p.key(), n.name(), now);
    }
  }

  /** kube-scheduler's LeastAllocated: the mean free share of CPU and memory after placing. */
  private double leastAllocated(int i, long cpu, long memory) {
    Resources a = nodes.get(i).allocatable();
    return (free(a.cpu(), usedCpu[i] + cpu) + free(a.memory(), usedMemory[i] + memory)) / 2;
  }

  private static double free(long allocatable, long used) {
    return allocatable <= 0 ? 0 : (double) (allocatable - used) / allocatable;
  }

  private static long scoringCpu(Resources r) {
    return r.cpu() == 0 ? DEFAULT_CPU : r.cpu();
  }

  private static long scoringMemory(Resources r) {
    return r.memory() == 0 ? DEFAULT_MEMORY : r.memory();
  }
}
