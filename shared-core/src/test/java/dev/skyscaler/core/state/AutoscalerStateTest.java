package dev.skyscaler.core.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AutoscalerStateTest {
  static final Instant T = Instant.parse("2026-11-21T12:00:00Z");

  static Drain drain(String node) {
    return new Drain(node, "ng1", "aws:///a/i-" + node, DrainStep.TAINTING, true, "empty", T, T);
  }

  @Test
  void theEmptyStateRemembersNothing() {
    AutoscalerState s = AutoscalerState.EMPTY;
    assertThat(s.unneededSince()).isEmpty();
    assertThat(s.unremovableUntil()).isEmpty();
    assertThat(s.drains()).isEmpty();
    assertThat(s.lastScaleUp()).isEqualTo(AutoscalerState.NEVER).isEqualTo(Instant.EPOCH);
    assertThat(s.lastScaleDown()).isEqualTo(AutoscalerState.NEVER);
    assertThat(s.lastScaleDownFailure()).isEqualTo(AutoscalerState.NEVER);
  }

  @Test
  void mapsAreSortedByNodeAndCannotBeChangedFromOutside() {
    Map<String, Instant> unneeded = new HashMap<>();
    unneeded.put("n3", T);
    unneeded.put("n1", T);
    unneeded.put("n2", T);
    AutoscalerState s =
        new AutoscalerState(
            unneeded, Map.of(), Map.of(), AutoscalerState.NEVER, T, AutoscalerState.NEVER);
    unneeded.put("n9", T);
    assertThat(s.unneededSince()).containsOnlyKeys("n1", "n2", "n3");
    assertThat(s.unneededSince().keySet()).containsExactly("n1", "n2", "n3");
    assertThatThrownBy(() -> s.unneededSince().put("x", T))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aDrainIsKeptUnderItsOwnNode() {
    assertThatThrownBy(
            () ->
                new AutoscalerState(
                    Map.of(),
                    Map.of(),
                    Map.of("n1", drain("n2")),
                    AutoscalerState.NEVER,
                    AutoscalerState.NEVER,
                    AutoscalerState.NEVER))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("drains: the drain under key n1 is for node n2");
  }

  @Test
  void aScaleUpIsRecordedAndTheRestIsKept() {
    AutoscalerState s =
        new AutoscalerState(
            Map.of("n1", T),
            Map.of("n2", T),
            Map.of("n3", drain("n3")),
            AutoscalerState.NEVER,
            T,
            T);
    AutoscalerState after = s.withLastScaleUp(T.plusSeconds(10));
    assertThat(after.lastScaleUp()).isEqualTo(T.plusSeconds(10));
    assertThat(after).usingRecursiveComparison().ignoringFields("lastScaleUp").isEqualTo(s);
  }

  @Test
  void aDrainMovesToItsNextStepKeepingWhereItStarted() {
    Drain d = drain("n1").at(DrainStep.DELETING, T.plusSeconds(300));
    assertThat(d.step()).isEqualTo(DrainStep.DELETING);
    assertThat(d.deadline()).isEqualTo(T.plusSeconds(300));
    assertThat(d.started()).isEqualTo(T);
    assertThat(d.reason()).isEqualTo("empty");
  }
}
