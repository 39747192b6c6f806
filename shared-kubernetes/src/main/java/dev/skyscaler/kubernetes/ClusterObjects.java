package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodTemplate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The API objects one live read returned, before translation: what {@code skyscaler snapshot}
 * writes, and what {@link #translate()} turns into the core model exactly once.
 *
 * @param pods as listed: the reader asks the server to leave out finished pods, and translation
 *     drops any that are still there
 * @param priorityExpander the {@code cluster-autoscaler-priority-expander} ConfigMap, if any
 * @param capacityBuffers CapacityBuffer objects; empty when the cluster lacks the CRD
 * @param podTemplates the PodTemplates the buffers refer to
 * @param namespaces the Namespaces, for pod (anti-)affinity namespace selectors
 */
public record ClusterObjects(
    List<io.fabric8.kubernetes.api.model.Node> nodes,
    List<io.fabric8.kubernetes.api.model.Pod> pods,
    List<io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget> pdbs,
    List<io.fabric8.kubernetes.api.model.apps.DaemonSet> daemonSets,
    Optional<ConfigMap> priorityExpander,
    List<GenericKubernetesResource> capacityBuffers,
    List<PodTemplate> podTemplates,
    List<io.fabric8.kubernetes.api.model.Namespace> namespaces) {

  public ClusterObjects {
    nodes = List.copyOf(nodes);
    pods = List.copyOf(pods);
    pdbs = List.copyOf(pdbs);
    daemonSets = List.copyOf(daemonSets);
    Objects.requireNonNull(priorityExpander, "priorityExpander");
    capacityBuffers = List.copyOf(capacityBuffers);
    podTemplates = List.copyOf(podTemplates);
    namespaces = List.copyOf(namespaces);
  }

  /**
   * The core model of these objects, through {@link ModelTranslator} as snapshot files are.
   *
   * @throws SnapshotException naming the first object that cannot be represented: a scan must not
   *     go on without a pod it could not read (it might delete the pod's node)
   */
  public KubernetesSnapshot translate() {
    List<Pod> modelPods = new ArrayList<>(pods.size());
    pods.forEach(p -> unfinished(p).ifPresent(modelPods::add));
    return translateWith(modelPods);
  }

  /**
   * The pod of the core model, or none for a finished one (phase {@code Succeeded} or {@code
   * Failed}), which holds no room.
   *
   * @throws SnapshotException naming the pod, as {@link #translate()}
   */
  static Optional<Pod> unfinished(io.fabric8.kubernetes.api.model.Pod p) {
    String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
    if ("Succeeded".equals(phase) || "Failed".equals(phase)) {
      return Optional.empty();
    }
    return Optional.of(ModelTranslator.toPod(p));
  }

  /**
   * {@link #translate()} with the pods translated already ({@link #unfinished}), as a live read
   * does page by page; this record's own pods are not looked at.
   */
  KubernetesSnapshot translateWith(List<Pod> modelPods) {
    List<Node> modelNodes = new ArrayList<>(nodes.size());
    nodes.forEach(n -> modelNodes.add(ModelTranslator.toNode(n)));
    List<PodDisruptionBudget> modelPdbs = new ArrayList<>(pdbs.size());
    pdbs.forEach(p -> modelPdbs.add(ModelTranslator.toPdb(p)));
    List<DaemonSet> modelDaemonSets = new ArrayList<>(daemonSets.size());
    daemonSets.forEach(d -> modelDaemonSets.add(ModelTranslator.toDaemonSet(d)));
    Map<Integer, List<String>> priorities =
        priorityExpander
            .map(
                cm ->
                    Fields.translating(
                        ModelTranslator.describe(
                            "ConfigMap",
                            ModelTranslator.namespaceOf(cm.getMetadata()),
                            cm.getMetadata().getName()),
                        () -> ExpanderPriorities.parse(cm.getData())))
            .orElse(Map.of());
    Map<String, PodTemplate> templates = new LinkedHashMap<>();
    podTemplates.forEach(
        t ->
            templates.put(
                ModelTranslator.namespaceOf(t.getMetadata()) + "/" + t.getMetadata().getName(), t));
    List<CapacityBuffer> buffers = new ArrayList<>();
    capacityBuffers.forEach(b -> buffers.add(CapacityBuffers.translate(b, templates)));
    return new KubernetesSnapshot(
        modelNodes,
        modelPods,
        modelPdbs,
        modelDaemonSets,
        priorities,
        buffers,
        List.of(),
        namespaces.stream().map(ClusterNamespaces::toNamespace).toList());
  }
}
