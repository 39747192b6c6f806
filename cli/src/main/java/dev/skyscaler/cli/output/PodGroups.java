package dev.skyscaler.cli.output;

import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Pods grouped by the workload that owns them, so that 86 replicas read as {@code 86 pods of
 * Deployment default/nginx} instead of 86 lines. A pod without an owner is a group of its own.
 */
final class PodGroups {
  private static final String TEMPLATE_HASH = "pod-template-hash";

  private PodGroups() {}

  /** One workload's pods. */
  record Group(String workload, List<String> pods) {
    /** {@code 86 pods of Deployment default/nginx}, or the pod's name when alone. */
    String describe() {
      return pods.size() == 1 ? pods.get(0) : pods.size() + " pods of " + workload;
    }
  }

  /** Groups the pods (by key), largest group first; pods not in {@code byKey} stand alone. */
  static List<Group> of(List<String> podKeys, Map<String, Pod> byKey) {
    Map<String, List<String>> groups = new LinkedHashMap<>();
    for (String key : podKeys) {
      String workload =
          Optional.ofNullable(byKey.get(key)).flatMap(PodGroups::workload).orElse(key);
      groups.computeIfAbsent(workload, w -> new ArrayList<>()).add(key);
    }
    List<Group> result = new ArrayList<>();
    groups.forEach((workload, pods) -> result.add(new Group(workload, pods)));
    result.sort(Comparator.comparingInt((Group g) -> -g.pods().size()));
    return result;
  }

  /**
   * {@code Deployment default/nginx} for a pod of a Deployment's ReplicaSet (recognised by the
   * {@code pod-template-hash} label, as kubectl does), otherwise {@code <Kind> namespace/name} of
   * the controller.
   */
  static Optional<String> workload(Pod pod) {
    return pod.owner().map(owner -> owner(pod, owner));
  }

  private static String owner(Pod pod, OwnerReference owner) {
    String hash = pod.labels().get(TEMPLATE_HASH);
    if ("ReplicaSet".equals(owner.kind()) && hash != null && owner.name().endsWith("-" + hash)) {
      String deployment = owner.name().substring(0, owner.name().length() - hash.length() - 1);
      return "Deployment " + pod.namespace() + "/" + deployment;
    }
    return owner.kind() + " " + pod.namespace() + "/" + owner.name();
  }
}
