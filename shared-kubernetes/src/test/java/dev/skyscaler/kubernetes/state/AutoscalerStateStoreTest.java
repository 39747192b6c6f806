package dev.skyscaler.kubernetes.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import dev.skyscaler.core.plan.action.RepairInstance.Level;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.Drain;
import dev.skyscaler.core.state.DrainStep;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.core.state.InterruptedNode;
import dev.skyscaler.core.state.InterruptionState;
import dev.skyscaler.core.state.RepairRecord;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.state.StateStore.StoreOptions;
import dev.skyscaler.kubernetes.state.StateStore.Stored;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The real {@link AutoscalerState} through the codec and the store. */
class AutoscalerStateStoreTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00.123456Z");

  @RegisterExtension final MockCluster cluster = new MockCluster();

  static List<String> names(int n) {
    return IntStream.range(0, n)
        .mapToObj(i -> "ip-10-0-" + (i / 250) + "-" + (i % 250) + ".eu-west-1.compute.internal")
        .toList();
  }

  /**
   * {@code n} nodes all unneeded, a tenth unremovable, 200 drains, a repair and an interruption.
   */
  static AutoscalerState state(List<String> nodes) {
    Map<String, Instant> unneeded = new TreeMap<>();
    Map<String, Instant> unremovable = new TreeMap<>();
    Map<String, Drain> drains = new TreeMap<>();
    for (int i = 0; i < nodes.size(); i++) {
      String n = nodes.get(i);
      unneeded.put(n, NOW.minusMillis(137_011L * i));
      if (i % 10 == 0) {
        unremovable.put(n, NOW.plusSeconds(300 + i));
      }
      if (i < 200) {
        drains.put(
            n,
            new Drain(
                n,
                "ng-" + (i % 50),
                "aws:///eu-west-1a/i-0" + Integer.toHexString(0x1000000 + i),
                DrainStep.EVICTING,
                false,
                "underutilized",
                NOW,
                NOW.plusSeconds(780)));
      }
    }
    String first = nodes.get(0);
    return new AutoscalerState(
        unneeded,
        unremovable,
        drains,
        NOW,
        NOW.minusSeconds(60),
        AutoscalerState.NEVER,
        new HealthState(
            Map.of("ng-1", new RepairRecord(first, "aws:///eu-west-1a/i-0abc", Level.RESTART, NOW)),
            Map.of("aws:i-0def", NOW)),
        new InterruptionState(
            Map.of(
                first,
                new InterruptedNode(
                    first,
                    "aws:///eu-west-1a/i-0abc",
                    "ng-1",
                    Set.of(Kind.SPOT_WARNING, Kind.LIFECYCLE_TERMINATE),
                    Optional.of(NOW.plusSeconds(120)),
                    NOW.plusSeconds(120),
                    Optional.of(
                        new InterruptedNode.HookState(
                            new LifecycleHook("ng-1", "drain", "token-1"),
                            NOW.plusSeconds(900),
                            false)),
                    false)),
            Map.of("notice-1", NOW.plusSeconds(3600))));
  }

  @Test
  void theAutoscalerStateRoundTripsThroughTheCodec() {
    JsonStateCodec<AutoscalerState> codec = new JsonStateCodec<>(AutoscalerState.class);
    AutoscalerState state = state(names(20));

    assertThat(codec.decode(codec.encode(state))).isEqualTo(state);
  }

  @Test
  void aStateWrittenBeforeAPolicyHadStateReadsWithThatPolicysEmptyState() {
    JsonStateCodec<AutoscalerState> codec =
        new JsonStateCodec<>(AutoscalerState.class, AutoscalerState.EMPTY);

    AutoscalerState old =
        codec.decode(
            "{\"unneededSince\":{\"n1\":\"2025-01-31T12:00:00Z\"},\"lastScaleUp\":\"2025-01-31T11:00:00Z\"}");

    assertThat(old.unneededSince()).containsEntry("n1", Instant.parse("2025-01-31T12:00:00Z"));
    assertThat(old.lastScaleUp()).isEqualTo(Instant.parse("2025-01-31T11:00:00Z"));
    assertThat(old.lastScaleDown()).isEqualTo(AutoscalerState.NEVER);
    assertThat(old.health()).isEqualTo(HealthState.EMPTY);
    assertThat(old.interruptions()).isEqualTo(InterruptionState.EMPTY);
  }

  @Test
  void entriesOfGoneNodesArePrunedButPolicyStatesAreKept() {
    List<String> nodes = names(20);
    AutoscalerState pruned =
        new AutoscalerStatePruning().keepOnly(state(nodes), Set.of(nodes.get(0)));

    assertThat(pruned.unneededSince()).containsOnlyKeys(nodes.get(0));
    assertThat(pruned.unremovableUntil()).containsOnlyKeys(nodes.get(0));
    assertThat(pruned.drains()).containsOnlyKeys(nodes.get(0));
    assertThat(pruned.health()).isEqualTo(state(nodes).health());
    assertThat(pruned.interruptions()).isEqualTo(state(nodes).interruptions());
  }

  @Test
  void theStateOfFiveThousandNodesIsStoredFarBelowTheObjectLimit() {
    List<String> nodes = names(5_000);
    AutoscalerState big = state(nodes);
    StateStore<AutoscalerState> store =
        new StateStore<>(
            cluster.connect(),
            new JsonStateCodec<>(AutoscalerState.class, AutoscalerState.EMPTY),
            AutoscalerState.EMPTY,
            new AutoscalerStatePruning(),
            StoreOptions.DEFAULTS,
            WriteFence.NONE);

    Stored<AutoscalerState> saved = store.save(big, store.load(), Set.copyOf(nodes));

    int json = new JsonStateCodec<>(AutoscalerState.class).encode(big).length();
    System.out.printf(
        "AutoscalerState of 5,000 nodes: %,d bytes of JSON, %,d bytes stored (gzip, base64)%n",
        json, saved.storedBytes());
    assertThat(saved.storedBytes()).isLessThan(256 * 1024);
    assertThat(store.load().state()).isEqualTo(big);
  }
}
