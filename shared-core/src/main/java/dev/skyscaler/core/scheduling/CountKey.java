package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.NodeSelectorTerm;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What to count per topology domain: pods matching a selector in some namespaces, on nodes that
 * carry {@code topologyKey} and pass an optional node filter (spread constraints honour the pod's
 * node affinity, and optionally its tolerations).
 */
record CountKey(
    LabelSelector selector,
    Set<String> namespaces,
    boolean allNamespaces,
    String topologyKey,
    NodeFilter nodeFilter) {

  /** The nodes that count as domains for a spread constraint; null filter = every node. */
  record NodeFilter(
      Map<String, String> nodeSelector,
      List<NodeSelectorTerm> affinity,
      List<Toleration> tolerations,
      boolean honorTaints) {
    boolean admits(String nodeName, Map<String, String> labels, List<Taint> taints) {
      if (!SchedulingChecks.matchesNodeSelection(nodeSelector, affinity, nodeName, labels)) {
        return false;
      }
      if (honorTaints) {
        for (Taint t : taints) {
          if (t.effect() != TaintEffect.PREFER_NO_SCHEDULE
              && !SchedulingChecks.tolerated(t, tolerations)) {
            return false;
          }
        }
      }
      return true;
    }
  }

  boolean counts(Pod pod) {
    boolean nsOk = allNamespaces || namespaces.contains(pod.namespace());
    return nsOk && selector.matches(pod.labels());
  }

  boolean admits(SimNode n) {
    return n.labels().containsKey(topologyKey)
        && (nodeFilter == null || nodeFilter.admits(n.name(), n.labels(), n.taints()));
  }
}
