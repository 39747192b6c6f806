package dev.skyscaler.azure.functions;

import dev.skyscaler.azure.vmss.VmssProviderId;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.state.InterruptedNode;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * What the {@link PreemptionFunction} does with a HealthResources event once it is read: a
 * preemption of a VM of this cluster's subscription and node resource group becomes the core's
 * {@link InterruptionNotice.Kind#AZURE_PREEMPTED} notice and one full scan with it (waiting for a
 * scan in progress); any other event is acknowledged. Each event ends in one {@link Disposition}
 * and one log line saying what the scan did about the VM's node.
 */
public final class Preemptions {
  /** What became of an event. */
  public enum Disposition {
    /** Not a valid HealthResources event: logged, acknowledged. */
    MALFORMED,
    /** Not a preemption of a scale-set VM: acknowledged. */
    NOT_A_PREEMPTION,
    /** A preemption of a VM outside this cluster's subscription or resource group. */
    NOT_OURS,
    /** A scan ran with the notice. */
    SCANNED,
    /** The scan could not run: Event Grid should deliver the event again. */
    RETRY
  }

  /**
   * What an event turned out to be.
   *
   * @param notice the core's notice, for a preemption
   * @param scan the scan's report, when one ran (or was attempted)
   */
  public record Handled(
      Disposition disposition,
      Optional<HealthEvent> event,
      Optional<InterruptionNotice> notice,
      Optional<ScanReport> scan,
      String summary) {}

  private final Supplier<AzureWiring> wiring;
  private final Duration leaseWait;

  /**
   * @param leaseWait how long the scan waits for a scan in progress
   */
  public Preemptions(Supplier<AzureWiring> wiring, Duration leaseWait) {
    this.wiring = wiring;
    this.leaseWait = leaseWait;
  }

  /** A malformed event: logged once with the field at fault, acknowledged. */
  static Handled malformed(String why, Logger log) {
    log.severe(why + "; event dropped");
    return new Handled(
        Disposition.MALFORMED, Optional.empty(), Optional.empty(), Optional.empty(), why);
  }

  /** Handles one event as invocation {@code invocationId}; what happened is logged. */
  public Handled handle(HealthEvent event, String invocationId, Logger log) {
    Optional<VmssProviderId> vm = event.scaleSetVm();
    Optional<InterruptionNotice> notice = event.notice();
    if (notice.isEmpty() || vm.isEmpty()) {
      return acknowledged(
          log,
          Disposition.NOT_A_PREEMPTION,
          event,
          "event "
              + event.id()
              + " ("
              + describe(event)
              + " on "
              + event.targetResourceId()
              + ")"
              + " is not a scale-set VM preemption; acknowledged");
    }
    Optional<String> foreign = foreign(vm.get(), wiring.get().settings());
    if (foreign.isPresent()) {
      return acknowledged(
          log,
          Disposition.NOT_OURS,
          event,
          "event "
              + event.id()
              + ": VM "
              + event.targetResourceId()
              + " "
              + foreign.get()
              + "; acknowledged and dropped");
    }
    ScanReport report =
        Scans.run(wiring, invocationId, ScanKind.FULL, List.of(notice.get()), leaseWait, log);
    if (!(report instanceof ScanReport.Completed done)) {
      String summary =
          "event "
              + event.id()
              + ": the preemption of "
              + event.targetResourceId()
              + " was not handled (the scan "
              + (report instanceof ScanReport.Skipped
                  ? "found the Lease held"
                  : report instanceof ScanReport.Held held
                      ? "did not act: " + held.reason()
                      : "failed")
              + "); Event Grid delivers it again";
      log.warning(summary);
      return new Handled(
          Disposition.RETRY, Optional.of(event), notice, Optional.of(report), summary);
    }
    String summary = "event " + event.id() + ": " + outcome(done, notice.get(), vm.get());
    log.info(summary);
    return new Handled(
        Disposition.SCANNED, Optional.of(event), notice, Optional.of(report), summary);
  }

  /** Why a VM is not this cluster's, when it is not. */
  private static Optional<String> foreign(VmssProviderId vm, FunctionSettings settings) {
    if (!vm.subscriptionId().equalsIgnoreCase(settings.subscriptionId())) {
      return Optional.of("is in another subscription than " + settings.subscriptionId());
    }
    return settings
        .nodeResourceGroup()
        .filter(rg -> !rg.equalsIgnoreCase(vm.resourceGroup()))
        .map(rg -> "is outside the node resource group " + rg);
  }

  /**
   * What the scan did about the VM: the node it runs is tainted, cordoned and drained by this scan;
   * or it was already (a redelivered or late event); or no node of the cluster runs on it.
   */
  private static String outcome(
      ScanReport.Completed done, InterruptionNotice notice, VmssProviderId vm) {
    Optional<InterruptedNode> node =
        done.plan().state().interruptions().nodes().values().stream()
            .filter(n -> ProviderIds.sameInstance(n.providerId(), notice.instanceId()))
            .findFirst();
    String what = "spot VM " + vm.instanceId() + " of " + vm.resourceGroup() + "/" + vm.scaleSet();
    if (node.isEmpty()) {
      return what + " runs no node of this cluster; nothing to do";
    }
    String name = node.get().node();
    if (done.plan().actions().stream().noneMatch(a -> touches(a, name))) {
      return what + " was preempted; node " + name + " was handled already; nothing more to do";
    }
    List<String> scaleUps = done.plan().scaleUps().stream().map(ScanLogLine::scaleUp).toList();
    return what
        + " was preempted: node "
        + name
        + " is tainted, cordoned and drained"
        + (scaleUps.isEmpty() ? "" : "; scale-up " + String.join(", ", scaleUps));
  }

  private static boolean touches(Action a, String node) {
    return (a instanceof TaintNode t && t.node().equals(node))
        || (a instanceof CordonNode c && c.node().equals(node))
        || (a instanceof EvictPod e && e.node().equals(node))
        || (a instanceof DeleteInstance d && d.node().equals(node));
  }

  private static Handled acknowledged(
      Logger log, Disposition disposition, HealthEvent event, String summary) {
    log.info(summary);
    return new Handled(
        disposition, Optional.of(event), Optional.empty(), Optional.empty(), summary);
  }

  private static String describe(HealthEvent event) {
    return event.type().equals(HealthEvent.ANNOTATED)
        ? "annotation " + event.annotation()
        : "availability " + event.availabilityState();
  }
}
