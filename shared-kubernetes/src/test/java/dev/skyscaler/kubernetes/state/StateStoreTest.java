package dev.skyscaler.kubernetes.state;

import static dev.skyscaler.kubernetes.mock.MockCluster.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.state.StateStore.StoreOptions;
import dev.skyscaler.kubernetes.state.StateStore.Stored;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class StateStoreTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");
  static final Set<String> NODES = Set.of("n1", "n2", "n3");

  @RegisterExtension final MockCluster cluster = new MockCluster();

  @Test
  void theFirstSaveCreatesTheConfigMapAndALoadReadsTheSameState() {
    StateStore<SampleState> store = store();
    Stored<SampleState> nothing = store.load();

    Stored<SampleState> saved = store.save(JsonStateCodecTest.sample(), nothing, NODES);
    Stored<SampleState> loaded = store.load();

    assertThat(nothing.state()).isEqualTo(SampleState.EMPTY);
    assertThat(nothing.resourceVersion()).isEmpty();
    assertThat(loaded.state()).isEqualTo(JsonStateCodecTest.sample());
    assertThat(loaded.resourceVersion()).isEqualTo(saved.resourceVersion()).isPresent();
    ConfigMap cm = stateConfigMap();
    assertThat(cm.getData()).containsKey("state.json");
    assertThat(cm.getMetadata().getAnnotations())
        .containsEntry("skyscaler.dev/state-format", "json");
  }

  @Test
  void anUnchangedStateIsNotWrittenAgain() {
    StateStore<SampleState> store = store();
    Stored<SampleState> saved = store.save(JsonStateCodecTest.sample(), store.load(), NODES);
    cluster.clearCalls();

    Stored<SampleState> again = store.save(JsonStateCodecTest.sample(), saved, NODES);

    assertThat(again).isSameAs(saved);
    assertThat(cluster.calls()).isEmpty();
  }

  @Test
  void entriesOfNodesThatNoLongerExistArePruned() {
    StateStore<SampleState> store = store();

    store.save(JsonStateCodecTest.sample(), store.load(), Set.of("n2"));

    SampleState stored = store.load().state();
    assertThat(stored.unneededSince()).containsOnlyKeys("n2");
    assertThat(stored.drains()).isEmpty();
    assertThat(stored.backoff()).containsOnlyKeys("ng-b");
  }

  @Test
  void aStateAnotherActorWroteSinceTheLoadIsNotWrittenOverAndTheSaveStops() {
    StateStore<SampleState> store = store();
    Stored<SampleState> loaded = store.save(SampleState.EMPTY, store.load(), NODES);
    String read = loaded.resourceVersion().orElseThrow();
    SampleState theirs = JsonStateCodecTest.sample().keepOnly(Set.of("n1"));
    store.save(theirs, loaded, NODES); // another actor, from the same load
    String now = stateConfigMap().getMetadata().getResourceVersion();
    cluster.clearCalls();

    assertThatThrownBy(() -> store.save(JsonStateCodecTest.sample(), loaded, NODES))
        .isInstanceOf(StateConflictException.class)
        .hasMessage(
            "ConfigMap kube-system/skyscaler-state: changed since this scan read it"
                + " (resourceVersion "
                + read
                + ", now "
                + now
                + "): another actor wrote it; this scan's state is not saved over it, and the"
                + " next scan plans from what the cluster then shows");
    assertThat(cluster.calls()).extracting(c -> c.verb()).containsExactly("update", "get");
    assertThat(store.load().state()).isEqualTo(theirs);
  }

  @Test
  void aConfigMapCreatedByAnotherActorSinceTheLoadIsAConflictToo() {
    StateStore<SampleState> store = store();
    Stored<SampleState> nothing = store.load();
    store.save(SampleState.EMPTY, nothing, NODES);

    assertThatThrownBy(() -> store.save(JsonStateCodecTest.sample(), nothing, NODES))
        .isInstanceOf(StateConflictException.class)
        .hasMessageStartingWith(
            "ConfigMap kube-system/skyscaler-state: changed since this scan read it"
                + " (resourceVersion none, now ");
    assertThat(store.load().state()).isEqualTo(SampleState.EMPTY);
  }

  @Test
  void aWriteWhoseAnswerWasLostAndWhoseRetryConflictsWithItselfIsRecognisedAsDone() {
    StateStore<SampleState> store = store();
    Stored<SampleState> loaded = store.save(SampleState.EMPTY, store.load(), NODES);
    // applied, answered after the request timeout: the client retries with the old version
    cluster.answerLate(call("update", "configmaps"), Duration.ofMillis(2500));
    cluster.clearCalls();

    Stored<SampleState> saved = store.save(JsonStateCodecTest.sample(), loaded, NODES);

    assertThat(cluster.calls())
        .extracting(c -> c.verb())
        .containsExactly("update", "update", "get");
    assertThat(saved.resourceVersion())
        .contains(stateConfigMap().getMetadata().getResourceVersion());
    assertThat(saved.warnings()).isEmpty();
    assertThat(store.load().state()).isEqualTo(JsonStateCodecTest.sample());
  }

  @Test
  void aStateThatCannotBeReadStartsTheScanFromAnEmptyStateWithAWarning() {
    cluster
        .admin()
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withName("skyscaler-state")
                .endMetadata()
                .withData(Map.of("state.json", "{\"drains\":{\"n3\":{\"group\":\"ng-a\"}}}"))
                .build())
        .create();
    StateStore<SampleState> store = store();

    Stored<SampleState> loaded = store.load();
    store.save(SampleState.EMPTY, loaded, NODES);

    assertThat(loaded.state()).isEqualTo(SampleState.EMPTY);
    assertThat(loaded.warnings())
        .containsExactly(
            "ConfigMap kube-system/skyscaler-state: state: drains.n3: deadline: missing;"
                + " starting from an empty state");
    assertThat(store.load().warnings()).isEmpty();
  }

  @Test
  void theStateOfFiveThousandNodesIsStoredCompressedFarBelowTheObjectLimit() {
    SampleState big = fiveThousandNodes();
    Set<String> nodes = big.unneededSince().keySet();
    StateStore<SampleState> store = store();

    Stored<SampleState> saved = store.save(big, store.load(), nodes);

    int json = new JsonStateCodec<>(SampleState.class).encode(big).length();
    System.out.printf(
        "state of 5,000 nodes: %,d bytes of JSON, %,d bytes stored (gzip, base64)%n",
        json, saved.storedBytes());
    assertThat(json).isGreaterThan(StateEncoding.PLAIN_LIMIT);
    assertThat(saved.storedBytes()).isLessThan(256 * 1024);
    assertThat(stateConfigMap().getBinaryData()).containsKey("state.json.gz");
    assertThat(store.load().state()).isEqualTo(big);
  }

  @Test
  void aStateTooBigEvenCompressedIsRefusedNotTruncated() {
    StringBuilder noise = new StringBuilder();
    java.util.Random random = new java.util.Random(7);
    while (noise.length() < 1_400_000) {
      noise.append(Long.toString(random.nextLong(), 36));
    }

    assertThatThrownBy(() -> StateEncoding.encode("\"" + noise + "\"", "ConfigMap x/y"))
        .isInstanceOf(StateException.class)
        .hasMessageMatching(
            "ConfigMap x/y: the state is \\d+ bytes, \\d+ compressed: over the 921600-byte limit"
                + " for one ConfigMap; not written");
  }

  /** Every node unneeded, 200 drains, 100 groups with backoff and a scale-up in flight. */
  static SampleState fiveThousandNodes() {
    List<String> names =
        IntStream.range(0, 5_000)
            .mapToObj(i -> "ip-10-0-" + (i / 250) + "-" + (i % 250) + ".eu-west-1.compute.internal")
            .toList();
    Map<String, Instant> unneeded = new TreeMap<>();
    for (int i = 0; i < names.size(); i++) {
      unneeded.put(names.get(i), NOW.minusMillis(137_011L * i));
    }
    Map<String, SampleState.Drain> drains =
        names.stream()
            .limit(200)
            .collect(
                Collectors.toMap(
                    n -> n,
                    n ->
                        new SampleState.Drain(
                            "ng-" + (n.hashCode() & 63),
                            NOW,
                            NOW.plus(Duration.ofMinutes(10)),
                            Set.of("default/web-" + n.length(), "batch/job-" + n.hashCode()),
                            SampleState.Step.EVICTING)));
    Map<String, SampleState.Backoff> backoff = new TreeMap<>();
    List<SampleState.ScaleUpRequest> inFlight = new java.util.ArrayList<>();
    for (int g = 0; g < 100; g++) {
      backoff.put(
          "ng-" + g, new SampleState.Backoff(NOW.plusSeconds(g), Duration.ofMinutes(5), "QUOTA"));
      inFlight.add(new SampleState.ScaleUpRequest("ng-" + g, g % 7 + 1, NOW.minusSeconds(g)));
    }
    return new SampleState(
        unneeded,
        inFlight,
        backoff,
        drains,
        Optional.of(NOW),
        Optional.of(NOW.minusSeconds(60)),
        Optional.empty());
  }

  private StateStore<SampleState> store() {
    return new StateStore<>(
        cluster.connect(),
        new JsonStateCodec<>(SampleState.class),
        SampleState.EMPTY,
        SampleState::keepOnly,
        StoreOptions.DEFAULTS,
        WriteFence.NONE);
  }

  private ConfigMap stateConfigMap() {
    return cluster
        .admin()
        .configMaps()
        .inNamespace("kube-system")
        .withName("skyscaler-state")
        .get();
  }
}
