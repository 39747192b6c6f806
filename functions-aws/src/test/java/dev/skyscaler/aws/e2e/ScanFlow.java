package dev.skyscaler.aws.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.scan.ScanReport;
import io.fabric8.kubernetes.api.model.Node;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The flows of the reliability suites on a {@link ScanWorld}: how each starts, its first notices,
 * when it is over, and the invariants of every end — no taint of ours and no cordon left, no pod
 * gone with a node, every pod running, the group's target equal to its instances.
 */
enum ScanFlow {
  SCALE_UP("a scale-up: pods that fit nowhere get a new node", 2, 8, "600m"),
  SCALE_DOWN("a scale-down: taint, drain, delete the instance", 2, 4, "100m"),
  REPAIR("a repair: a node NotReady for 6 minutes has its instance replaced", 3, 4, "100m"),
  INTERRUPTION("an interruption: an instance held by a termination hook is drained", 2, 4, "100m");

  static final String APP = "web";

  final String description;
  final int instances;
  final int replicas;
  final String cpu;

  ScanFlow(String description, int instances, int replicas, String cpu) {
    this.description = description;
    this.instances = instances;
    this.replicas = replicas;
    this.cpu = cpu;
  }

  @Override
  public String toString() {
    return description;
  }

  AutoscalerOptions options() {
    if (this == REPAIR) {
      // A repair alone: the nodes the story leaves idle are not scaled down meanwhile; and moto
      // stamps the replacement's launch with the real time, twenty minutes behind the story's
      // clock, so it must not count as an instance that never registered.
      return OptionsParser.parse(
          Map.of(
              "scale-down-enabled", List.of("false"),
              "max-node-provision-time", List.of("1h")));
    }
    return OptionsParser.parse(
        Map.of(
            "scale-down-unneeded-time", List.of("1m"),
            "scale-down-delay-after-add", List.of("0s")));
  }

  /** Arranges the flow's cluster and deploys its pods; returns the instance it is about. */
  String arrange(ScanWorld w) {
    String target =
        switch (this) {
          case SCALE_UP -> "";
          case SCALE_DOWN -> {
            // both nodes were found unneeded two minutes ago: this scan may start a removal
            Instant since = w.clock.instant().minus(Duration.ofMinutes(2));
            Map<String, Instant> unneeded = new TreeMap<>();
            w.nodeNames().forEach(n -> unneeded.put(n, since));
            w.seedState(
                new AutoscalerState(
                    unneeded,
                    Map.of(),
                    Map.of(),
                    AutoscalerState.NEVER,
                    AutoscalerState.NEVER,
                    AutoscalerState.NEVER));
            yield "";
          }
          case REPAIR -> {
            // NotReady before the pods came: they run elsewhere, and the broken node holds none
            String broken = w.instances().get(2);
            w.advance(Duration.ofMinutes(20)); // past --max-node-startup-time
            w.world.kubelets.notReady(
                w.nodeOf(broken), w.clock.instant().minus(Duration.ofMinutes(6)));
            yield broken;
          }
          case INTERRUPTION -> {
            String leaving = w.instances().get(1);
            w.lifecycle.startTerminating(w.group, leaving);
            yield leaving;
          }
        };
    w.world.replicaSets.deploy(APP, replicas, cpu);
    w.advance(Duration.ZERO);
    return target;
  }

  /** The interruption function gets the hook's notice once; later scans are scheduled ones. */
  List<InterruptionNotice> firstNotices(ScanWorld w, String target) {
    if (this != INTERRUPTION) {
      return List.of();
    }
    return List.of(
        new InterruptionNotice(
            "lifecycle-1",
            Kind.LIFECYCLE_TERMINATE,
            target,
            w.clock.instant().plus(Duration.ofHours(1)),
            Optional.of(new LifecycleHook(w.group, ScanWorld.HOOK, "token-1"))));
  }

  /** The flow is over: a scan completed with nothing to do, and its target is settled. */
  boolean over(ScanWorld w, String target, ScanReport report) {
    if (!(report instanceof ScanReport.Completed c) || !c.plan().actions().isEmpty()) {
      return false;
    }
    return switch (this) {
      case SCALE_UP -> w.bound(APP) == replicas && w.nodes().size() == 3;
      case SCALE_DOWN -> c.plan().state().drains().isEmpty();
      case REPAIR -> !w.instances().contains(target) && w.nodes().size() == instances;
      case INTERRUPTION -> !w.instances().contains(target);
    };
  }

  /**
   * The invariants of every end; returns whether the flow's node went (or came, for a scale-up).
   */
  boolean check(ScanWorld w, String target, String log) {
    for (Node n : w.nodes()) {
      assertThat(n.getSpec().getTaints())
          .as("%s keeps no taint of ours\n%s", n.getMetadata().getName(), log)
          .noneMatch(
              t ->
                  t.getKey().equals("ToBeDeletedByClusterAutoscaler")
                      || t.getKey().equals("skyscaler.dev/interrupted"));
      assertThat(n.getSpec().getUnschedulable())
          .as("%s is not cordoned\n%s", n.getMetadata().getName(), log)
          .isNotEqualTo(Boolean.TRUE);
    }
    assertThat(w.world.kubelets.podsGoneWithNodes()).as("pods lost\n%s", log).isEmpty();
    assertThat(w.bound(APP)).as("every pod runs\n%s", log).isEqualTo(replicas);
    assertThat(w.desiredCapacity()).as("target\n%s", log).isEqualTo(w.instances().size());
    return switch (this) {
      case SCALE_UP -> {
        assertThat(w.nodes()).as("one node added\n%s", log).hasSize(3);
        yield true;
      }
      case SCALE_DOWN -> {
        assertThat(w.nodes())
            .as("one node drained and deleted, or none\n%s", log)
            .hasSizeBetween(1, 2);
        yield w.nodes().size() == 1;
      }
      case REPAIR -> {
        assertThat(w.world.kubelets.instancesEverSeen())
            .as("the broken instance was replaced once\n%s", log)
            .hasSize(4);
        yield !w.instances().contains(target);
      }
      case INTERRUPTION -> {
        assertThat(w.instances()).as("the hook was completed\n%s", log).doesNotContain(target);
        yield true;
      }
    };
  }
}
