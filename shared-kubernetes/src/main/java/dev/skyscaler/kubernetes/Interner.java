package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Resources;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Shares equal values between the objects of one cluster read: the pods of a Deployment have the
 * same labels, annotations, owner, requests and tolerations, the pods of a node the same node name,
 * so a read of 150,000 pods keeps each of those once per Deployment or node instead of once per
 * pod. Values are immutable, so sharing them changes nothing but memory.
 *
 * <p>Thread-safe: the threads parsing one list's batches share one table. {@link #NONE} shares
 * nothing (tests, files). The table only grows; whoever keeps an interner for long starts a new one
 * when {@link #size()} is far above the number of objects it keeps.
 */
class Interner {
  /** Shares nothing: every value is the caller's own. */
  static final Interner NONE = new Interner(false);

  private final boolean sharing;
  private final Map<Object, Object> table = new ConcurrentHashMap<>();

  private Interner(boolean sharing) {
    this.sharing = sharing;
  }

  /** A new, empty table. */
  static Interner create() {
    return new Interner(true);
  }

  String string(String s) {
    return s == null ? null : shared(s);
  }

  /** An immutable copy of {@code m}, shared with equal maps seen before. */
  Map<String, String> map(Map<String, String> m) {
    if (m.isEmpty()) {
      return Map.of();
    }
    if (!sharing) {
      return m;
    }
    @SuppressWarnings("unchecked")
    Map<String, String> known = (Map<String, String>) table.get(m);
    if (known != null) {
      return known;
    }
    Map<String, String> copy = Map.copyOf(m);
    Object raced = table.putIfAbsent(copy, copy);
    @SuppressWarnings("unchecked")
    Map<String, String> kept = raced == null ? copy : (Map<String, String>) raced;
    return kept;
  }

  /** An immutable copy of {@code l}, shared with equal lists seen before. */
  <T> List<T> list(List<T> l) {
    if (l.isEmpty()) {
      return List.of();
    }
    if (!sharing) {
      return l;
    }
    @SuppressWarnings("unchecked")
    List<T> known = (List<T>) table.get(l);
    if (known != null) {
      return known;
    }
    List<T> copy = List.copyOf(l);
    Object raced = table.putIfAbsent(copy, copy);
    @SuppressWarnings("unchecked")
    List<T> kept = raced == null ? copy : (List<T>) raced;
    return kept;
  }

  Resources resources(Resources r) {
    return shared(r);
  }

  Instant instant(Instant i) {
    return shared(i);
  }

  OwnerReference owner(OwnerReference o) {
    return shared(o);
  }

  /**
   * The resources of one entry of a resource list, {@code name: text}, parsed by {@code parse} the
   * first time that entry is seen; a failed parse is not kept, so it fails again the same way.
   */
  Resources quantity(String name, String text, Supplier<Resources> parse) {
    if (!sharing) {
      return parse.get();
    }
    QuantityEntry key = new QuantityEntry(name, text);
    Object known = table.get(key);
    if (known != null) {
      return (Resources) known;
    }
    Resources parsed = parse.get();
    Object raced = table.putIfAbsent(key, parsed);
    return raced == null ? parsed : (Resources) raced;
  }

  /** The key of a parsed resource-list entry; a record, so no interned value equals it. */
  private record QuantityEntry(String name, String text) {}

  /** How many distinct values the table holds. */
  int size() {
    return table.size();
  }

  @SuppressWarnings("unchecked")
  private <T> T shared(T value) {
    if (!sharing || value == null) {
      return value;
    }
    Object known = table.putIfAbsent(value, value);
    return known == null ? value : (T) known;
  }
}
