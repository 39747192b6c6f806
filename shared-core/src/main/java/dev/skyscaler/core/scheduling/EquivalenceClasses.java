package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Groups pods into {@link PodClass}es: same owner and same scheduling-relevant spec (namespace,
 * labels, requests, node selection, affinity, tolerations, spread, host ports, priority). Order of
 * first appearance is kept and ids are 0..n-1.
 *
 * <p>Pods are bucketed by owner first and then compared field by field with identity checks before
 * equality, so the common case — thousands of replicas of one controller — costs a few comparisons
 * per pod rather than hashing whole specs.
 */
public final class EquivalenceClasses {
  private EquivalenceClasses() {}

  public static List<PodClass> of(List<Pod> pods) {
    Map<String, List<List<Pod>>> byOwner = new HashMap<>();
    List<List<Pod>> ordered = new ArrayList<>();
    OwnerReference lastOwner = null;
    List<Pod> last = null;
    for (Pod p : pods) {
      OwnerReference owner = p.owner().orElse(null);
      // replicas come in runs: a pod with the previous pod's owner object and spec joins its
      // bucket, the only one of that owner it can match (buckets of an owner differ in spec)
      if (last != null && owner != null && owner == lastOwner && sameSpec(last.get(0), p)) {
        last.add(p);
        continue;
      }
      List<List<Pod>> buckets = byOwner.computeIfAbsent(ownerKey(p), k -> new ArrayList<>(1));
      List<Pod> bucket = null;
      for (List<Pod> candidate : buckets) {
        if (sameSpec(candidate.get(0), p)) {
          bucket = candidate;
          break;
        }
      }
      if (bucket == null) {
        bucket = new ArrayList<>();
        buckets.add(bucket);
        ordered.add(bucket);
      }
      bucket.add(p);
      lastOwner = owner;
      last = bucket;
    }
    List<PodClass> classes = new ArrayList<>(ordered.size());
    for (List<Pod> members : ordered) {
      classes.add(new PodClass(classes.size(), members));
    }
    return classes;
  }

  private static String ownerKey(Pod p) {
    return p.owner().map(o -> o.uid().isEmpty() ? o.kind() + "/" + o.name() : o.uid()).orElse("");
  }

  static boolean sameSpec(Pod a, Pod b) {
    return a.priority() == b.priority()
        && same(a.namespace(), b.namespace())
        && same(a.requests(), b.requests())
        && same(a.labels(), b.labels())
        && same(a.nodeSelector(), b.nodeSelector())
        && same(a.requiredNodeAffinity(), b.requiredNodeAffinity())
        && same(a.tolerations(), b.tolerations())
        && same(a.affinity(), b.affinity())
        && same(a.antiAffinity(), b.antiAffinity())
        && same(a.topologySpread(), b.topologySpread())
        && same(a.hostPorts(), b.hostPorts());
  }

  private static boolean same(Object x, Object y) {
    return x == y || Objects.equals(x, y);
  }
}
