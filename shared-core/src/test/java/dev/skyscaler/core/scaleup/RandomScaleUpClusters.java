package dev.skyscaler.core.scaleup;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ExpanderName;
import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.config.ScaleUpOptions.Range;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.util.List;
import java.util.Random;

/**
 * Random clusters for the scale-up properties, from a seed: 1-4 groups of different shapes (some
 * labelled for a selector, some tainted), each with 0-5 Ready members of its own shape and up to 2
 * nodes already requested and not registered, an unmanaged node at times, running pods, and 0-30
 * pending pods of every size (some bigger than any group, some selecting or tolerating a group),
 * with cluster limits and per-scan caps that bind in about half the draws.
 */
final class RandomScaleUpClusters {
  /** Cores of each shape; memory is 4 GiB per core. */
  static final int[] CORES = {2, 4, 8, 16};

  /** One draw: the cluster and the options to plan it with. */
  record Draw(ClusterSnapshot cluster, AutoscalerOptions options) {}

  private RandomScaleUpClusters() {}

  static Draw draw(long seed) {
    return draw(seed, true);
  }

  /**
   * A draw with no node already requested and booting and no balancing across similar groups: the
   * first scan's requests are then all the booting capacity the second scan sees.
   */
  static Draw drawWithoutBooting(long seed) {
    return draw(seed, false);
  }

  private static Draw draw(long seed, boolean booting) {
    Random r = new Random(seed);
    ClusterSpec c = cluster();
    int groups = 1 + r.nextInt(4);
    for (int g = 0; g < groups; g++) {
      int cores = CORES[r.nextInt(CORES.length)];
      boolean tainted = r.nextInt(4) == 0;
      int max = 1 + r.nextInt(12);
      int members = Math.min(max, r.nextInt(6));
      int drawn = r.nextInt(4) == 0 ? 1 + r.nextInt(2) : 0;
      int requested = booting ? Math.min(max - members, drawn) : 0;
      int min = Math.min(members, r.nextInt(3));
      c.groups(
          group("g" + g)
              .min(min)
              .max(max)
              .target(members + requested)
              .template(shape(node("t"), g, cores, tainted)));
      for (int i = 0; i < members; i++) {
        String name = "g" + g + "-n" + i;
        c.nodes(shape(node(name), g, cores, tainted).inGroup("g" + g));
        fill(c, r, name, cores * 1000L, tainted ? "g" + g : null);
      }
    }
    if (r.nextInt(4) == 0) {
      c.nodes(node("unmanaged").cpu("4").memory("16Gi"));
      fill(c, r, "unmanaged", 4000, null);
    }
    int pending = r.nextInt(31);
    for (int i = 0; i < pending; i++) {
      c.pods(pendingPod(r, "p" + i, groups));
    }
    ClusterSnapshot snapshot = c.build();
    AutoscalerOptions options = options(r, snapshot);
    if (!booting) {
      options =
          options.withScaleUp(
              options.scaleUp().toBuilder().balanceSimilarNodeGroups(false).build());
    }
    return new Draw(snapshot, options);
  }

  private static NodeSpec shape(NodeSpec n, int group, int cores, boolean tainted) {
    n.cpu(Integer.toString(cores)).memory(cores * 4 + "Gi").label("pool", "g" + group);
    if (tainted) {
      n.taint("dedicated", "g" + group, TaintEffect.NO_SCHEDULE);
    }
    return n;
  }

  /** Running pods that take up to the whole node. */
  private static void fill(ClusterSpec c, Random r, String node, long room, String toleration) {
    int pods = r.nextInt(4);
    for (int p = 0; p < pods; p++) {
      long cpu = 100 + r.nextInt(2000);
      if (cpu > room) {
        return;
      }
      room -= cpu;
      PodSpec s = pod(node + "-run" + p).cpu(cpu + "m").memory(cpu + "Mi").on(node);
      if (toleration != null) {
        s.tolerate("dedicated", toleration, TaintEffect.NO_SCHEDULE);
      }
      c.pods(s);
    }
  }

  private static PodSpec pendingPod(Random r, String name, int groups) {
    long cpu =
        switch (r.nextInt(6)) {
          case 0 -> 4_000 + r.nextInt(28_000); // up to twice the biggest shape
          case 1 -> 1_000 + r.nextInt(7_000);
          default -> 100 + r.nextInt(1_500);
        };
    long memoryMi = cpu * (1 + r.nextInt(6));
    PodSpec p = pod(name).cpu(cpu + "m").memory(memoryMi + "Mi");
    int target = r.nextInt(groups);
    switch (r.nextInt(6)) {
      case 0 -> p.nodeSelector("pool", "g" + target);
      case 1 -> p.tolerate("dedicated", "g" + target, TaintEffect.NO_SCHEDULE);
      case 2 ->
          p.nodeSelector("pool", "g" + target)
              .tolerate("dedicated", "g" + target, TaintEffect.NO_SCHEDULE);
      default -> {}
    }
    return p;
  }

  /** Limits that bind in about half the draws: the cluster's own size plus a little room. */
  private static AutoscalerOptions options(Random r, ClusterSnapshot c) {
    ScaleUpOptions.Builder b = ScaleUpOptions.defaults().toBuilder();
    long nodes = c.nodes().size();
    long cores = 0;
    long gib = 0;
    for (var g : c.nodeGroups()) {
      nodes += Math.max(0, g.targetSize() - g.memberNodes().size());
    }
    for (var n : c.nodes()) {
      cores += n.capacity().cpu() / 1000;
      gib += n.capacity().memory() >> 30;
    }
    if (r.nextBoolean()) {
      b.maxNodesTotal((int) Math.max(1, nodes + r.nextInt(8) - 1));
    }
    if (r.nextInt(3) == 0) {
      b.coresTotal(new Range(0, cores + 16L * r.nextInt(6) + 32));
    }
    if (r.nextInt(3) == 0) {
      b.memoryTotal(new Range(0, gib + 64L * r.nextInt(6) + 128));
    }
    if (r.nextInt(3) == 0) {
      b.maxNodesPerScaleUp(1 + r.nextInt(5));
    }
    b.balanceSimilarNodeGroups(r.nextBoolean());
    List<ExpanderName> expanders =
        List.of(ExpanderName.LEAST_WASTE, ExpanderName.MOST_PODS, ExpanderName.RANDOM);
    b.expanders(List.of(expanders.get(r.nextInt(expanders.size()))));
    b.randomSeed(r.nextLong());
    return AutoscalerOptions.defaults().withScaleUp(b.build());
  }
}
