package dev.skyscaler.cli.simulate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The timeline entries of one scan's actions, in the order they first appear, where one action on
 * several objects (six nodes tainted, fifteen pods evicted from a node) shares one entry.
 */
final class ScanEntries {
  /** Renders an entry from its subjects (never empty) and the number summed over them. */
  interface Render {
    String message(List<String> subjects, long sum);
  }

  private static final class Slot {
    final String kind;
    final Render render;
    final List<String> subjects = new ArrayList<>();
    long sum;

    Slot(String kind, Render render) {
      this.kind = kind;
      this.render = render;
    }
  }

  private final Map<String, Slot> slots = new LinkedHashMap<>();

  /** Adds {@code subject} to the entry {@code key}, which the first call creates. */
  void add(String key, String kind, String subject, long amount, Render render) {
    Slot slot = slots.computeIfAbsent(key, k -> new Slot(kind, render));
    slot.subjects.add(subject);
    slot.sum += amount;
  }

  /** An entry of its own. */
  void single(String kind, String message) {
    Slot s = new Slot(kind, (subjects, sum) -> message);
    s.subjects.add(message);
    slots.put("single|" + slots.size(), s);
  }

  void writeTo(Timeline timeline, Instant now) {
    for (Slot s : slots.values()) {
      timeline.add(now, s.kind, s.render.message(s.subjects, s.sum));
    }
  }

  /** {@code what x} for one subject, {@code what 3 nodes: x, y, z} for several. */
  static String onNodes(String what, List<String> nodes, String rest) {
    return nodes.size() == 1
        ? what + " " + nodes.get(0) + rest
        : what + " " + nodes.size() + " nodes" + rest + ": " + Timeline.some(nodes);
  }
}
