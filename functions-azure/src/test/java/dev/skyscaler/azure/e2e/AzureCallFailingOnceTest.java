package dev.skyscaler.azure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.azure.arm.FakeArmWorld;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every cloud mutation failing once, on Azure: the scale set's capacity PATCH, the agent pool's
 * PUT, a scale set's VM deletion, each answered 500 once by the local ARM server, and a scale-up
 * whose long-running operation ends {@code Failed}. The scan that meets the failure reports the
 * action not done and goes on; the scans after it, by fresh invocations, plan again from what ARM
 * and the cluster then show, and converge: the scale-up reaches the nodes its pods need, the
 * scale-down ends at one node, every pod runs, no node keeps a taint or a cordon of ours. The same
 * cluster-side calls (lease, state, status, events, node edits, evictions) fail in the AWS suite,
 * {@code EveryCallFailingOnceTest}: they are the shared scan's.
 */
class AzureCallFailingOnceTest {
  private static final Duration SCAN = Duration.ofSeconds(10);

  /**
   * Ten minutes of scans: a scale-up given up on after two, a backed-off group's five, a scale-up's
   * two.
   */
  private static final int MAX_SCANS = 60;

  private static final String SCALE_SET = "/virtualMachineScaleSets/workers$";
  private static final String POOL = "/agentPools/user1$";

  private final AzureStory story = new AzureStory();

  @AfterEach
  void close() {
    story.close();
  }

  enum Story {
    SCALE_UP_ON_A_SCALE_SET,
    SCALE_UP_ON_AN_AKS_POOL,
    SCALE_DOWN_ON_A_SCALE_SET
  }

  /**
   * One fault: the story it hits, how ARM fails the call once, the settings of the run, and whether
   * ARM fails the change only after accepting it (so the scan that made it saw it done).
   */
  record Fault(
      String name,
      Story story,
      Consumer<AzureStory> inject,
      Map<String, String> settings,
      boolean failsAfterAcceptance) {
    Fault(String name, Story story, Consumer<AzureStory> inject) {
      this(name, story, inject, Map.of(), false);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Fault> faults() {
    return Stream.of(
        new Fault(
            "the scale set's capacity PATCH fails",
            Story.SCALE_UP_ON_A_SCALE_SET,
            s -> s.arm.failNext("PATCH", SCALE_SET, 500, Map.of(), "InternalServerError")),
        new Fault(
            "the scale set's capacity change is accepted but its operation fails",
            Story.SCALE_UP_ON_A_SCALE_SET,
            s -> s.arm.failNextOperation("AllocationFailed", "injected: no capacity"),
            // the six VMs never come: given up on after --max-node-provision-time
            Map.of("MAX_NODE_PROVISION_TIME", "2m"),
            true),
        new Fault(
            "the agent pool's PUT fails",
            Story.SCALE_UP_ON_AN_AKS_POOL,
            s -> s.arm.failNext("PUT", POOL, 500, Map.of(), "InternalServerError")),
        new Fault(
            "the VM deletion fails",
            Story.SCALE_DOWN_ON_A_SCALE_SET,
            s ->
                s.arm.failNext(
                    "POST",
                    SCALE_SET.replace("$", "/delete$"),
                    500,
                    Map.of(),
                    "InternalServerError")));
  }

  private String log() {
    return String.join("\n", story.logLines);
  }

  /** Scans every 10 s until {@code converged}, for at most {@link #MAX_SCANS}. */
  private void scanUntil(List<ScanReport> reports, BooleanSupplier converged) {
    for (int i = 0; i < MAX_SCANS && !converged.getAsBoolean(); i++) {
      story.tick(SCAN);
      reports.add(story.scan());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("faults")
  void theScanMeetingTheFailureLeavesTheActionUndoneAndTheNextScansReplanAndConverge(Fault f) {
    List<ScanReport> reports = new ArrayList<>();
    switch (f.story()) {
      case SCALE_UP_ON_A_SCALE_SET, SCALE_UP_ON_AN_AKS_POOL -> {
        if (f.story() == Story.SCALE_UP_ON_A_SCALE_SET) {
          story.scaleSet("rg-nodes", "workers", 2, 1, 10);
          story.selfManaged(f.settings());
        } else {
          FakeArmWorld.Cluster aks =
              story.arm.world().cluster("rg-aks", "prod", "MC_rg-aks_prod_westeurope");
          story.pool(aks, "user1", 2, 1, 10);
          story.aks(aks, Map.of());
        }
        story.actors.scale("nginx", 10);
        story.tick(Duration.ofSeconds(60));
        story.scan();
        f.inject().accept(story);
        story.actors.scale("nginx", 300); // 220 wait: 5.5 nodes' worth
        scanUntil(reports, () -> story.nodes().size() == 8 && story.runningPods() == 300);

        assertThat(story.nodes()).as("the nodes the pods need\n%s", log()).hasSize(8);
        assertThat(story.runningPods()).isEqualTo(300);
      }
      case SCALE_DOWN_ON_A_SCALE_SET -> {
        story.scaleSet("rg-nodes", "workers", 2, 1, 10);
        story.selfManaged(
            Map.of("SCALE_DOWN_UNNEEDED_TIME", "1m", "SCALE_DOWN_DELAY_AFTER_ADD", "0s"));
        story.actors.scale("nginx", 10); // all on one node: the other is empty
        story.tick(Duration.ofSeconds(60));
        story.scan();
        f.inject().accept(story);
        scanUntil(reports, () -> story.nodes().size() == 1);

        assertThat(story.nodes()).as("the empty node deleted\n%s", log()).hasSize(1);
        assertThat(story.arm.world().findScaleSet("rg-nodes", "workers").orElseThrow().capacity)
            .isEqualTo(1);
        assertThat(story.runningPods()).isEqualTo(10);
      }
    }
    if (!f.failsAfterAcceptance()) {
      assertThat(reports)
          .filteredOn(r -> r instanceof ScanReport.Completed)
          .map(r -> ((ScanReport.Completed) r).cloud())
          .as("a scan met the failure and left the action undone, without stopping")
          .anyMatch(
              outcomes ->
                  outcomes.stream()
                      .anyMatch(
                          o ->
                              o.outcome().status() == Status.FAILED
                                  || o.outcome().status() == Status.RETRY));
    } else {
      // ARM accepted the change and failed it later: the six VMs never came, were given up on
      // (deleted as unregistered), and a second scale-up was planned from what ARM then showed
      assertThat(story.writes(SCALE_SET)).as("capacity changes").hasSize(2);
    }
    assertThat(story.nodes())
        .allSatisfy(
            n -> {
              assertThat(n.getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE);
              assertThat(n.getSpec().getTaints())
                  .noneMatch(t -> t.getKey().equals("ToBeDeletedByClusterAutoscaler"));
            });
  }
}
