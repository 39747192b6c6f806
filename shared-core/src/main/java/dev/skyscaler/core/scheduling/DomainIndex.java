package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodAffinityTerm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-topology-domain pod counts (for affinity, anti-affinity and spread) and the anti-affinity
 * terms of placed pods (for the symmetric check), kept up to date as pods are placed. Counts are
 * built lazily per {@link CountKey}; placements on scratch nodes are kept apart so an estimate can
 * be discarded.
 */
final class DomainIndex {
  /** Counts per domain for one key, world and scratch layers. */
  static final class Counts {
    private final Map<String, Long> world = new HashMap<>();
    private final Map<String, Long> scratch = new HashMap<>();
    private long worldTotal;
    private long scratchTotal;

    long get(String domain) {
      return world.getOrDefault(domain, 0L) + scratch.getOrDefault(domain, 0L);
    }

    long total() {
      return worldTotal + scratchTotal;
    }

    boolean has(String domain) {
      return world.containsKey(domain) || scratch.containsKey(domain);
    }

    int domainCount() {
      if (scratch.isEmpty()) {
        return world.size();
      }
      int n = world.size();
      for (String d : scratch.keySet()) {
        if (!world.containsKey(d)) {
          n++;
        }
      }
      return n;
    }

    /** Minimum count over domains other than {@code domain}; Long.MAX_VALUE when none. */
    long minExcluding(String domain) {
      long min = Long.MAX_VALUE;
      for (String d : world.keySet()) {
        if (!d.equals(domain)) {
          min = Math.min(min, get(d));
        }
      }
      for (String d : scratch.keySet()) {
        if (!d.equals(domain) && !world.containsKey(d)) {
          min = Math.min(min, get(d));
        }
      }
      return min;
    }

    Map<String, Long> snapshot() {
      Map<String, Long> all = new HashMap<>(world);
      scratch.forEach((d, n) -> all.merge(d, n, Long::sum));
      return all;
    }

    private void register(String domain, boolean isScratch) {
      if (isScratch) {
        if (!world.containsKey(domain)) {
          scratch.putIfAbsent(domain, 0L);
        }
      } else {
        world.putIfAbsent(domain, 0L);
      }
    }

    private void add(String domain, long n, boolean isScratch) {
      if (isScratch) {
        scratch.merge(domain, n, Long::sum);
        scratchTotal += n;
      } else {
        world.merge(domain, n, Long::sum);
        worldTotal += n;
      }
    }

    private void commit() {
      scratch.forEach((d, n) -> world.merge(d, n, Long::sum));
      worldTotal += scratchTotal;
      discard();
    }

    private void discard() {
      scratch.clear();
      scratchTotal = 0;
    }
  }

  /** A placed pod's anti-affinity term, which keeps matching pods out of its domain. */
  record Holder(PodAffinityTerm term, String namespace) {}

  private final List<SimNode> world;
  private final List<SimNode> scratch;
  private final Map<CountKey, Counts> counts = new HashMap<>();
  private final Map<CountKey, Counts> spreadCounts = new HashMap<>();
  private Pod lastPlaced;
  private List<Map.Entry<CountKey, Counts>> lastKeys = List.of();
  private final Map<String, Map<String, List<Holder>>> holders = new HashMap<>();
  private final List<Runnable> scratchUndo = new ArrayList<>();

  DomainIndex(List<SimNode> world, List<SimNode> scratch) {
    this.world = world;
    this.scratch = scratch;
  }

  Counts counts(CountKey key) {
    Counts c = counts.get(key);
    if (c == null) {
      c = new Counts();
      scan(key, c, world, false);
      scan(key, c, scratch, true);
      counts.put(key, c);
      if (key.nodeFilter() != null) {
        spreadCounts.put(key, c);
      }
      lastPlaced = null;
    }
    return c;
  }

  private static void scan(CountKey key, Counts c, List<SimNode> nodes, boolean isScratch) {
    for (SimNode n : nodes) {
      if (key.admits(n)) {
        String d = n.labels().get(key.topologyKey());
        if (key.nodeFilter() != null) {
          c.register(d, isScratch); // only spread needs empty domains (for its minimum)
        }
        for (SimNode.Placement p : n.placements()) {
          if (key.counts(p.exemplar())) {
            c.add(d, p.count(), isScratch);
          }
        }
      }
    }
  }

  /** True once some domain is counted: every placement must then be seen pod by pod. */
  boolean counting() {
    return !counts.isEmpty();
  }

  void nodeAdded(SimNode n) {
    boolean isScratch = n.kind() == SimNode.Kind.SCRATCH;
    for (Map.Entry<CountKey, Counts> e : spreadCounts.entrySet()) {
      if (e.getKey().admits(n)) {
        e.getValue().register(n.labels().get(e.getKey().topologyKey()), isScratch);
      }
    }
  }

  void placed(SimNode n, Pod pod, int count) {
    boolean isScratch = n.kind() == SimNode.Kind.SCRATCH;
    for (Map.Entry<CountKey, Counts> e : keysCounting(pod)) {
      CountKey key = e.getKey();
      if (key.admits(n)) {
        e.getValue().add(n.labels().get(key.topologyKey()), count, isScratch);
      }
    }
    for (PodAffinityTerm term : pod.antiAffinity()) {
      String domain = n.labels().get(term.topologyKey());
      if (domain != null) {
        List<Holder> list =
            holders
                .computeIfAbsent(term.topologyKey(), k -> new HashMap<>())
                .computeIfAbsent(domain, k -> new ArrayList<>());
        Holder h = new Holder(term, pod.namespace());
        list.add(h);
        if (isScratch) {
          scratchUndo.add(() -> list.remove(list.size() - 1));
        }
      }
    }
  }

  /** The reverse of {@link #placed}, for pods on a world node. */
  void unplaced(SimNode n, Pod pod, int count) {
    for (Map.Entry<CountKey, Counts> e : keysCounting(pod)) {
      CountKey key = e.getKey();
      if (key.admits(n)) {
        e.getValue().add(n.labels().get(key.topologyKey()), -count, false);
      }
    }
    for (PodAffinityTerm term : pod.antiAffinity()) {
      String domain = n.labels().get(term.topologyKey());
      Map<String, List<Holder>> byDomain = holders.get(term.topologyKey());
      List<Holder> list = domain == null || byDomain == null ? null : byDomain.get(domain);
      for (int i = 0; list != null && i < count; i++) {
        list.remove(new Holder(term, pod.namespace()));
      }
    }
  }

  /**
   * The keys that count {@code pod}. Placements come in runs of one class exemplar, so the answer
   * for the last pod is kept until the next one or a new key.
   */
  private List<Map.Entry<CountKey, Counts>> keysCounting(Pod pod) {
    if (counts.isEmpty()) {
      return List.of(); // nothing counted yet: loading a cluster's pods costs no list per pod
    }
    if (pod != lastPlaced) {
      lastKeys = new ArrayList<>();
      for (Map.Entry<CountKey, Counts> e : counts.entrySet()) {
        if (e.getKey().counts(pod)) {
          lastKeys.add(e);
        }
      }
      lastPlaced = pod;
    }
    return lastKeys;
  }

  /** True when a placed pod's anti-affinity term in the node's domain selects {@code pod}. */
  boolean repelledByExisting(Pod pod, SimNode n) {
    if (holders.isEmpty()) {
      return false;
    }
    for (Map.Entry<String, Map<String, List<Holder>>> e : holders.entrySet()) {
      String domain = n.labels().get(e.getKey());
      if (domain == null) {
        continue;
      }
      List<Holder> list = e.getValue().get(domain);
      if (list == null) {
        continue;
      }
      for (Holder h : list) {
        if (h.term().selects(h.namespace(), pod.namespace(), pod.labels())) {
          return true;
        }
      }
    }
    return false;
  }

  void commitScratch() {
    counts.values().forEach(Counts::commit);
    scratchUndo.clear();
  }

  void discardScratch() {
    counts.values().forEach(Counts::discard);
    for (int i = scratchUndo.size() - 1; i >= 0; i--) {
      scratchUndo.get(i).run();
    }
    scratchUndo.clear();
  }
}
