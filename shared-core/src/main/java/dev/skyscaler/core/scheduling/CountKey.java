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

  /**
   * The nodes that count as domains for a spread constraint; null filter = every node. As in
   * kube-scheduler, a node must carry the topology keys of all the pod's hard constraints ({@code
   * requiredKeys}) to count for any of them.
   */
  record NodeFilter(
      Map<String, String> nodeSelector,
      List<NodeSelectorTerm> affinity,
      List<Toleration> tolerations,
      boolean honorTaints,
      Set<String> requiredKeys) {
    boolean admits(String nodeName, Map<String, String> labels, List<Taint> taints) {
      if (!labels.keySet().containsAll(requiredKeys)) {
        return false;
      }
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

  /**
   * True when the pod counts in its node's domain. Spread (a key with a node filter) skips pods
   * being deleted, as kube-scheduler's PodTopologySpread does: a terminating replica must not block
   * its own replacement. Inter-pod affinity counts them, as kube-scheduler's InterPodAffinity does.
   */
  boolean counts(Pod pod) {
    if (nodeFilter != null && pod.deletionTime().isPresent()) {
      return false;
    }
    boolean nsOk = allNamespaces || namespaces.contains(pod.namespace());
    return nsOk && selector.matches(pod.labels());
  }

  boolean admits(SimNode n) {
    return n.labels().containsKey(topologyKey)
        && (nodeFilter == null || nodeFilter.admits(n.name(), n.labels(), n.taints()));
  }
}
