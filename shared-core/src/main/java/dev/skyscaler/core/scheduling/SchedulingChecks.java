package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.NodeSelectorTerm;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The node-local filters of kube-scheduler, with its reason wording: NodeUnschedulable,
 * TaintToleration, NodeAffinity (selector and required affinity) and NodeResourcesFit. Checks that
 * depend on other pods live in {@link ClusterSimulation}.
 */
public final class SchedulingChecks {
  public static final String UNSCHEDULABLE = "node(s) were unschedulable";
  public static final String NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector";
  public static final String HOST_PORTS =
      "node(s) didn't have free ports for the requested pod ports";
  public static final String TOO_MANY_PODS = "Too many pods";
  public static final String SPREAD = "node(s) didn't match pod topology spread constraints";
  public static final String SPREAD_MISSING_LABEL =
      "node(s) didn't match pod topology spread constraints (missing required label)";
  public static final String AFFINITY = "node(s) didn't match pod affinity rules";
  public static final String ANTI_AFFINITY = "node(s) didn't match pod anti-affinity rules";
  public static final String EXISTING_ANTI_AFFINITY =
      "node(s) didn't satisfy existing pods anti-affinity rules";

  private static final Taint UNSCHEDULABLE_TAINT =
      new Taint("node.kubernetes.io/unschedulable", "", TaintEffect.NO_SCHEDULE);

  private SchedulingChecks() {}

  /**
   * Why {@code pod} may not go on a node with these properties regardless of what else runs there,
   * or null when it may.
   */
  public static String staticReason(
      Pod pod,
      String nodeName,
      Map<String, String> labels,
      List<Taint> taints,
      boolean unschedulable) {
    if (unschedulable && !tolerated(UNSCHEDULABLE_TAINT, pod.tolerations())) {
      return UNSCHEDULABLE;
    }
    for (Taint t : taints) {
      if (t.effect() != TaintEffect.PREFER_NO_SCHEDULE && !tolerated(t, pod.tolerations())) {
        return "node(s) had untolerated taint {" + t.key() + ": " + t.value() + "}";
      }
    }
    if (!matchesNodeSelection(pod.nodeSelector(), pod.requiredNodeAffinity(), nodeName, labels)) {
      return NODE_AFFINITY;
    }
    return null;
  }

  static boolean tolerated(Taint taint, List<Toleration> tolerations) {
    for (Toleration t : tolerations) {
      if (t.tolerates(taint)) {
        return true;
      }
    }
    return false;
  }

  /** nodeSelector AND (any required affinity term, when there are terms). */
  static boolean matchesNodeSelection(
      Map<String, String> selector,
      List<NodeSelectorTerm> terms,
      String nodeName,
      Map<String, String> labels) {
    for (Map.Entry<String, String> e : selector.entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    if (terms.isEmpty()) {
      return true;
    }
    for (NodeSelectorTerm term : terms) {
      if (term.matches(nodeName, labels)) {
        return true;
      }
    }
    return false;
  }

  /** How many pods with these requests fit in the free room of {@code n}, at most {@code want}. */
  static long resourceFit(Resources r, SimNode n, long want) {
    long k = Math.min(want, n.freePods / Math.max(1, r.pods()));
    k = limit(k, n.freeCpu, r.cpu());
    k = limit(k, n.freeMemory, r.memory());
    k = limit(k, n.freeStorage, r.ephemeralStorage());
    for (Map.Entry<String, Long> e : r.extended().entrySet()) {
      k = limit(k, n.freeExtended(e.getKey()), e.getValue());
    }
    return Math.max(0, k);
  }

  private static long limit(long k, long free, long need) {
    return need <= 0 ? k : Math.min(k, free / need);
  }

  /** kube-scheduler's NodeResourcesFit reasons for one pod that does not fit, joined. */
  static String resourceReason(Resources r, SimNode n) {
    List<String> reasons = new ArrayList<>();
    if (n.freePods < 1) {
      reasons.add(TOO_MANY_PODS);
    }
    if (r.cpu() > n.freeCpu) {
      reasons.add("Insufficient cpu");
    }
    if (r.memory() > n.freeMemory) {
      reasons.add("Insufficient memory");
    }
    if (r.ephemeralStorage() > n.freeStorage) {
      reasons.add("Insufficient ephemeral-storage");
    }
    for (Map.Entry<String, Long> e : r.extended().entrySet()) {
      if (e.getValue() > n.freeExtended(e.getKey())) {
        reasons.add("Insufficient " + e.getKey());
      }
    }
    return reasons.isEmpty() ? null : String.join(", ", reasons);
  }
}
