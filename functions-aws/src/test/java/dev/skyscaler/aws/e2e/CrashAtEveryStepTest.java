package dev.skyscaler.aws.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import io.fabric8.kubernetes.api.model.Node;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Crash at every step: a scale-down, a repair and an interruption (a lifecycle hook), each run once
 * without fault to count its writes, then once per write with the actor dying right after it
 * ({@link CrashSwitch}) — before and after the state save, the lease release, a cloud action —
 * while fresh actors, scanning every 10 s as the scan function does, take over once the dead
 * actor's lease has run out. Whatever the write, the node ends drained and deleted, or untainted
 * and uncordoned, and no pod goes down with a node. Real components: the AWS provider on moto, the
 * cluster in the fabric8 mock API server.
 */
@ExtendWith(MotoExtension.class)
class CrashAtEveryStepTest {
  static final int MAX_SCANS = 30;
  static final String APP = "web";

  private final MotoServer moto;

  CrashAtEveryStepTest(MotoServer moto) {
    this.moto = moto;
  }

  /** A flow: the cluster it starts from, its first notices, and when it is over. */
  enum Flow {
    SCALE_DOWN("a scale-down: taint, drain, delete the instance", 2),
    REPAIR("a repair: a node NotReady for 6 minutes has its instance replaced", 3),
    INTERRUPTION("an interruption: an instance held by a termination hook is drained", 2);

    final String description;
    final int instances;

    Flow(String description, int instances) {
      this.description = description;
      this.instances = instances;
    }

    @Override
    public String toString() {
      return description;
    }
  }

  /** What one run ended with. */
  record End(boolean nodeGone, List<String> writes, String log) {}

  @ParameterizedTest(name = "{0}")
  @EnumSource(Flow.class)
  void anActorDyingAfterAnyWriteEndsDrainedAndDeletedOrUntaintedAndUncordoned(Flow flow) {
    End faultless = run(flow, 0);
    assertThat(faultless.nodeGone()).as("without a fault\n%s", faultless.log()).isTrue();
    int points = faultless.writes().size();

    Map<String, Integer> ends = new TreeMap<>();
    for (int k = 1; k <= points; k++) {
      End end = run(flow, k);
      ends.merge(
          end.nodeGone() ? "drained and deleted" : "untainted and uncordoned", 1, Integer::sum);
    }

    System.out.printf(
        "crash at every step, %s: %d writes, %d crash points: %s, 0 pods lost%n",
        flow.name().toLowerCase(), points, points, ends);
    assertThat(ends.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(points);
  }

  private static End done(Future<End> run) {
    try {
      return run.get(5, TimeUnit.MINUTES);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AssertionError a) {
        throw a;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException | TimeoutException e) {
      throw new IllegalStateException(e);
    }
  }

  private End run(Flow flow, int dieAfter) {
    MockCluster cluster = new MockCluster();
    cluster.start();
    try (ScanWorld w =
        new ScanWorld(
            moto, cluster, flow.instances, flow == Flow.REPAIR ? repairOptions() : options())) {
      String target = arrange(flow, w);
      w.world.replicaSets.deploy(APP, 4, "100m");
      w.advance(Duration.ZERO);
      CrashSwitch crash = new CrashSwitch(dieAfter).on(cluster);
      List<InterruptionNotice> notices = firstNotices(flow, w, target);
      for (int scan = 0; scan < MAX_SCANS; scan++) {
        boolean diedBefore = crash.died();
        ScanReport report = w.scan(ScanKind.FULL, scan == 0 ? notices : List.of(), crash::cloud);
        crash.nextActor();
        if (!diedBefore && crash.died()) {
          // the scans until the dead actor's lease runs out would only find it held
          w.log.add("the actor died; the scans of the next minute skip");
          w.advance(Duration.ofSeconds(60).minus(ScanWorld.SCAN_INTERVAL));
        } else if (over(flow, w, target, report)) {
          break;
        }
      }
      String log =
          "dies after write "
              + dieAfter
              + "\nwrites: "
              + crash.writes().stream().collect(Collectors.joining("\n  ", "\n  ", ""))
              + "\nscans:\n  "
              + String.join("\n  ", w.log);
      boolean gone = check(flow, w, target, log);
      return new End(gone, crash.writes(), log);
    } finally {
      cluster.stop();
    }
  }

  /** Arranges the flow's cluster; returns the instance it is about. */
  private static String arrange(Flow flow, ScanWorld w) {
    return switch (flow) {
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
        w.world.kubelets.notReady(w.nodeOf(broken), w.clock.instant().minus(Duration.ofMinutes(6)));
        yield broken;
      }
      case INTERRUPTION -> {
        String leaving = w.instances().get(1);
        w.lifecycle.startTerminating(w.group, leaving);
        yield leaving;
      }
    };
  }

  /** The interruption function gets the hook's notice once; later scans are scheduled ones. */
  private static List<InterruptionNotice> firstNotices(Flow flow, ScanWorld w, String target) {
    if (flow != Flow.INTERRUPTION) {
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
  private static boolean over(Flow flow, ScanWorld w, String target, ScanReport report) {
    if (!(report instanceof ScanReport.Completed c) || !c.plan().actions().isEmpty()) {
      return false;
    }
    return switch (flow) {
      case SCALE_DOWN -> c.plan().state().drains().isEmpty();
      case REPAIR -> !w.instances().contains(target) && w.nodes().size() == flow.instances;
      case INTERRUPTION -> !w.instances().contains(target);
    };
  }

  /** The invariants of every end; returns whether the flow's node went. */
  private static boolean check(Flow flow, ScanWorld w, String target, String log) {
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
    assertThat(w.bound(APP)).as("every pod runs\n%s", log).isEqualTo(4);
    assertThat(w.desiredCapacity()).as("target\n%s", log).isEqualTo(w.instances().size());
    return switch (flow) {
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

  private static dev.skyscaler.core.config.AutoscalerOptions options() {
    return OptionsParser.parse(
        Map.of(
            "scale-down-unneeded-time", List.of("1m"),
            "scale-down-delay-after-add", List.of("0s")));
  }

  /**
   * A repair alone: the nodes the story leaves idle are not scaled down meanwhile; and moto stamps
   * the replacement's launch with the real time, twenty minutes behind the story's clock, so it
   * must not count as an instance that never registered.
   */
  private static dev.skyscaler.core.config.AutoscalerOptions repairOptions() {
    return OptionsParser.parse(
        Map.of(
            "scale-down-enabled", List.of("false"),
            "max-node-provision-time", List.of("1h")));
  }
}
