package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Namespace;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ScanRead;
import dev.skyscaler.kubernetes.ObjectKind.NodeRead;
import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscovery;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

/**
 * What the scans of one cluster read, kept between them: nodes, pods (without finished ones),
 * namespaces, PodDisruptionBudgets, DaemonSets, and CapacityBuffers with the PodTemplates they
 * refer to when the cluster has their CRD, each a {@link WatchedObjects}: listed from the API
 * server's watch cache once, then kept current by a watch, so a scan after the first reads memory,
 * not the API server. The priority expander's ConfigMap is read with one get per scan.
 *
 * <p>A runner keeps one view per cluster for as long as it lives: an AWS Lambda execution
 * environment across its invocations (the handler's wiring holds it; {@link #suspend()} ends its
 * watches when an invocation ends, so nothing is open while Lambda freezes the environment or takes
 * a SnapStart snapshot, and the next invocation resumes them), an Azure Functions host across its
 * timer ticks (its watches stay open). A view made with {@link ViewOptions#listing} lists at every
 * read and never watches: {@link LiveSnapshotReader#readForScan}.
 */
public final class ClusterView {
  /** How long a discovery of the CapacityBuffer API is used before it is asked again. */
  static final Duration DISCOVERY_TTL = Duration.ofMinutes(10);

  private final ViewOptions options;
  private final StreamingLists streaming = new StreamingLists();
  private final WatchedObjects<NodeRead> nodes;
  private final WatchedObjects<Pod> pods;
  private final WatchedObjects<Namespace> namespaces;
  private final WatchedObjects<PodDisruptionBudget> pdbs;
  private final WatchedObjects<DaemonSet> daemonSets;
  private final WatchedObjects<JsonNode> templates;
  private final java.util.concurrent.locks.ReentrantLock reading =
      new java.util.concurrent.locks.ReentrantLock();
  private Buffers buffers; // guarded by this

  /** The CapacityBuffers of the version the server serves, as discovered at {@code at}. */
  private record Buffers(Optional<WatchedObjects<JsonNode>> watched, String version, Instant at) {}

  public ClusterView(ViewOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    nodes = watched(ObjectKind.NODES);
    pods = watched(ObjectKind.PODS);
    namespaces = watched(ObjectKind.NAMESPACES);
    pdbs = watched(ObjectKind.PDBS);
    daemonSets = watched(ObjectKind.DAEMON_SETS);
    templates = watched(ObjectKind.POD_TEMPLATES);
  }

  /** A view kept current by watches ({@link ViewOptions#watching}). */
  public static ClusterView watching(java.time.Clock clock) {
    return new ClusterView(ViewOptions.watching(clock));
  }

  private <V> WatchedObjects<V> watched(ObjectKind<V> kind) {
    return new WatchedObjects<>(kind, options, streaming);
  }

  /**
   * What a scan reads, through {@code connection}: current objects, translated.
   *
   * @throws KubernetesApiException naming the list or watch that failed after the client's retries
   * @throws SnapshotException naming the first object that cannot be represented
   */
  public ScanRead read(KubernetesConnection connection, ReadOptions read) {
    reading.lock(); // two scans of one cluster overlap rarely (the Lease); they read in turn
    try {
      return readNow(connection, read);
    } finally {
      reading.unlock();
    }
  }

  private ScanRead readNow(KubernetesConnection connection, ReadOptions read) {
    KubernetesClient client = connection.client();
    ExecutorService pool = Executors.newFixedThreadPool(4, ReadCalls::daemon);
    try {
      var nodeReads = ReadCalls.async(pool, () -> nodes.read(client));
      var podReads = ReadCalls.async(pool, () -> pods.read(client));
      var namespaceReads = ReadCalls.async(pool, () -> namespaces.read(client));
      var pdbReads = ReadCalls.async(pool, () -> pdbs.read(client));
      var daemonReads = ReadCalls.async(pool, () -> daemonSets.read(client));
      Optional<ConfigMap> priorities = priorityExpander(client, read);
      List<CapacityBuffer> capacityBuffers = capacityBuffers(client);
      List<NodeRead> readNodes = ReadCalls.join(nodeReads);
      List<Node> modelNodes = new ArrayList<>(readNodes.size());
      Map<String, String> uids = new HashMap<>();
      for (NodeRead n : readNodes) {
        modelNodes.add(n.node());
        if (n.uid() != null) {
          uids.put(n.node().name(), n.uid());
        }
      }
      KubernetesSnapshot snapshot =
          new KubernetesSnapshot(
              modelNodes,
              ReadCalls.join(podReads),
              ReadCalls.join(pdbReads),
              ReadCalls.join(daemonReads),
              priorities.map(ClusterView::priorities).orElse(Map.of()),
              capacityBuffers,
              List.of(),
              ReadCalls.join(namespaceReads));
      return new ScanRead(snapshot, uids);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Ends every watch; what is kept stays, and the next read resumes the watches. */
  public void suspend() {
    nodes.suspend();
    pods.suspend();
    namespaces.suspend();
    pdbs.suspend();
    daemonSets.suspend();
    templates.suspend();
    Buffers b;
    synchronized (this) {
      b = buffers;
    }
    if (b != null) {
      b.watched().ifPresent(WatchedObjects::suspend);
    }
  }

  /**
   * The kinds a trusted watch keeps current, as this client knows (a server's close may still be on
   * its way); for tests, which wait on it: a kind without one moves only at the next read.
   */
  Set<String> watched() {
    Map<String, WatchedObjects<?>> kinds = new LinkedHashMap<>();
    kinds.put("nodes", nodes);
    kinds.put("pods", pods);
    kinds.put("namespaces", namespaces);
    kinds.put("poddisruptionbudgets", pdbs);
    kinds.put("daemonsets", daemonSets);
    kinds.put("podtemplates", templates);
    Set<String> watched = new LinkedHashSet<>();
    kinds.forEach(
        (name, k) -> {
          if (k.watching()) {
            watched.add(name);
          }
        });
    return watched;
  }

  /** The resource version each kind is current at ({@code pods=123}); for logs and tests. */
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("nodes", nodes.version());
    v.put("pods", pods.version());
    v.put("namespaces", namespaces.version());
    v.put("poddisruptionbudgets", pdbs.version());
    v.put("daemonsets", daemonSets.version());
    return v;
  }

  private static Map<Integer, List<String>> priorities(ConfigMap cm) {
    return Fields.translating(
        ModelTranslator.describe(
            "ConfigMap",
            cm.getMetadata().getNamespace() == null ? "default" : cm.getMetadata().getNamespace(),
            cm.getMetadata().getName()),
        () -> ExpanderPriorities.parse(cm.getData()));
  }

  private static Optional<ConfigMap> priorityExpander(KubernetesClient client, ReadOptions read) {
    String namespace = read.priorityExpanderNamespace();
    return Optional.ofNullable(
        ReadCalls.call(
            "get configmap " + namespace + "/" + ExpanderPriorities.CONFIG_MAP_NAME,
            () ->
                client
                    .configMaps()
                    .inNamespace(namespace)
                    .withName(ExpanderPriorities.CONFIG_MAP_NAME)
                    .get()));
  }

  private List<CapacityBuffer> capacityBuffers(KubernetesClient client) {
    Optional<WatchedObjects<JsonNode>> watched = discover(client).watched();
    if (watched.isEmpty()) {
      return List.of();
    }
    List<JsonNode> trees = watched.get().read(client);
    boolean referenced =
        trees.stream()
            .anyMatch(
                b ->
                    !b.path("spec").path("podTemplateRef").isMissingNode()
                        || !b.path("status").path("podTemplateRef").isMissingNode());
    Map<String, JsonNode> byName = new HashMap<>();
    if (referenced) {
      for (JsonNode t : templates.read(client)) {
        ObjectKey key = ObjectKey.of(t, true);
        byName.put(key.namespace() + "/" + key.name(), t);
      }
    }
    List<CapacityBuffer> result = new ArrayList<>(trees.size());
    trees.forEach(b -> result.add(CapacityBuffers.translate(b, byName)));
    return result;
  }

  /** The CapacityBuffer API, asked at most every {@link #DISCOVERY_TTL}. */
  private synchronized Buffers discover(KubernetesClient client) {
    Instant now = options.clock().instant();
    if (buffers != null && options.watch() && buffers.at().plus(DISCOVERY_TTL).isAfter(now)) {
      return buffers;
    }
    APIGroup group =
        ReadCalls.call(
            "discover " + CapacityBuffers.API_GROUP,
            () -> client.getApiGroup(CapacityBuffers.API_GROUP));
    Optional<String> version = bufferVersion(group);
    if (buffers != null && buffers.version().equals(version.orElse(""))) {
      buffers = new Buffers(buffers.watched(), buffers.version(), now);
      return buffers;
    }
    if (buffers != null) {
      buffers.watched().ifPresent(WatchedObjects::suspend);
    }
    buffers =
        new Buffers(
            version.map(v -> watched(ObjectKind.capacityBuffers(v))), version.orElse(""), now);
    return buffers;
  }

  /** The served version this reader understands, the server's preferred one first. */
  static Optional<String> bufferVersion(APIGroup group) {
    if (group == null || group.getVersions() == null) {
      return Optional.empty();
    }
    Set<String> served =
        group.getVersions().stream()
            .map(GroupVersionForDiscovery::getVersion)
            .filter(Objects::nonNull)
            .collect(Collectors.toSet());
    GroupVersionForDiscovery preferred = group.getPreferredVersion();
    if (preferred != null && CapacityBuffers.VERSIONS.contains(preferred.getVersion())) {
      return Optional.of(preferred.getVersion());
    }
    return CapacityBuffers.VERSIONS.stream().filter(served::contains).findFirst();
  }
}
