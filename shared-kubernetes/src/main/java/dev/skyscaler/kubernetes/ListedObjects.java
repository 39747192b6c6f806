package dev.skyscaler.kubernetes;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The objects of one list, gathered as they arrive and made a key-ordered map once the list is
 * complete. An API server lists a kind in the order of its storage keys ({@code namespace/name}),
 * which is {@link ObjectKey}'s order but for a namespace that is a prefix of another, so sorting
 * what came is close to one pass and the map is built from sorted entries without a comparison per
 * tree level. Putting each object into a {@link TreeMap} as it came cost a fifth of the CPU of a
 * 150,000-pod read: pod names share long prefixes, and each put compares them about 17 times.
 */
final class ListedObjects<V> {
  private final List<Map.Entry<ObjectKey, V>> entries = new ArrayList<>();

  /** An object of the list; of two with one key (no server sends that), the later is kept. */
  void add(ObjectKey key, V value) {
    entries.add(Map.entry(key, value));
  }

  /** The objects of {@code other}, after those already added. */
  void addAll(ListedObjects<V> other) {
    entries.addAll(other.entries);
  }

  /** The objects in key order. */
  TreeMap<ObjectKey, V> toMap() {
    entries.sort(Map.Entry.comparingByKey()); // stable: of equal keys, the later stays later
    List<Map.Entry<ObjectKey, V>> unique = new ArrayList<>(entries.size());
    for (int i = 0; i < entries.size(); i++) {
      if (i + 1 < entries.size() && entries.get(i + 1).getKey().equals(entries.get(i).getKey())) {
        continue;
      }
      unique.add(entries.get(i));
    }
    return new TreeMap<>(new Sorted<>(unique)); // TreeMap builds a sorted map's tree in one pass
  }

  /** Sorted unique entries seen as a sorted map, for TreeMap's one-pass constructor only. */
  private static final class Sorted<V> extends AbstractMap<ObjectKey, V>
      implements SortedMap<ObjectKey, V> {
    private final List<Map.Entry<ObjectKey, V>> entries;

    Sorted(List<Map.Entry<ObjectKey, V>> entries) {
      this.entries = entries;
    }

    @Override
    public Set<Map.Entry<ObjectKey, V>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Map.Entry<ObjectKey, V>> iterator() {
          return entries.iterator();
        }

        @Override
        public int size() {
          return entries.size();
        }
      };
    }

    @Override
    public Comparator<? super ObjectKey> comparator() {
      return null; // natural order, as the TreeMap built from it
    }

    @Override
    public ObjectKey firstKey() {
      return entries.get(0).getKey();
    }

    @Override
    public ObjectKey lastKey() {
      return entries.get(entries.size() - 1).getKey();
    }

    @Override
    public SortedMap<ObjectKey, V> subMap(ObjectKey from, ObjectKey to) {
      throw new UnsupportedOperationException("read whole, once");
    }

    @Override
    public SortedMap<ObjectKey, V> headMap(ObjectKey to) {
      throw new UnsupportedOperationException("read whole, once");
    }

    @Override
    public SortedMap<ObjectKey, V> tailMap(ObjectKey from) {
      throw new UnsupportedOperationException("read whole, once");
    }
  }
}
