package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
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
   * The core model of these objects, through {@link ModelTranslator} as snapshot files and scans
   * are: each object becomes a JSON tree first, so there is one translation.
   *
   * @throws SnapshotException naming the first object that cannot be represented: a scan must not
   *     go on without a pod it could not read (it might delete the pod's node)
   */
  public KubernetesSnapshot translate() {
    List<Node> modelNodes = new ArrayList<>(nodes.size());
    nodes.forEach(n -> modelNodes.add(ModelTranslator.toNode(tree(n))));
    List<Pod> modelPods = new ArrayList<>(pods.size());
    pods.forEach(p -> ObjectKind.unfinished(tree(p), Interner.NONE).ifPresent(modelPods::add));
    List<PodDisruptionBudget> modelPdbs = new ArrayList<>(pdbs.size());
    pdbs.forEach(p -> modelPdbs.add(ModelTranslator.toPdb(tree(p))));
    List<DaemonSet> modelDaemonSets = new ArrayList<>(daemonSets.size());
    daemonSets.forEach(d -> modelDaemonSets.add(ModelTranslator.toDaemonSet(tree(d))));
    Map<Integer, List<String>> priorities =
        priorityExpander
            .map(
                cm ->
                    Fields.translating(
                        ModelTranslator.describe(
                            "ConfigMap",
                            cm.getMetadata().getNamespace() == null
                                ? "default"
                                : cm.getMetadata().getNamespace(),
                            cm.getMetadata().getName()),
                        () -> ExpanderPriorities.parse(cm.getData())))
            .orElse(Map.of());
    Map<String, JsonNode> templates = new LinkedHashMap<>();
    podTemplates.forEach(
        t -> {
          JsonNode tree = tree(t);
          ObjectKey key = ObjectKey.of(tree, true);
          templates.put(key.namespace() + "/" + key.name(), tree);
        });
    List<CapacityBuffer> buffers = new ArrayList<>();
    capacityBuffers.forEach(b -> buffers.add(CapacityBuffers.translate(tree(b), templates)));
    return new KubernetesSnapshot(
        modelNodes,
        modelPods,
        modelPdbs,
        modelDaemonSets,
        priorities,
        buffers,
        List.of(),
        namespaces.stream().map(n -> ClusterNamespaces.toNamespace(tree(n))).toList());
  }

  /** An API object as the JSON tree the API server would send. */
  private static JsonNode tree(Object object) {
    return ReadView.SERIALIZATION.convertValue(object, JsonNode.class);
  }
}
