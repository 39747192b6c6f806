package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import java.util.Optional;

/**
 * A kind of object a scan reads: where the API serves its list, what of each object is kept ({@link
 * ObjectTrees.Keep}), and how one becomes what the scan keeps of it. Translation happens as an
 * object arrives, in a list or a watch event, so what is kept between scans is the core model,
 * never API objects.
 *
 * @param what the list in messages ({@code pods})
 * @param path the list's path below the server's URL ({@code api/v1/pods})
 * @param translation the object kept, or none (a finished pod is not kept)
 */
record ObjectKind<V>(
    String what,
    String path,
    boolean namespaced,
    ObjectTrees.Keep keep,
    Translation<V> translation) {

  /** How an object's tree becomes what is kept of it; throws {@link SnapshotException}. */
  interface Translation<V> {
    Optional<V> apply(JsonNode object, Interner shared);
  }

  /** A node with the UID its events are recorded against (the core's nodes have none). */
  record NodeRead(Node node, String uid) {}

  static final ObjectKind<NodeRead> NODES =
      new ObjectKind<>(
          "nodes",
          "api/v1/nodes",
          false,
          ObjectTrees.NODE,
          (o, shared) ->
              Optional.of(
                  new NodeRead(
                      ModelTranslator.toNode(o, shared),
                      o.path("metadata").path("uid").asText(null))));

  /** Pods that hold or want room: Succeeded and Failed pods are dropped, as CA drops them. */
  static final ObjectKind<Pod> PODS =
      new ObjectKind<>("pods", "api/v1/pods", true, ObjectTrees.POD, ObjectKind::unfinished);

  /** Namespaces: their labels, which pod (anti-)affinity namespace selectors match. */
  static final ObjectKind<dev.skyscaler.core.model.Namespace> NAMESPACES =
      new ObjectKind<>(
          "namespaces",
          "api/v1/namespaces",
          false,
          ObjectTrees.NAMESPACE,
          (o, shared) -> Optional.of(ClusterNamespaces.toNamespace(o)));

  static final ObjectKind<dev.skyscaler.core.model.PodDisruptionBudget> PDBS =
      new ObjectKind<>(
          "poddisruptionbudgets",
          "apis/policy/v1/poddisruptionbudgets",
          true,
          ObjectTrees.PDB,
          (o, shared) -> Optional.of(ModelTranslator.toPdb(o)));

  static final ObjectKind<dev.skyscaler.core.model.DaemonSet> DAEMON_SETS =
      new ObjectKind<>(
          "daemonsets",
          "apis/apps/v1/daemonsets",
          true,
          ObjectTrees.DAEMON_SET,
          (o, shared) -> Optional.of(ModelTranslator.toDaemonSet(o)));

  static final ObjectKind<JsonNode> POD_TEMPLATES =
      new ObjectKind<>(
          "podtemplates", "api/v1/podtemplates", true, ObjectTrees.POD_TEMPLATE, kept());

  /** CapacityBuffers of the served {@code version}, kept as trees: they need the templates. */
  static ObjectKind<JsonNode> capacityBuffers(String version) {
    return new ObjectKind<>(
        "capacitybuffers",
        "apis/" + CapacityBuffers.API_GROUP + "/" + version + "/capacitybuffers",
        true,
        ObjectTrees.GENERIC,
        kept());
  }

  private static Translation<JsonNode> kept() {
    return (o, shared) -> Optional.of(o);
  }

  /** The pod of the core model, or none for a finished one (Succeeded or Failed). */
  static Optional<Pod> unfinished(JsonNode pod, Interner shared) {
    String phase = pod.path("status").path("phase").asText("");
    if (phase.equals("Succeeded") || phase.equals("Failed")) {
      return Optional.empty();
    }
    return Optional.of(ModelTranslator.toPod(pod, shared));
  }
}
