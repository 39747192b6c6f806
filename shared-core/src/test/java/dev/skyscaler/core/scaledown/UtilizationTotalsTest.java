package dev.skyscaler.core.scaledown;

import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.PodTotals;
import dev.skyscaler.core.model.PodsByNode;
import dev.skyscaler.testkit.PodSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A node's utilisation read from its {@link PodTotals} is the one measured on its pods, wherever
 * {@link Utilization#readableFrom} lets the totals stand for them; where pods are left out or
 * measured one by one, it does not.
 */
class UtilizationTotalsTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final int CUTOFF = -10;

  /** A random pod on {@code node}: any phase, priority, deletion, GPU, DaemonSet or mirror. */
  static Pod randomPod(Random r, int i, String node) {
    PodSpec p = pod("p" + i).cpu(r.nextInt(2000) + "m").memory(r.nextInt(4096) + "Mi");
    switch (r.nextInt(12)) {
      case 0 -> p.daemonSet("agent");
      case 1 -> p.mirror();
      case 2 -> p.gpu(1);
      case 3 -> p.deletingAt(NOW.minusSeconds(r.nextInt(200)));
      case 4 -> p.priority(CUTOFF - 1);
      default -> p.priority(r.nextInt(100) - 20);
    }
    if (r.nextInt(8) == 0) {
      return p.nominatedTo(node).build();
    }
    p.on(node);
    if (r.nextInt(10) == 0) {
      p.phase(r.nextBoolean() ? PodPhase.SUCCEEDED : PodPhase.FAILED);
    }
    return p.build();
  }

  @Test
  void totalsGiveTheUtilisationOfTheCountedPodsWhereverTheyAreReadable() {
    Random r = new Random(7);
    List<Node> nodes = new ArrayList<>();
    List<Pod> pods = new ArrayList<>();
    for (int n = 0; n < 300; n++) {
      String name = "n" + n;
      nodes.add(node(name).cpu("8").memory("32Gi").gpu(n % 5 == 0 ? 2 : 0).build());
      int count = r.nextInt(4);
      for (int i = 0; i < count; i++) {
        pods.add(randomPod(r, pods.size(), name));
      }
    }
    PodsByNode index = PodsByNode.of(pods);
    int readable = 0;
    ScaleDownOptions options = ScaleDownOptions.defaults();
    for (Node n : nodes) {
      PodTotals totals = index.totalsOn(n.name());
      List<Pod> counted =
          index.placedOn(n.name()).stream()
              .filter(p -> !p.isTerminal() && p.priority() >= CUTOFF)
              .toList();
      boolean standsFor = totals.lowestPriority() >= CUTOFF; // what RemovalSimulation checks
      if (standsFor && Utilization.readableFrom(totals, options)) {
        readable++;
        assertThat(Utilization.of(n, totals))
            .as(n.name())
            .isEqualTo(Utilization.of(n, counted, options, NOW));
      }
    }
    assertThat(readable).as("nodes read from their totals").isGreaterThan(50);
  }

  @Test
  void totalsAreNotReadWherePodsAreLeftOutOrMeasuredOneByOne() {
    ScaleDownOptions defaults = ScaleDownOptions.defaults();
    PodTotals plain = new PodTotals(1, 100, 100, 0, 0, false, false, false, false);
    assertThat(Utilization.readableFrom(plain, defaults)).isTrue();
    assertThat(
            Utilization.readableFrom(
                plain, defaults.toBuilder().ignoreDaemonSetsUtilization(true).build()))
        .isFalse();
    assertThat(
            Utilization.readableFrom(
                plain, defaults.toBuilder().ignoreMirrorPodsUtilization(true).build()))
        .isFalse();
    assertThat(
            Utilization.readableFrom(
                new PodTotals(1, 100, 100, 0, 0, false, false, false, true), defaults))
        .as("a pod being deleted may be terminating long")
        .isFalse();
    assertThat(
            Utilization.readableFrom(
                new PodTotals(1, 100, 100, 0, 0, true, false, false, false), defaults))
        .as("GPUs are not summed")
        .isFalse();
  }
}
