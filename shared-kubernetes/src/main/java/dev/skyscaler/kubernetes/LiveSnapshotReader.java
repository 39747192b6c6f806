package dev.skyscaler.kubernetes;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptions;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.PodTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Reads a live cluster once. {@link #readForScan} reads what a scan needs in as few calls as the
 * API allows, each answered from the API server's watch cache: nodes, pods of all namespaces,
 * namespaces, PodDisruptionBudgets and DaemonSets, each one list read as it arrives (a {@link
 * ClusterView} that lists and never watches); the priority expander's ConfigMap with one get;
 * CapacityBuffers with one discovery call and one list when the CRD exists (skipped quietly
 * otherwise) and their PodTemplates with one list when a buffer refers to one. {@link #readObjects}
 * reads the API objects whole, page by page, for {@code skyscaler snapshot}. Read-only: it never
 * writes.
 */
public final class LiveSnapshotReader {
  private static final String NOT_FINISHED = "status.phase!=Succeeded,status.phase!=Failed";

  private final KubernetesConnection connection;
  private final KubernetesClient client;
  private final ReadOptions options;

  /**
   * @param pageSize items per list request of {@link #readObjects} (the API server's {@code
   *     limit}); a scan's lists have none
   * @param priorityExpanderNamespace where the {@code cluster-autoscaler-priority-expander}
   *     ConfigMap lives (CA reads it from its own namespace)
   */
  public record ReadOptions(int pageSize, String priorityExpanderNamespace) {
    /** 500 items per page (as kubectl), the ConfigMap in {@code kube-system}. */
    public static final ReadOptions DEFAULTS = new ReadOptions(500, "kube-system");

    public ReadOptions {
      if (pageSize < 1) {
        throw new IllegalArgumentException("pageSize must be at least 1, was " + pageSize);
      }
      Objects.requireNonNull(priorityExpanderNamespace, "priorityExpanderNamespace");
    }
  }

  public LiveSnapshotReader(KubernetesConnection connection, ReadOptions options) {
    this.connection = connection;
    this.client = connection.client();
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * What a scan reads.
   *
   * @param snapshot the translated snapshot, as {@link ClusterObjects#translate()} gives it
   * @param nodeUids each node's UID by name: events name nodes by UID, which the core model does
   *     not keep
   */
  public record ScanRead(KubernetesSnapshot snapshot, Map<String, String> nodeUids) {
    public ScanRead {
      Objects.requireNonNull(snapshot, "snapshot");
      nodeUids = Map.copyOf(nodeUids);
    }
  }

  /** Reads and translates: the same snapshot {@link SnapshotFiles#read} gives for files. */
  public KubernetesSnapshot read() {
    return readForScan().snapshot();
  }

  /**
   * Reads and translates, each object as it arrives: neither a list's answer nor its API objects
   * are ever held whole, only the core model (about a quarter of fabric8's objects' room).
   *
   * @throws KubernetesApiException naming the list that failed after the client's retries
   * @throws SnapshotException naming the first object that cannot be represented
   */
  public ScanRead readForScan() {
    return new ClusterView(ViewOptions.listing(java.time.Clock.systemUTC()))
        .read(connection, options);
  }

  /**
   * The API objects, untranslated (what {@code skyscaler snapshot} writes).
   *
   * @throws KubernetesApiException naming the list that failed after the client's retries
   */
  public ClusterObjects readObjects() {
    Lists read = readLists();
    return new ClusterObjects(
        read.nodes(),
        read.pods(),
        read.pdbs(),
        read.daemonSets(),
        read.priorities(),
        read.buffers(),
        read.templates(),
        read.namespaces());
  }

  /** One read's lists. */
  private record Lists(
      List<io.fabric8.kubernetes.api.model.Node> nodes,
      List<io.fabric8.kubernetes.api.model.Pod> pods,
      List<io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget> pdbs,
      List<io.fabric8.kubernetes.api.model.apps.DaemonSet> daemonSets,
      Optional<ConfigMap> priorities,
      List<GenericKubernetesResource> buffers,
      List<PodTemplate> templates,
      List<io.fabric8.kubernetes.api.model.Namespace> namespaces) {}

  /** Every list of a read, page by page. */
  private Lists readLists() {
    ExecutorService pool = Executors.newFixedThreadPool(4, ReadCalls::daemon);
    try {
      var nodes =
          ReadCalls.async(pool, () -> listAll("list nodes", o -> client.nodes().list(o), ""));
      var pods =
          ReadCalls.async(
              pool,
              () ->
                  listAll("list pods", o -> client.pods().inAnyNamespace().list(o), NOT_FINISHED));
      var pdbs =
          ReadCalls.async(
              pool,
              () ->
                  listAll(
                      "list poddisruptionbudgets",
                      o -> client.policy().v1().podDisruptionBudget().inAnyNamespace().list(o),
                      ""));
      var daemonSets =
          ReadCalls.async(
              pool,
              () ->
                  listAll(
                      "list daemonsets",
                      o -> client.apps().daemonSets().inAnyNamespace().list(o),
                      ""));
      var namespaces =
          ReadCalls.async(
              pool, () -> listAll("list namespaces", o -> client.namespaces().list(o), ""));
      Optional<ConfigMap> priorities = priorityExpander();
      List<GenericKubernetesResource> buffers = capacityBuffers();
      List<PodTemplate> templates = buffers.isEmpty() ? List.of() : podTemplates(buffers);
      return new Lists(
          ReadCalls.join(nodes),
          ReadCalls.join(pods),
          ReadCalls.join(pdbs),
          ReadCalls.join(daemonSets),
          priorities,
          buffers,
          templates,
          ReadCalls.join(namespaces));
    } finally {
      pool.shutdownNow();
    }
  }

  private Optional<ConfigMap> priorityExpander() {
    return Optional.ofNullable(
        ReadCalls.call(
            "get configmap "
                + options.priorityExpanderNamespace()
                + "/"
                + ExpanderPriorities.CONFIG_MAP_NAME,
            () ->
                client
                    .configMaps()
                    .inNamespace(options.priorityExpanderNamespace())
                    .withName(ExpanderPriorities.CONFIG_MAP_NAME)
                    .get()));
  }

  private List<GenericKubernetesResource> capacityBuffers() {
    APIGroup group =
        ReadCalls.call(
            "discover " + CapacityBuffers.API_GROUP,
            () -> client.getApiGroup(CapacityBuffers.API_GROUP));
    Optional<String> version = bufferVersion(group);
    if (version.isEmpty()) {
      return List.of();
    }
    ResourceDefinitionContext context =
        new ResourceDefinitionContext.Builder()
            .withGroup(CapacityBuffers.API_GROUP)
            .withVersion(version.get())
            .withKind("CapacityBuffer")
            .withPlural("capacitybuffers")
            .withNamespaced(true)
            .build();
    return listAll(
        "list capacitybuffers",
        o -> client.genericKubernetesResources(context).inAnyNamespace().list(o),
        "");
  }

  /** The served version this reader understands, the server's preferred one first. */
  static Optional<String> bufferVersion(APIGroup group) {
    return ClusterView.bufferVersion(group);
  }

  private List<PodTemplate> podTemplates(List<GenericKubernetesResource> buffers) {
    boolean referenced =
        buffers.stream()
            .anyMatch(
                b ->
                    hasTemplateRef(b.getAdditionalProperties().get("spec"))
                        || hasTemplateRef(b.getAdditionalProperties().get("status")));
    if (!referenced) {
      return List.of();
    }
    return listAll(
        "list podtemplates", o -> client.resources(PodTemplate.class).inAnyNamespace().list(o), "");
  }

  private static boolean hasTemplateRef(Object section) {
    return section instanceof java.util.Map<?, ?> m && m.get("podTemplateRef") != null;
  }

  /**
   * Every item of a list, page by page. An expired {@code continue} token (410 Gone: the list took
   * longer than the server keeps its snapshot) restarts the list once.
   */
  private <T extends HasMetadata, L extends KubernetesResourceList<T>> List<T> listAll(
      String what, Function<ListOptions, L> list, String fieldSelector) {
    for (int attempt = 1; ; attempt++) {
      try {
        return pages(list, fieldSelector);
      } catch (KubernetesClientException e) {
        if (e.getCode() != 410 || attempt == 2) {
          throw KubernetesApiException.of(what, e);
        }
      }
    }
  }

  private <T extends HasMetadata, L extends KubernetesResourceList<T>> List<T> pages(
      Function<ListOptions, L> list, String fieldSelector) {
    List<T> items = new ArrayList<>();
    String token = null;
    do {
      ListOptionsBuilder b = new ListOptionsBuilder().withLimit((long) options.pageSize());
      if (!fieldSelector.isEmpty()) {
        b.withFieldSelector(fieldSelector);
      }
      if (token != null) {
        b.withContinue(token);
      }
      L page = list.apply(b.build());
      items.addAll(page.getItems());
      token = page.getMetadata() == null ? null : page.getMetadata().getContinue();
    } while (token != null && !token.isEmpty());
    return items;
  }
}
