package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads cluster snapshots as {@code kubectl get namespaces,nodes,pods,pdb,daemonsets -A -o yaml}
 * writes them (also multi-document YAML, single objects and JSON) into the core model.
 *
 * <p>Nodes, Pods, Namespaces, policy/v1 PodDisruptionBudgets, apps/v1 DaemonSets, the priority
 * expander's ConfigMap, CapacityBuffers ({@code autoscaling.x-k8s.io} v1, v1beta1, v1alpha1) and
 * the PodTemplates they refer to are used; Succeeded and Failed pods are dropped; other ConfigMaps
 * are skipped silently; any other kind is skipped with one warning per kind and file. Every file,
 * and the snapshot as a whole, is held to {@link ParseLimits}.
 */
public final class SnapshotFiles {
  private static final List<String> EXTENSIONS = List.of(".yaml", ".yml", ".json");

  private SnapshotFiles() {}

  /**
   * Reads every path: a file, or a directory whose {@code *.yaml}, {@code *.yml} and {@code *.json}
   * files are read in name order (not recursively).
   *
   * @throws SnapshotException with one message naming the file, the object and the field, for a
   *     missing file, an empty directory, unparsable YAML, a document that is not a Kubernetes
   *     object, a value the model rejects, or a node or pod defined twice
   */
  public static KubernetesSnapshot read(List<Path> paths) {
    return read(paths, (object, where) -> false);
  }

  /**
   * Objects of kinds the core does not read, offered to a reader that takes some of them (the
   * Cluster API provider takes its MachineDeployments, Machines, ...); the kinds it takes are not
   * reported as ignored.
   */
  @FunctionalInterface
  public interface ExtraObjects {
    /**
     * Takes the object if it is of a kind this reader reads.
     *
     * @param where its file and place in it, for messages: {@code snap.yaml (document 2, items[0])}
     * @throws SnapshotException naming the object and field, for an object it cannot read
     */
    boolean take(GenericKubernetesResource object, String where);
  }

  /**
   * {@link #read(List)}, offering every object of another kind to {@code extra} first.
   *
   * @throws SnapshotException as {@link #read(List)} does, and as {@code extra} does
   */
  public static KubernetesSnapshot read(List<Path> paths, ExtraObjects extra) {
    return read(paths, extra, ParseLimits.MAX_NODES, ParseLimits.MAX_PODS);
  }

  /** {@link #read(List)} with other limits on the nodes and pods, for tests. */
  static KubernetesSnapshot read(List<Path> paths, int maxNodes, int maxPods) {
    return read(paths, (object, where) -> false, maxNodes, maxPods);
  }

  private static KubernetesSnapshot read(
      List<Path> paths, ExtraObjects extra, int maxNodes, int maxPods) {
    if (paths.isEmpty()) {
      throw new SnapshotException("snapshot: no snapshot files given");
    }
    Assembly assembly = new Assembly(extra, maxNodes, maxPods);
    for (Path path : paths) {
      for (Path file : files(path)) {
        List<RawObject> objects = SnapshotDocuments.load(file);
        Map<String, Integer> ignored = new LinkedHashMap<>();
        for (RawObject object : objects) {
          if (!assembly.add(object)) {
            ignored.merge(object.kind(), 1, Integer::sum);
          }
        }
        ignored.forEach(
            (kind, count) ->
                assembly.warnings.add(
                    file
                        + ": ignored "
                        + count
                        + (count == 1 ? " object" : " objects")
                        + " of kind "
                        + kind));
      }
    }
    return assembly.snapshot();
  }

  private static List<Path> files(Path path) {
    if (Files.isRegularFile(path)) {
      return List.of(path);
    }
    if (!Files.isDirectory(path)) {
      throw new SnapshotException("snapshot: " + path + ": no such file");
    }
    try (Stream<Path> entries = Files.list(path)) {
      List<Path> files =
          entries
              .filter(Files::isRegularFile)
              .filter(f -> EXTENSIONS.stream().anyMatch(f.getFileName().toString()::endsWith))
              .sorted()
              .toList();
      if (files.isEmpty()) {
        throw new SnapshotException(
            "snapshot: no snapshot files in " + path + ": expected *.yaml, *.yml or *.json files");
      }
      return files;
    } catch (IOException e) {
      throw new SnapshotException("snapshot: " + path + ": cannot list: " + e.getMessage(), e);
    }
  }

  /** The objects read so far, checked for duplicates. */
  private static final class Assembly {
    private final List<Node> nodes = new ArrayList<>();
    private final List<Pod> pods = new ArrayList<>();
    private final List<PodDisruptionBudget> pdbs = new ArrayList<>();
    private final List<DaemonSet> daemonSets = new ArrayList<>();
    private final List<dev.skyscaler.core.model.Namespace> namespaces = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final Map<String, String> seen = new HashMap<>();
    private final List<RawObject> buffers = new ArrayList<>();
    private final Map<String, JsonNode> podTemplates = new HashMap<>();
    private Map<Integer, List<String>> priorities = Map.of();
    private String prioritiesFrom;
    private final ExtraObjects extra;
    private final int maxNodes;
    private final int maxPods;

    Assembly(ExtraObjects extra, int maxNodes, int maxPods) {
      this.extra = extra;
      this.maxNodes = maxNodes;
      this.maxPods = maxPods;
    }

    /** Adds a known object; false when its kind is not one a snapshot uses. */
    boolean add(RawObject o) {
      try {
        switch (o.kind()) {
          case "Node" -> {
            nodes.add(ModelTranslator.toNode(checked(o, "v1")));
            checkCount(nodes.size(), maxNodes, "nodes", 5_000);
          }
          case "Pod" -> addPod(o);
          case "Namespace" -> namespaces.add(ClusterNamespaces.toNamespace(checked(o, "v1")));
          case "PodDisruptionBudget" -> pdbs.add(ModelTranslator.toPdb(checked(o, "policy/v1")));
          case "DaemonSet" -> daemonSets.add(ModelTranslator.toDaemonSet(checked(o, "apps/v1")));
          case "ConfigMap" -> addConfigMap(o);
          case "PodTemplate" -> podTemplates.put(o.namespace() + "/" + o.name(), checked(o, "v1"));
          case "CapacityBuffer" -> addCapacityBuffer(o);
          default -> {
            return extra.take(generic(o), where(o));
          }
        }
        return true;
      } catch (SnapshotException e) {
        throw e.inFile(o.file());
      }
    }

    private void addPod(RawObject o) {
      JsonNode status = o.body().get("status");
      String phase = status == null || !status.isObject() ? null : status.path("phase").asText();
      if ("Succeeded".equals(phase) || "Failed".equals(phase)) {
        return; // finished pods hold no capacity
      }
      pods.add(ModelTranslator.toPod(checked(o, "v1")));
      checkCount(pods.size(), maxPods, "pods", 150_000);
    }

    /** A snapshot with more than {@code max} of a kind stops at the object that is one too many. */
    private static void checkCount(int count, int max, String what, int tested) {
      if (count > max) {
        throw new SnapshotException(
            String.format(
                "more than %,d %s; at most %,d are read (Kubernetes' tested limit is %,d per"
                    + " cluster)",
                max, what, max, tested));
      }
    }

    private void addConfigMap(RawObject o) {
      if (!ExpanderPriorities.CONFIG_MAP_NAME.equals(o.name())) {
        return;
      }
      JsonNode cm = checked(o, "v1");
      Map<Integer, List<String>> parsed =
          Fields.translating(
              o.describe(), () -> ExpanderPriorities.parse(Fields.strings(cm, "data", "")));
      if (prioritiesFrom != null) {
        throw new SnapshotException(
            o.describe()
                + ": a second priority expander ConfigMap; the first is "
                + prioritiesFrom);
      }
      priorities = parsed;
      prioritiesFrom = o.describe() + " in " + where(o);
    }

    private void addCapacityBuffer(RawObject o) {
      String version =
          o.apiVersion().startsWith(CapacityBuffers.API_GROUP + "/")
              ? o.apiVersion().substring(CapacityBuffers.API_GROUP.length() + 1)
              : "";
      String expected = CapacityBuffers.API_GROUP + "/" + version;
      if (!CapacityBuffers.VERSIONS.contains(version)) {
        expected = CapacityBuffers.API_GROUP + "/" + String.join(", ", CapacityBuffers.VERSIONS);
      }
      checked(o, expected);
      buffers.add(o);
    }

    /** A used object, once per identity across all files, of the API version expected. */
    private JsonNode checked(RawObject o, String apiVersion) {
      String first = seen.putIfAbsent(o.describe(), where(o));
      if (first != null) {
        throw new SnapshotException(
            o.describe() + ": defined twice: " + o.location() + ", and first in " + first);
      }
      if (!apiVersion.equals(o.apiVersion())) {
        throw new SnapshotException(
            o.describe()
                + ": apiVersion: unsupported \""
                + o.apiVersion()
                + "\": expected "
                + apiVersion);
      }
      return o.body();
    }

    /** An object of a kind the core does not read, with the kind and apiVersion it was read as. */
    private static GenericKubernetesResource generic(RawObject o) {
      GenericKubernetesResource r;
      try {
        r = ReadView.SERIALIZATION.convertValue(o.body(), GenericKubernetesResource.class);
      } catch (IllegalArgumentException e) {
        throw new SnapshotException(o.describe() + ": " + e.getMessage(), e);
      }
      r.setKind(o.kind());
      r.setApiVersion(o.apiVersion());
      return r;
    }

    private static String where(RawObject o) {
      return o.file() + " (" + o.location() + ")";
    }

    KubernetesSnapshot snapshot() {
      List<CapacityBuffer> translated = new ArrayList<>();
      for (RawObject o : buffers) {
        try {
          translated.add(CapacityBuffers.translate(o.body(), podTemplates));
        } catch (SnapshotException e) {
          throw e.inFile(o.file());
        }
      }
      return new KubernetesSnapshot(
          nodes, pods, pdbs, daemonSets, priorities, translated, warnings, namespaces);
    }
  }
}
