package dev.skyscaler.kubernetes.events;

import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the event writer needs to know about the objects events are about: their UIDs ({@code
 * kubectl describe} finds events by the object's UID) and each pod's controller (events of pods of
 * one controller are aggregated).
 */
public interface EventTargets {
  /** The UID of {@code kind} {@code object} ({@code namespace/name}, or the name of a node). */
  Optional<String> uid(String kind, String object);

  /** The controller of pod {@code namespace/name}. */
  Optional<OwnerReference> owner(String pod);

  /** Knows nothing: events carry no UID and are not aggregated by controller. */
  EventTargets NONE =
      new EventTargets() {
        @Override
        public Optional<String> uid(String kind, String object) {
          return Optional.empty();
        }

        @Override
        public Optional<OwnerReference> owner(String pod) {
          return Optional.empty();
        }
      };

  /**
   * UIDs of nodes (by name, as read) and of the core model's pods, and the pods' controllers: what
   * a scan that keeps only the core model still has ({@link
   * dev.skyscaler.kubernetes.LiveSnapshotReader.ScanRead}).
   */
  static EventTargets of(Map<String, String> nodeUids, List<Pod> pods) {
    Map<String, String> uids = new HashMap<>();
    nodeUids.forEach((name, uid) -> uids.put("Node " + name, uid));
    Map<String, OwnerReference> owners = new HashMap<>();
    for (Pod p : pods) {
      if (!p.uid().isEmpty()) {
        uids.put("Pod " + p.key(), p.uid());
      }
      p.owner().ifPresent(o -> owners.put(p.key(), o));
    }
    return table(uids, owners);
  }

  private static EventTargets table(Map<String, String> uids, Map<String, OwnerReference> owners) {
    return new EventTargets() {
      @Override
      public Optional<String> uid(String kind, String object) {
        return Optional.ofNullable(uids.get(kind + " " + object));
      }

      @Override
      public Optional<OwnerReference> owner(String pod) {
        return Optional.ofNullable(owners.get(pod));
      }
    };
  }
}
