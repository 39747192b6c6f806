package dev.skyscaler.kubernetes.events;

import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes Cluster Autoscaler's events (same reasons, {@code source.component: cluster-autoscaler})
 * without flooding the API: events are first grouped ({@link EventGroup}: one event per controller
 * for the per-pod scale-up reasons, with a count), then each group is written at most once per
 * {@code interval}, and a scan writes at most {@code maxWritesPerScan} events, warnings first.
 *
 * <p>The rate limit survives between invocations because it lives in the events themselves: each
 * carries a label with its group's stable key, and one list of those labels per scan tells which
 * groups were written recently. Cost per scan that records events: one list, answered from the API
 * server's watch cache, plus at most {@code maxWritesPerScan} creates or patches.
 */
public final class EventRecorder {
  static final String KEY_LABEL = "skyscaler.dev/event-key";

  private final KubernetesConnection connection;
  private final KubernetesClient client;
  private final EventOptions options;
  private final Clock clock;
  private final WriteFence fence;

  /**
   * @param interval how long a group's event stands before it is written again
   * @param maxWritesPerScan the most events one scan creates or updates
   * @param component {@code source.component}; CA's name by default, as tools filter on it
   */
  public record EventOptions(Duration interval, int maxWritesPerScan, String component) {
    /** Every 10 minutes at most, 50 writes per scan, as {@code cluster-autoscaler}. */
    public static final EventOptions DEFAULTS =
        new EventOptions(Duration.ofMinutes(10), 50, "cluster-autoscaler");

    public EventOptions {
      Objects.requireNonNull(interval, "interval");
      if (maxWritesPerScan < 0) {
        throw new IllegalArgumentException("maxWritesPerScan must be at least 0");
      }
      Objects.requireNonNull(component, "component");
    }
  }

  /**
   * What became of a batch of events.
   *
   * @param events events asked for
   * @param groups the Kubernetes events they amount to
   * @param written groups created or updated now
   * @param rateLimited groups written less than {@code interval} ago, left alone
   * @param dropped groups over this scan's write budget
   * @param failures one line per failed call
   */
  public record EventReport(
      int events, int groups, int written, int rateLimited, int dropped, List<String> failures) {
    public EventReport {
      failures = List.copyOf(failures);
    }
  }

  /**
   * @param fence admits each event written (the scan's {@code HeldLease}); once it refuses one, no
   *     further event is written
   */
  public EventRecorder(
      KubernetesConnection connection, EventOptions options, Clock clock, WriteFence fence) {
    this.connection = connection;
    this.client = connection.client();
    this.options = Objects.requireNonNull(options, "options");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.fence = Objects.requireNonNull(fence, "fence");
  }

  /** Groups, rate-limits and writes {@code events}; never throws for an API failure. */
  public EventReport record(List<RecordEvent> events, EventTargets targets) {
    if (events.isEmpty()) {
      return new EventReport(0, 0, 0, 0, 0, List.of());
    }
    List<EventGroup> groups = new ArrayList<>(EventGroup.of(events, targets));
    groups.sort(
        Comparator.comparing((EventGroup g) -> !g.warning())
            .thenComparing(g -> "Pod".equals(g.kind())));
    Map<String, Event> latest;
    try {
      latest = latestByKey();
    } catch (KubernetesClientException e) {
      // Without the recent events there is no rate limit: write nothing rather than flood.
      String failure = KubernetesApiException.of("list events", e).getMessage();
      return new EventReport(events.size(), groups.size(), 0, 0, groups.size(), List.of(failure));
    }
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    int written = 0;
    int rateLimited = 0;
    int dropped = 0;
    List<String> failures = new ArrayList<>();
    boolean refused = false;
    for (EventGroup g : groups) {
      Event previous = latest.get(g.key());
      if (previous != null && recent(previous, now)) {
        rateLimited++;
      } else if (refused || written == options.maxWritesPerScan()) {
        dropped++;
      } else {
        try {
          connection.write(
              fence,
              "write event " + g.reason(),
              c -> {
                write(c, g, previous, targets, now);
                return null;
              });
          written++;
        } catch (KubernetesClientException e) {
          failures.add(KubernetesApiException.of("write event " + g.reason(), e).getMessage());
        } catch (WriteRefusedException e) {
          failures.add(e.getMessage());
          refused = true;
          dropped++;
        }
      }
    }
    return new EventReport(events.size(), groups.size(), written, rateLimited, dropped, failures);
  }

  private Map<String, Event> latestByKey() {
    Map<String, Event> latest = new HashMap<>();
    // from the watch cache (resourceVersion=0): a write this list has not seen yet is refreshed
    // when its create conflicts, and the cache filters by label in memory
    var recent =
        new io.fabric8.kubernetes.api.model.ListOptionsBuilder()
            .withLabelSelector(KEY_LABEL)
            .withResourceVersion("0")
            .build();
    for (Event e : client.v1().events().inAnyNamespace().list(recent).getItems()) {
      String key = e.getMetadata().getLabels().get(KEY_LABEL);
      Event known = latest.get(key);
      if (known == null || time(e).isAfter(time(known))) {
        latest.put(key, e);
      }
    }
    return latest;
  }

  private boolean recent(Event e, Instant now) {
    return time(e).plus(options.interval()).isAfter(now);
  }

  private static Instant time(Event e) {
    String t = e.getLastTimestamp() != null ? e.getLastTimestamp() : e.getFirstTimestamp();
    try {
      return t == null ? Instant.EPOCH : Instant.parse(t);
    } catch (java.time.format.DateTimeParseException bad) {
      return Instant.EPOCH;
    }
  }

  /**
   * Updates the group's event when it is still on one of the group's objects (a stable home from
   * scan to scan), otherwise creates one on the group's first object.
   */
  private void write(
      KubernetesClient client, EventGroup g, Event previous, EventTargets targets, Instant now) {
    if (previous != null && g.objects().contains(involved(previous))) {
      int count = (previous.getCount() == null ? 0 : previous.getCount()) + g.objects().size();
      String patch =
          "{\"count\":"
              + count
              + ",\"lastTimestamp\":\""
              + now
              + "\",\"message\":"
              + quoted(message(g))
              + "}";
      client.v1().events().resource(previous).patch(PatchContext.of(PatchType.JSON_MERGE), patch);
      return;
    }
    String object = g.objects().get(0);
    Event event =
        new EventBuilder()
            .withNewMetadata()
            .withNamespace(g.namespace())
            .withName(EventGroup.nameOf(object) + "." + g.key())
            .addToLabels(KEY_LABEL, g.key())
            .endMetadata()
            .withNewInvolvedObject()
            .withApiVersion("v1")
            .withKind(g.kind())
            .withNamespace("Node".equals(g.kind()) ? null : g.namespace())
            .withName(EventGroup.nameOf(object))
            .withUid(targets.uid(g.kind(), object).orElse(null))
            .endInvolvedObject()
            .withReason(g.reason())
            .withMessage(message(g))
            .withType(g.warning() ? "Warning" : "Normal")
            .withCount(g.objects().size())
            .withFirstTimestamp(now.toString())
            .withLastTimestamp(now.toString())
            .withNewSource()
            .withComponent(options.component())
            .endSource()
            .withReportingComponent("skyscaler")
            .build();
    try {
      client.v1().events().resource(event).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      // The event exists but was not listed (written concurrently): refresh it instead.
      client
          .v1()
          .events()
          .resource(event)
          .patch(
              PatchContext.of(PatchType.JSON_MERGE),
              "{\"lastTimestamp\":\"" + now + "\",\"message\":" + quoted(message(g)) + "}");
    }
  }

  private static String involved(Event e) {
    var o = e.getInvolvedObject();
    return o.getNamespace() == null || "Node".equals(o.getKind())
        ? o.getName()
        : o.getNamespace() + "/" + o.getName();
  }

  private static String message(EventGroup g) {
    String m = g.aggregateMessage();
    // The API server rejects event messages over 1 KiB.
    return m.length() <= 1024 ? m : m.substring(0, 1021) + "...";
  }

  private static String quoted(String s) {
    return io.fabric8.kubernetes.client.utils.Serialization.asJson(s);
  }
}
