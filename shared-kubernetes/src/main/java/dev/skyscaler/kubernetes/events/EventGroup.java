package dev.skyscaler.kubernetes.events;

import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.plan.action.RecordEvent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Events that become one Kubernetes Event: the same reason about the pods of one controller ({@code
 * NotTriggerScaleUp} for 10,000 pending pods of one Deployment is one event, on one of its pods,
 * with a count), or the same reason and message about one object.
 *
 * @param key a stable hash of what the group is about, the same from scan to scan
 * @param objects the objects concerned, in the order the plan named them ({@code namespace/name}
 *     for pods, the name for nodes)
 * @param owner {@code ReplicaSet web} for a controller's pods, empty otherwise
 */
record EventGroup(
    String kind,
    String namespace,
    String key,
    String reason,
    String message,
    boolean warning,
    List<String> objects,
    String owner) {

  /** Reasons CA writes on every pending pod each scan: aggregated by controller. */
  static final Set<String> PER_CONTROLLER = Set.of("TriggeredScaleUp", "NotTriggerScaleUp");

  /** The message with how many more objects it stands for. */
  String aggregateMessage() {
    int more = objects.size() - 1;
    return more == 0
        ? message
        : message + " (and " + more + " more pod" + (more == 1 ? "" : "s") + " of " + owner + ")";
  }

  /** Groups events in order of first appearance. */
  static List<EventGroup> of(List<RecordEvent> events, EventTargets targets) {
    Map<String, List<RecordEvent>> byIdentity = new LinkedHashMap<>();
    Map<String, String> owners = new LinkedHashMap<>();
    for (RecordEvent e : events) {
      Optional<OwnerReference> owner =
          "Pod".equals(e.kind()) && PER_CONTROLLER.contains(e.reason())
              ? targets.owner(e.object())
              : Optional.empty();
      String identity =
          owner
              .map(o -> namespaceOf(e) + "/" + o.kind() + "/" + o.name())
              .orElse(e.object() + "|" + e.message());
      identity = e.kind() + "|" + identity + "|" + e.reason() + "|" + e.warning();
      byIdentity.computeIfAbsent(identity, k -> new ArrayList<>()).add(e);
      String id = identity;
      owner.ifPresent(o -> owners.put(id, o.kind() + " " + o.name()));
    }
    List<EventGroup> groups = new ArrayList<>();
    byIdentity.forEach(
        (identity, list) -> {
          RecordEvent first = list.get(0);
          List<String> objects = list.stream().map(RecordEvent::object).distinct().toList();
          groups.add(
              new EventGroup(
                  first.kind(),
                  namespaceOf(first),
                  hash(identity),
                  first.reason(),
                  first.message(),
                  first.warning(),
                  objects,
                  owners.getOrDefault(identity, "")));
        });
    return groups;
  }

  /** Where the event lives: the object's namespace, {@code default} for cluster objects. */
  static String namespaceOf(RecordEvent e) {
    int slash = e.object().indexOf('/');
    return slash > 0 ? e.object().substring(0, slash) : "default";
  }

  /** The object's name without its namespace. */
  static String nameOf(String object) {
    return object.substring(object.indexOf('/') + 1);
  }

  private static String hash(String identity) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
