package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Pod;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The world's pods by key, in the order their keys were first added, as a {@code LinkedHashMap}
 * keeps them (replacing a pod keeps its place; a key removed and added again goes last). Every scan
 * copies all of them into a snapshot, so they sit in an array walked in order rather than in linked
 * entries; removals leave holes, closed once they are many. Not thread-safe.
 */
final class PodTable {
  /** Holes tolerated before closing them, at least: closing walks the whole table. */
  private static final int MIN_HOLES_TO_COMPACT = 1024;

  private final Map<String, Integer> slots = new HashMap<>();
  private final List<Pod> ordered = new ArrayList<>();
  private int holes;

  Pod get(String key) {
    Integer slot = slots.get(key);
    return slot == null ? null : ordered.get(slot);
  }

  boolean contains(String key) {
    return slots.containsKey(key);
  }

  int size() {
    return slots.size();
  }

  /** Adds the pod last, or replaces the pod of its key where it stands. */
  void put(Pod p) {
    String key = p.key();
    Integer slot = slots.get(key);
    if (slot == null) {
      slots.put(key, ordered.size());
      ordered.add(p);
    } else {
      ordered.set(slot, p);
    }
  }

  /** Removes the pod of that key; returns it, or null when there was none. */
  Pod remove(String key) {
    Integer slot = slots.remove(key);
    if (slot == null) {
      return null;
    }
    Pod p = ordered.set(slot, null);
    holes++;
    if (holes >= MIN_HOLES_TO_COMPACT && holes > ordered.size() / 2) {
      compact();
    }
    return p;
  }

  /** Every pod, in order, in a new list. */
  List<Pod> toList() {
    List<Pod> result = new ArrayList<>(slots.size());
    for (Pod p : ordered) {
      if (p != null) {
        result.add(p);
      }
    }
    return result;
  }

  private void compact() {
    List<Pod> live = toList();
    ordered.clear();
    slots.clear();
    for (Pod p : live) {
      slots.put(p.key(), ordered.size());
      ordered.add(p);
    }
    holes = 0;
  }
}
