package dev.skyscaler.kubernetes.shadow;

import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Cluster Autoscaler did in a span of time, as its events on its status ConfigMap tell it:
 * {@code ScaledUpGroup} ("Scale-up: setting group G size to N instead of M (max: X)") and {@code
 * ScaleDown} / {@code ScaleDownEmpty} ("Scale-down: removing node N, ..." / "Scale-down: removing
 * empty node "N""). Events of other reasons, of other sources and outside the span are ignored.
 *
 * @param scaledUp node group to the nodes CA added to it
 * @param removed the nodes CA started removing
 */
public record CaActivity(Map<String, Integer> scaledUp, Set<String> removed) {
  private static final Pattern SCALED_UP =
      Pattern.compile("^Scale-up: setting group (\\S+) size to (\\d+) instead of (\\d+).*$");
  private static final Pattern REMOVING =
      Pattern.compile("^Scale-down: removing (?:empty )?node \"?([^\",\\s]+)\"?.*$");

  /** Nothing done. */
  public static final CaActivity NONE = new CaActivity(Map.of(), Set.of());

  /** Sorted copies. */
  public CaActivity {
    scaledUp = java.util.Collections.unmodifiableMap(new TreeMap<>(scaledUp));
    removed = java.util.Collections.unmodifiableSet(new TreeSet<>(removed));
  }

  /**
   * Reads CA's events in {@code namespace} about its status ConfigMap {@code status} last seen
   * after {@code since} and up to {@code until}.
   *
   * @throws KubernetesApiException when the events cannot be listed
   */
  public static CaActivity read(
      KubernetesConnection connection,
      String namespace,
      String status,
      Instant since,
      Instant until) {
    Objects.requireNonNull(since, "since");
    Map<String, Integer> up = new TreeMap<>();
    Set<String> removed = new TreeSet<>();
    for (Event e : list(connection, namespace)) {
      var about = e.getInvolvedObject();
      if (about == null
          || !"ConfigMap".equals(about.getKind())
          || !status.equals(about.getName())) {
        continue;
      }
      Optional<Instant> seen = seen(e);
      if (seen.isEmpty() || !seen.get().isAfter(since) || seen.get().isAfter(until)) {
        continue;
      }
      String message = e.getMessage() == null ? "" : e.getMessage();
      if ("ScaledUpGroup".equals(e.getReason())) {
        Matcher m = SCALED_UP.matcher(message);
        if (m.matches()) {
          int added = Integer.parseInt(m.group(2)) - Integer.parseInt(m.group(3));
          up.merge(m.group(1), Math.max(0, added), Integer::sum);
        }
      } else if ("ScaleDown".equals(e.getReason()) || "ScaleDownEmpty".equals(e.getReason())) {
        Matcher m = REMOVING.matcher(message);
        if (m.matches()) {
          removed.add(m.group(1));
        }
      }
    }
    return new CaActivity(up, removed);
  }

  private static java.util.List<Event> list(KubernetesConnection connection, String namespace) {
    try {
      return connection.client().v1().events().inNamespace(namespace).list().getItems();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of("list events in " + namespace, e);
    }
  }

  /** When the event last happened: lastTimestamp, else eventTime, else firstTimestamp. */
  private static Optional<Instant> seen(Event e) {
    for (String t : new String[] {e.getLastTimestamp(), e.getFirstTimestamp()}) {
      Optional<Instant> parsed = instant(t);
      if (parsed.isPresent()) {
        return parsed;
      }
    }
    return e.getEventTime() == null ? Optional.empty() : instant(e.getEventTime().getTime());
  }

  private static Optional<Instant> instant(String text) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(ZonedDateTime.parse(text).toInstant());
    } catch (java.time.format.DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
