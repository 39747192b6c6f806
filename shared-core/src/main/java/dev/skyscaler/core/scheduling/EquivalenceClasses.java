package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.HostPort;
import dev.skyscaler.core.model.NodeSelectorTerm;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Toleration;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Groups pods into {@link PodClass}es by owner and scheduling-relevant spec, keeping order. */
public final class EquivalenceClasses {
  private EquivalenceClasses() {}

  /** The key two pods must share to be interchangeable for the scheduler. */
  private record Key(
      String ownerUid,
      String namespace,
      Map<String, String> labels,
      Resources requests,
      Map<String, String> nodeSelector,
      List<NodeSelectorTerm> nodeAffinity,
      List<PodAffinityTerm> affinity,
      List<PodAffinityTerm> antiAffinity,
      List<Toleration> tolerations,
      List<TopologySpreadConstraint> spread,
      List<HostPort> hostPorts,
      int priority) {
    static Key of(Pod p) {
      return new Key(
          p.owner().map(o -> o.uid().isEmpty() ? o.kind() + "/" + o.name() : o.uid()).orElse(""),
          p.namespace(),
          p.labels(),
          p.requests(),
          p.nodeSelector(),
          p.requiredNodeAffinity(),
          p.affinity(),
          p.antiAffinity(),
          p.tolerations(),
          p.topologySpread(),
          p.hostPorts(),
          p.priority());
    }
  }

  /** Classes in order of first appearance; ids are 0..n-1. */
  public static List<PodClass> of(List<Pod> pods) {
    Map<Key, List<Pod>> groups = new LinkedHashMap<>();
    for (Pod p : pods) {
      groups.computeIfAbsent(Key.of(p), k -> new ArrayList<>()).add(p);
    }
    List<PodClass> classes = new ArrayList<>(groups.size());
    for (List<Pod> members : groups.values()) {
      classes.add(new PodClass(classes.size(), members));
    }
    return classes;
  }
}
