package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The fields of one object of a tree {@link ObjectTrees} builds, in the order they were read: two
 * arrays instead of a {@link java.util.LinkedHashMap}'s table and an entry per field. A first read
 * builds trees of 150,000 pods, most of whose objects have a handful of fields; their maps were a
 * tenth of what the read allocated. Lookups compare the names in turn (the parser interns them, so
 * mostly by identity); an object of more than {@link #INDEXED} fields gets an index too, so a
 * pathological one costs no more than a hash map.
 */
final class FieldMap extends AbstractMap<String, JsonNode> {
  static final int INDEXED = 16;

  private String[] names = new String[4];
  private JsonNode[] values = new JsonNode[4];
  private int size;
  private HashMap<String, Integer> index; // only above INDEXED fields

  @Override
  public int size() {
    return size;
  }

  @Override
  public JsonNode get(Object name) {
    int i = find(name);
    return i < 0 ? null : values[i];
  }

  @Override
  public boolean containsKey(Object name) {
    return find(name) >= 0;
  }

  @Override
  public JsonNode put(String name, JsonNode value) {
    int i = find(name);
    if (i >= 0) {
      JsonNode old = values[i];
      values[i] = value;
      return old;
    }
    if (size == names.length) {
      names = Arrays.copyOf(names, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    names[size] = name;
    values[size] = value;
    if (index != null) {
      index.put(name, size);
    } else if (size + 1 > INDEXED) {
      index = new HashMap<>();
      for (int k = 0; k <= size; k++) {
        index.put(names[k], k);
      }
    }
    size++;
    return null;
  }

  @Override
  public JsonNode remove(Object name) {
    int i = find(name);
    if (i < 0) {
      return null;
    }
    JsonNode old = values[i];
    removeAt(i);
    return old;
  }

  @Override
  public void clear() {
    Arrays.fill(names, 0, size, null);
    Arrays.fill(values, 0, size, null);
    size = 0;
    index = null;
  }

  @Override
  public Set<Map.Entry<String, JsonNode>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return size;
      }

      @Override
      public Iterator<Map.Entry<String, JsonNode>> iterator() {
        return new Entries();
      }
    };
  }

  private int find(Object name) {
    if (index != null) {
      Integer i = index.get(name);
      return i == null ? -1 : i;
    }
    for (int i = 0; i < size; i++) {
      if (names[i] == name) {
        return i;
      }
    }
    for (int i = 0; i < size; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  private void removeAt(int i) {
    System.arraycopy(names, i + 1, names, i, size - i - 1);
    System.arraycopy(values, i + 1, values, i, size - i - 1);
    size--;
    names[size] = null;
    values[size] = null;
    if (index != null) {
      index = null; // rebuilt by the next put above the threshold; lookups scan meanwhile
      if (size > INDEXED) {
        index = new HashMap<>();
        for (int k = 0; k < size; k++) {
          index.put(names[k], k);
        }
      }
    }
  }

  /** The fields in order; {@code remove} supported, as {@link AbstractMap} needs it. */
  private final class Entries implements Iterator<Map.Entry<String, JsonNode>> {
    private int next;
    private int last = -1;

    @Override
    public boolean hasNext() {
      return next < size;
    }

    @Override
    public Map.Entry<String, JsonNode> next() {
      if (next >= size) {
        throw new NoSuchElementException();
      }
      last = next++;
      int at = last;
      return new AbstractMap.SimpleEntry<>(names[at], values[at]) {
        private static final long serialVersionUID = 1L;

        @Override
        public JsonNode setValue(JsonNode value) {
          values[at] = value;
          return super.setValue(value);
        }
      };
    }

    @Override
    public void remove() {
      if (last < 0) {
        throw new IllegalStateException();
      }
      removeAt(last);
      next = last;
      last = -1;
    }
  }
}
