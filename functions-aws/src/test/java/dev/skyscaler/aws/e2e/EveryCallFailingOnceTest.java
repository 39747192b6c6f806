package dev.skyscaler.aws.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.e2e.FaultSwitch.Cloud;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.actuation.Outcome;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every external call failing once, on AWS: the lease, the state's load and save, the status, the
 * events, the node edits and evictions, the cloud's read and each of its mutations (refused, or
 * taken with the answer lost). The scan that meets the failure fails closed — it ends, or carries
 * on without that write, and never acts on a guess — and the scans after it, by fresh actors that
 * remember nothing but the state, plan again from what the cluster and the cloud show, and
 * converge: the flow's end state, no taint or cordon left, no pod lost. Real components: the AWS
 * provider on moto, the cluster in the fabric8 mock API server.
 */
@ExtendWith(MotoExtension.class)
class EveryCallFailingOnceTest {
  static final int MAX_SCANS = 30;

  private final MotoServer moto;

  EveryCallFailingOnceTest(MotoServer moto) {
    this.moto = moto;
  }

  /**
   * One fault: the flow it hits, the call that fails, and what the scan meeting it reports (part of
   * its description: the stage it failed at, a warning, or the outcome of the write).
   */
  record Fault(String name, ScanFlow flow, FaultSwitch.Kind kind, String faulted) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Fault> faults() {
    return Stream.of(
        api(
            "the lease cannot be written",
            ScanFlow.SCALE_DOWN,
            write("leases"),
            "failed to take the lease: "),
        api(
            "the state cannot be loaded",
            ScanFlow.SCALE_DOWN,
            get("skyscaler-state"),
            "failed to load the state: "),
        api(
            "the state cannot be saved",
            ScanFlow.SCALE_DOWN,
            write("skyscaler-state"),
            "the state was not saved (the next scan re-derives it)"),
        api(
            "the status cannot be written",
            ScanFlow.SCALE_UP,
            write("cluster-autoscaler-status"),
            "the status ConfigMap was not written"),
        api("events cannot be written", ScanFlow.INTERRUPTION, write("events"), "FAILED: warning"),
        api(
            "a node cannot be tainted",
            ScanFlow.SCALE_DOWN,
            verb("patch", "nodes"),
            "FAILED: taint "),
        api(
            "a pod cannot be evicted",
            ScanFlow.INTERRUPTION,
            verb("create", "pods/eviction"),
            "FAILED: evict "),
        new Fault(
            "the cloud cannot be read",
            ScanFlow.SCALE_UP,
            FaultSwitch::cloudRead,
            "failed to discover the node groups: "),
        cloud("SetTargetSize is refused", ScanFlow.SCALE_UP, SetTargetSize.class, Cloud.REFUSED),
        cloud(
            "SetTargetSize takes but its answer is lost",
            ScanFlow.SCALE_UP,
            SetTargetSize.class,
            Cloud.ANSWER_LOST),
        cloud(
            "DeleteInstance is refused", ScanFlow.SCALE_DOWN, DeleteInstance.class, Cloud.REFUSED),
        cloud(
            "DeleteInstance takes but its answer is lost",
            ScanFlow.SCALE_DOWN,
            DeleteInstance.class,
            Cloud.ANSWER_LOST),
        cloud("RepairInstance is refused", ScanFlow.REPAIR, RepairInstance.class, Cloud.REFUSED),
        cloud(
            "RepairInstance takes but its answer is lost",
            ScanFlow.REPAIR,
            RepairInstance.class,
            Cloud.ANSWER_LOST),
        cloud(
            "CompleteLifecycleAction is refused",
            ScanFlow.INTERRUPTION,
            CompleteLifecycleAction.class,
            Cloud.REFUSED),
        cloud(
            "CompleteLifecycleAction takes but its answer is lost",
            ScanFlow.INTERRUPTION,
            CompleteLifecycleAction.class,
            Cloud.ANSWER_LOST));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("faults")
  void theScanMeetingTheFailureFailsClosedAndTheNextScansReplanAndConverge(Fault f) {
    MockCluster cluster = new MockCluster();
    cluster.start();
    try (ScanWorld w = new ScanWorld(moto, cluster, f.flow().instances, f.flow().options())) {
      String target = f.flow().arrange(w);
      FaultSwitch fault = f.kind().create().on(cluster);
      List<InterruptionNotice> notices = f.flow().firstNotices(w, target);
      List<ScanReport> reports = new ArrayList<>();
      for (int scan = 0; scan < MAX_SCANS; scan++) {
        ScanReport report = w.scan(ScanKind.FULL, scan == 0 ? notices : List.of(), fault::wrap);
        reports.add(report);
        fault.scanEnded();
        if (fault.firedInScan() >= 0 && f.flow().over(w, target, report)) {
          break;
        }
      }
      String log = "scans:\n  " + String.join("\n  ", w.log);

      assertThat(fault.firedInScan()).as("the call failed in some scan\n%s", log).isNotNegative();
      ScanReport faulted = reports.get(fault.firedInScan());
      assertThat(describe(faulted)).as("the scan that met it\n%s", log).contains(f.faulted());
      assertThat(reports.size())
          .as("converged within %d scans\n%s", MAX_SCANS, log)
          .isLessThan(MAX_SCANS);
      f.flow().check(w, target, log);
    } finally {
      cluster.stop();
    }
  }

  private static String describe(ScanReport r) {
    if (r instanceof ScanReport.Failed f) {
      return "failed to " + f.stage() + ": " + f.message();
    }
    if (r instanceof ScanReport.Completed c) {
      return "completed: "
          + c.kubernetes().stream().filter(Outcome::unsuccessful).map(Object::toString).toList()
          + " "
          + c.cloud().stream().map(o -> o.action().describe() + ": " + o.outcome()).toList()
          + " warnings "
          + c.warnings();
    }
    return r.toString();
  }

  private static Fault api(String name, ScanFlow flow, Predicate<ApiCall> call, String faulted) {
    return new Fault(name, flow, () -> FaultSwitch.api(call), faulted);
  }

  private static Fault cloud(
      String name,
      ScanFlow flow,
      Class<? extends dev.skyscaler.core.plan.action.Action> a,
      Cloud how) {
    return new Fault(
        name, flow, () -> FaultSwitch.cloud(a, how), "status=FAILED, message=injected: ");
  }

  private static Predicate<ApiCall> write(String resourceOrName) {
    return c ->
        c.isWrite() && (c.resource().equals(resourceOrName) || c.name().equals(resourceOrName));
  }

  private static Predicate<ApiCall> get(String name) {
    return c -> c.verb().equals("get") && c.name().equals(name);
  }

  private static Predicate<ApiCall> verb(String verb, String fullResource) {
    return MockCluster.call(verb, fullResource);
  }
}
