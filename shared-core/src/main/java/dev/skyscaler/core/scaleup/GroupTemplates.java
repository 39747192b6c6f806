package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.config.TaintOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodsByNode;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scheduling.SchedulingChecks;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds each group's {@link GroupTemplate}, CA's order of preference: a healthy member node
 * (Ready, schedulable, not being deleted), sanitised — its DaemonSet and mirror pods kept as
 * overhead (unless they are being deleted, as CA's podsExpectedOnFreshNode), everything else
 * dropped, autoscaler, node-condition, startup and status taints removed; else the declared cloud
 * template plus the DaemonSets that would run on it; else any member as a last resort.
 */
public final class GroupTemplates {
  /** Taints that describe a node's current state, not what a fresh node of the group will have. */
  private static final Set<String> TRANSIENT_TAINTS =
      Set.of(
          "ToBeDeletedByClusterAutoscaler",
          "skyscaler.dev/interrupted",
          "DeletionCandidateOfClusterAutoscaler",
          "node.kubernetes.io/not-ready",
          "node.kubernetes.io/unreachable",
          "node.kubernetes.io/unschedulable",
          "node.kubernetes.io/memory-pressure",
          "node.kubernetes.io/disk-pressure",
          "node.kubernetes.io/pid-pressure",
          "node.kubernetes.io/network-unavailable",
          "node.cloudprovider.kubernetes.io/uninitialized",
          "node.cloudprovider.kubernetes.io/shutdown");

  private GroupTemplates() {}

  /** Templates by group name, in the snapshot's group order. */
  public static Map<String, GroupTemplate> build(ClusterSnapshot snapshot, TaintOptions taints) {
    Map<String, Node> nodes = new HashMap<>();
    snapshot.nodes().forEach(n -> nodes.put(n.name(), n));
    PodsByNode pods = snapshot.podsByNode();
    Map<String, GroupTemplate> result = new LinkedHashMap<>();
    for (NodeGroup g : snapshot.nodeGroups()) {
      Node healthy = null;
      Node any = null;
      // the first member by name of each kind, found without sorting the group's members
      for (String member : g.memberNodes()) {
        Node n = nodes.get(member);
        if (n == null) {
          continue;
        }
        if (any == null || member.compareTo(any.name()) < 0) {
          any = n;
        }
        if ((healthy == null || member.compareTo(healthy.name()) < 0)
            && n.ready()
            && !n.unschedulable()
            && !beingDeleted(n)) {
          healthy = n;
        }
      }
      if (healthy != null) {
        result.put(g.name(), fromMember(g, healthy, overheadOn(pods, healthy), taints));
      } else if (g.template().isPresent()) {
        result.put(g.name(), fromDeclared(g, snapshot.daemonSets(), taints));
      } else if (any != null) {
        result.put(g.name(), fromMember(g, any, overheadOn(pods, any), taints));
      }
    }
    return result;
  }

  /** The requests of the DaemonSet and mirror pods on {@code n}: a fresh node gets them too. */
  private static Resources overheadOn(PodsByNode pods, Node n) {
    Resources overhead = Resources.ZERO;
    for (Pod p : pods.boundTo(n.name())) {
      boolean leaving = p.isTerminal() || p.deletionTime().isPresent();
      if (!leaving && (p.isDaemonSetPod() || p.isMirror())) {
        overhead = overhead.plus(p.requests());
      }
    }
    return overhead;
  }

  private static boolean beingDeleted(Node n) {
    for (Taint t : n.taints()) { // a loop, not a stream: asked for most members of every group
      if (t.key().equals("ToBeDeletedByClusterAutoscaler")) {
        return true;
      }
    }
    return false;
  }

  private static GroupTemplate fromMember(
      NodeGroup g, Node n, Resources overhead, TaintOptions taints) {
    Map<String, String> labels = new HashMap<>(n.labels());
    labels.remove(Node.HOSTNAME_LABEL);
    return new GroupTemplate(
        g, n.allocatable(), labels, sanitise(n.taints(), taints), overhead, true);
  }

  private static GroupTemplate fromDeclared(
      NodeGroup g, List<DaemonSet> daemonSets, TaintOptions taints) {
    var t = g.template().orElseThrow();
    Resources overhead = Resources.ZERO;
    for (DaemonSet ds : daemonSets) {
      Pod p = ds.podTemplate();
      if (SchedulingChecks.staticReason(p, "template", t.labels(), t.taints(), false) == null) {
        overhead = overhead.plus(p.requests());
      }
    }
    return new GroupTemplate(
        g, t.capacity(), t.labels(), sanitise(t.taints(), taints), overhead, false);
  }

  /** CA's {@code SanitizeTaints}: state, node-condition, startup and status taints left out. */
  private static List<Taint> sanitise(List<Taint> taints, TaintOptions options) {
    return taints.stream()
        .filter(t -> !TRANSIENT_TAINTS.contains(t.key()))
        .filter(t -> !options.leftOutOfTemplates(t.key()))
        .toList();
  }
}
