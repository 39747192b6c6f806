package dev.skyscaler.kubernetes.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What {@link MultiScanPropertiesTest} found, each as the scans that showed it. */
class MultiScanRegressionTest {
  /**
   * Seed -62188151 of the property: a spot warning's taint patch met five conflicts in a row, its
   * cordon landed, and the state save was refused. The cordon had no owner, and the planners, who
   * see the taint and not the cordon's mark, never lifted it.
   */
  @Test
  void anInterruptionWhoseTaintAndStateSaveFailLeavesNoCordonWithoutAnOwner() {
    try (MultiScanWorld world = new MultiScanWorld(1)) {
      world.scan("actor-0", () -> {}, List.of()); // the state's ConfigMap exists
      world.advance(MultiScanWorld.SCAN_INTERVAL);
      var notice =
          new InterruptionNotice(
              "spot-n1",
              Kind.SPOT_WARNING,
              "i-n1",
              world.clock.instant().plusSeconds(120),
              Optional.empty());
      world.cluster.fail(
          c -> c.verb().equals("patch") && c.body().contains("/spec/taints"), 409, 5);
      world.cluster.fail(
          c ->
              c.isWrite()
                  && c.resource().equals("configmaps")
                  && c.name().equals(MultiScanWorld.STATE),
          409,
          1);

      ScanReport first = world.scan("actor-1", () -> {}, List.of(notice));
      world.advance(MultiScanWorld.SCAN_INTERVAL);
      ScanReport second = world.scan("actor-2", () -> {}, List.of());

      assertThat(first).isInstanceOf(ScanReport.Completed.class);
      assertThat(((ScanReport.Completed) first).warnings())
          .anyMatch(w -> w.contains("this scan's state is not saved"));
      assertThat(second).isInstanceOf(ScanReport.Completed.class);
      assertThat(world.unownedMarks()).isEmpty();
      assertThat(world.nodes())
          .filteredOn(n -> n.getMetadata().getName().equals("n1"))
          .singleElement()
          .satisfies(n -> assertThat(n.getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE));
    }
  }
}
