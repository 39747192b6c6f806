package dev.skyscaler.core.scaleup.balance;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code --balance-similar-node-groups}: which node groups have nodes interchangeable with the
 * chosen group's, so a scale-up can be spread across them (typically one group per zone). The rules
 * are CA's ({@code processors/nodegroupset/compare_nodegroups.go}): the same allocatable for every
 * resource but memory; memory within {@code --memory-difference-ratio} of the larger; free
 * resources (allocatable minus DaemonSet overhead) within 5%; the same labels, except labels that
 * differ between zones or groups by nature (see {@link #IGNORED_LABELS}) and {@code
 * --balancing-ignore-label}s; and the same taints. With {@code --balancing-label}s, none of that:
 * two groups are similar exactly when each has every one of those labels, with the same value (CA's
 * {@code label_nodegroups.go}).
 */
public final class SimilarNodeGroups {
  /** CA's {@code --max-free-difference-ratio} default. */
  static final double MAX_FREE_DIFFERENCE_RATIO = 0.05;

  /**
   * Labels that may differ between similar groups: CA's generic list plus the AWS and Azure
   * provider lists, always applied since one core serves both clouds.
   */
  public static final Set<String> IGNORED_LABELS =
      Set.of(
          Node.HOSTNAME_LABEL,
          "skyscaler.dev/node-group", // headroom's per-group label (Headroom.GROUP_LABEL)
          "topology.kubernetes.io/zone",
          "topology.kubernetes.io/region",
          "failure-domain.beta.kubernetes.io/zone",
          "failure-domain.beta.kubernetes.io/region",
          "beta.kubernetes.io/fluentd-ds-ready",
          "kops.k8s.io/instancegroup",
          // AWS (cloudprovider/aws)
          "alpha.eksctl.io/instance-id",
          "alpha.eksctl.io/nodegroup-name",
          "eks.amazonaws.com/nodegroup",
          "k8s.amazonaws.com/eniConfig",
          "lifecycle",
          "topology.ebs.csi.aws.com/zone",
          "topology.k8s.aws/zone-id",
          // Azure (cloudprovider/azure)
          "kubernetes.azure.com/agentpool",
          "agentpool",
          "topology.disk.csi.azure.com/zone");

  private SimilarNodeGroups() {}

  /**
   * The candidates similar to {@code chosen}, in candidate order, never {@code chosen} itself (nor
   * another template of the same group).
   */
  public static List<GroupTemplate> similarTo(
      GroupTemplate chosen, List<GroupTemplate> candidates, ScaleUpOptions options) {
    if (!options.balancingLabels().isEmpty()) {
      return candidates.stream()
          .filter(c -> !c.groupName().equals(chosen.groupName()))
          .filter(c -> sameLabels(chosen, c, options.balancingLabels()))
          .toList();
    }
    Set<String> ignored = new HashSet<>(IGNORED_LABELS);
    ignored.addAll(options.balancingIgnoreLabels());
    return candidates.stream()
        .filter(c -> !c.groupName().equals(chosen.groupName()))
        .filter(c -> similar(chosen, c, options.memoryDifferenceRatio(), ignored))
        .toList();
  }

  static boolean similar(
      GroupTemplate a, GroupTemplate b, double memoryRatio, Set<String> ignoredLabels) {
    return sameAllocatable(a.allocatable(), b.allocatable(), memoryRatio)
        && sameFree(a, b)
        && withoutIgnored(a.labels(), ignoredLabels)
            .equals(withoutIgnored(b.labels(), ignoredLabels))
        && new HashSet<Taint>(a.taints()).equals(new HashSet<Taint>(b.taints()));
  }

  /** Both have each label, with the same value; a label missing on either differs. */
  static boolean sameLabels(GroupTemplate a, GroupTemplate b, List<String> labels) {
    for (String label : labels) {
      String value = a.labels().get(label);
      if (value == null || !value.equals(b.labels().get(label))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameAllocatable(Resources a, Resources b, double memoryRatio) {
    for (String name : resourceNames(a, b)) {
      boolean ok =
          name.equals(Resources.MEMORY)
              ? withinRatio(a.memory(), b.memory(), memoryRatio)
              : a.amount(name) == b.amount(name);
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameFree(GroupTemplate a, GroupTemplate b) {
    Resources freeA = a.allocatable().minusFloor(a.daemonSetOverhead());
    Resources freeB = b.allocatable().minusFloor(b.daemonSetOverhead());
    for (String name : resourceNames(freeA, freeB)) {
      if (!withinRatio(freeA.amount(name), freeB.amount(name), MAX_FREE_DIFFERENCE_RATIO)) {
        return false;
      }
    }
    return true;
  }

  /** CA's {@code resourceListWithinTolerance}: the difference is at most ratio × the larger. */
  static boolean withinRatio(long x, long y, double ratio) {
    long larger = Math.max(x, y);
    long smaller = Math.min(x, y);
    return larger - smaller <= larger * ratio;
  }

  private static Set<String> resourceNames(Resources a, Resources b) {
    Set<String> names =
        new TreeSet<>(
            List.of(Resources.CPU, Resources.MEMORY, Resources.EPHEMERAL_STORAGE, Resources.PODS));
    names.addAll(a.extended().keySet());
    names.addAll(b.extended().keySet());
    return names;
  }

  private static Map<String, String> withoutIgnored(
      Map<String, String> labels, Set<String> ignored) {
    Map<String, String> kept = new HashMap<>(labels);
    kept.keySet().removeAll(ignored);
    return kept;
  }
}
