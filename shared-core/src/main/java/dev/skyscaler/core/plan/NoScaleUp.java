package dev.skyscaler.core.plan;

import java.util.AbstractMap;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A pending pod that no scale-up helps, with the reason for each node group (CA's {@code
 * NotTriggerScaleUp} wording: "Insufficient cpu", "max node group size reached", ...).
 *
 * @param reasons an unmodifiable copy, sorted by group; a NoScaleUp made with another's {@code
 *     reasons()} shares them instead of copying them again (a scan that leaves many pods of a class
 *     pending makes one per pod, with the same reasons)
 */
public record NoScaleUp(String pod, Map<String, String> reasons) {
  public NoScaleUp {
    reasons = reasons instanceof Reasons ? reasons : new Reasons(reasons);
  }

  /** The reasons as a NoScaleUp keeps them: a sorted map that nobody can change. */
  private static final class Reasons extends AbstractMap<String, String> {
    private final Map<String, String> sorted;

    Reasons(Map<String, String> reasons) {
      this.sorted = Collections.unmodifiableMap(new TreeMap<>(reasons));
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
      return sorted.entrySet();
    }

    @Override
    public Set<String> keySet() {
      return sorted.keySet();
    }

    @Override
    public Collection<String> values() {
      return sorted.values();
    }

    @Override
    public int size() {
      return sorted.size();
    }

    @Override
    public String get(Object key) {
      return sorted.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return sorted.containsKey(key);
    }
  }
}
