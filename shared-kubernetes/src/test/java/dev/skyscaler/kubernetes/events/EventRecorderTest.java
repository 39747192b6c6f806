package dev.skyscaler.kubernetes.events;

import static dev.skyscaler.kubernetes.mock.MockCluster.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.kubernetes.events.EventRecorder.EventOptions;
import dev.skyscaler.kubernetes.events.EventRecorder.EventReport;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.Event;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class EventRecorderTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  @RegisterExtension final MockCluster cluster = new MockCluster();

  final MutableClock clock = new MutableClock(NOW);

  /** Pods web-N belong to ReplicaSet web and have UID uid-web-N; other pods have no owner. */
  static final EventTargets TARGETS =
      new EventTargets() {
        @Override
        public Optional<String> uid(String kind, String object) {
          return Optional.of("uid-" + object.substring(object.indexOf('/') + 1));
        }

        @Override
        public Optional<OwnerReference> owner(String pod) {
          return pod.startsWith("default/web-")
              ? Optional.of(new OwnerReference("ReplicaSet", "web", "uid-rs"))
              : Optional.empty();
        }
      };

  @Test
  void tenThousandPendingPodsOfOneReplicaSetMakeOneEventWithACount() {
    List<RecordEvent> events =
        IntStream.range(0, 10_000).mapToObj(i -> notTriggered("default/web-" + i)).toList();

    EventReport report = recorder(EventOptions.DEFAULTS).record(events, TARGETS);

    assertThat(report).isEqualTo(new EventReport(10_000, 1, 1, 0, 0, List.of()));
    Event event = onlyEvent();
    assertThat(event.getReason()).isEqualTo("NotTriggerScaleUp");
    assertThat(event.getMessage())
        .isEqualTo(
            "pod didn't trigger scale-up: 2 max node group size reached"
                + " (and 9999 more pods of ReplicaSet web)");
    assertThat(event.getCount()).isEqualTo(10_000);
    assertThat(event.getType()).isEqualTo("Normal");
    assertThat(event.getSource().getComponent()).isEqualTo("cluster-autoscaler");
    assertThat(event.getInvolvedObject().getKind()).isEqualTo("Pod");
    assertThat(event.getInvolvedObject().getName()).isEqualTo("web-0");
    assertThat(event.getInvolvedObject().getUid()).isEqualTo("uid-web-0");
    assertThat(event.getFirstTimestamp()).isEqualTo("2025-01-31T12:00:00Z");
    assertThat(cluster.calls())
        .extracting(ApiCall::verb, ApiCall::fullResource)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("list", "events"),
            org.assertj.core.groups.Tuple.tuple("create", "events"));
  }

  @Test
  void aGroupIsWrittenAgainOnlyAfterTheIntervalAndThenCounted() {
    EventRecorder recorder = recorder(EventOptions.DEFAULTS);
    List<RecordEvent> scan = List.of(notTriggered("default/web-1"), notTriggered("default/web-2"));
    recorder.record(scan, TARGETS);

    clock.advance(Duration.ofMinutes(9));
    EventReport soon = recorder.record(scan, TARGETS);
    clock.advance(Duration.ofMinutes(2));
    EventReport later = recorder.record(scan, TARGETS);

    assertThat(soon.rateLimited()).isEqualTo(1);
    assertThat(soon.written()).isZero();
    assertThat(later.written()).isEqualTo(1);
    Event event = onlyEvent();
    assertThat(event.getCount()).isEqualTo(4);
    assertThat(event.getFirstTimestamp()).isEqualTo("2025-01-31T12:00:00Z");
    assertThat(event.getLastTimestamp()).isEqualTo("2025-01-31T12:11:00Z");
  }

  @Test
  void whenThePodCarryingTheEventIsGoneTheNextEventGoesOnAnotherPodOfTheGroup() {
    EventRecorder recorder = recorder(EventOptions.DEFAULTS);
    recorder.record(List.of(notTriggered("default/web-1")), TARGETS);
    clock.advance(Duration.ofMinutes(11));

    recorder.record(List.of(notTriggered("default/web-2")), TARGETS);

    assertThat(cluster.admin().v1().events().inAnyNamespace().list().getItems())
        .extracting(e -> e.getInvolvedObject().getName())
        .containsExactlyInAnyOrder("web-1", "web-2");
  }

  @Test
  void aScanWritesAtMostItsBudgetWarningsFirst() {
    EventReport report =
        recorder(new EventOptions(Duration.ofMinutes(10), 2, "cluster-autoscaler"))
            .record(
                List.of(
                    new RecordEvent("Node", "n1", "ScaleDown", "marked for removal", false),
                    new RecordEvent("Node", "n2", "ScaleDown", "marked for removal", false),
                    new RecordEvent("Node", "n3", "ScaleDownFailed", "drain timed out", true)),
                TARGETS);

    assertThat(report.written()).isEqualTo(2);
    assertThat(report.dropped()).isEqualTo(1);
    assertThat(cluster.admin().v1().events().inAnyNamespace().list().getItems())
        .extracting(Event::getReason, e -> e.getInvolvedObject().getName(), Event::getType)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("ScaleDownFailed", "n3", "Warning"),
            org.assertj.core.groups.Tuple.tuple("ScaleDown", "n1", "Normal"));
  }

  @Test
  void nodeEventsLiveInTheDefaultNamespaceAndConfigMapEventsNextToTheConfigMap() {
    recorder(EventOptions.DEFAULTS)
        .record(
            List.of(
                new RecordEvent("Node", "n1", "ScaleDown", "removing empty node n1", false),
                new RecordEvent(
                    "ConfigMap",
                    "kube-system/cluster-autoscaler-status",
                    "ScaledUpGroup",
                    "Scale-up: setting group ng1 size to 3",
                    false)),
            TARGETS);

    assertThat(cluster.admin().v1().events().inAnyNamespace().list().getItems())
        .extracting(
            e -> e.getMetadata().getNamespace(),
            e -> e.getInvolvedObject().getKind(),
            e -> e.getInvolvedObject().getNamespace())
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("default", "Node", null),
            org.assertj.core.groups.Tuple.tuple("kube-system", "ConfigMap", "kube-system"));
  }

  @Test
  void whenRecentEventsCannotBeListedNothingIsWritten() {
    cluster.fail(call("list", "events"), 500, 5);

    EventReport report =
        recorder(EventOptions.DEFAULTS).record(List.of(notTriggered("default/web-1")), TARGETS);

    assertThat(report.written()).isZero();
    assertThat(report.failures())
        .containsExactly("list events: HTTP 500 InternalError: injected fault");
    assertThat(cluster.writes()).isEmpty();
  }

  private EventRecorder recorder(EventOptions options) {
    return new EventRecorder(cluster.connect(), options, clock, WriteFence.NONE);
  }

  private Event onlyEvent() {
    List<Event> events = cluster.admin().v1().events().inAnyNamespace().list().getItems();
    assertThat(events).hasSize(1);
    return events.get(0);
  }

  private static RecordEvent notTriggered(String pod) {
    return new RecordEvent(
        "Pod",
        pod,
        "NotTriggerScaleUp",
        "pod didn't trigger scale-up: 2 max node group size reached",
        false);
  }
}
