package dev.skyscaler.aws.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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

  private final MotoServer moto;

  CrashAtEveryStepTest(MotoServer moto) {
    this.moto = moto;
  }

  /** What one run ended with. */
  record End(boolean nodeGone, List<String> writes, String log) {}

  @ParameterizedTest(name = "{0}")
  @EnumSource(
      value = ScanFlow.class,
      names = {"SCALE_DOWN", "REPAIR", "INTERRUPTION"})
  void anActorDyingAfterAnyWriteEndsDrainedAndDeletedOrUntaintedAndUncordoned(ScanFlow flow) {
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

  private End run(ScanFlow flow, int dieAfter) {
    MockCluster cluster = new MockCluster();
    cluster.start();
    try (ScanWorld w = new ScanWorld(moto, cluster, flow.instances, flow.options())) {
      String target = flow.arrange(w);
      CrashSwitch crash = new CrashSwitch(dieAfter).on(cluster);
      List<InterruptionNotice> notices = flow.firstNotices(w, target);
      for (int scan = 0; scan < MAX_SCANS; scan++) {
        boolean diedBefore = crash.died();
        ScanReport report = w.scan(ScanKind.FULL, scan == 0 ? notices : List.of(), crash::cloud);
        crash.nextActor();
        if (!diedBefore && crash.died()) {
          // the scans until the dead actor's lease runs out would only find it held
          w.log.add("the actor died; the scans of the next minute skip");
          w.advance(Duration.ofSeconds(60).minus(ScanWorld.SCAN_INTERVAL));
        } else if (flow.over(w, target, report)) {
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
      boolean gone = flow.check(w, target, log);
      return new End(gone, crash.writes(), log);
    } finally {
      cluster.stop();
    }
  }
}
