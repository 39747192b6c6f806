package dev.skyscaler.clusterapi.fake;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cluster API objects as a management cluster holds them, in v1beta1 or v1beta2 shape, built
 * fluently: {@code deployment("workers").bounds(1, 4).replicas(2).capacity("4",
 * "16Gi").build(version)}. Defaults: namespace {@value CapiWorld#NAMESPACE}, cluster {@value
 * CapiWorld#CLUSTER}, created {@value #CREATED}.
 */
public final class CapiObjects {
  public static final String CREATED = "2025-01-31T10:00:00Z";

  private CapiObjects() {}

  public static Scalable deployment(String name) {
    return new Scalable("MachineDeployment", name);
  }

  public static Scalable machineSet(String name) {
    return new Scalable("MachineSet", name);
  }

  public static Scalable machinePool(String name) {
    return new Scalable("MachinePool", name);
  }

  public static MachineFixture machine(String name) {
    return new MachineFixture(name);
  }

  @SuppressWarnings("unchecked")
  public static Map<String, Object> spec(GenericKubernetesResource o) {
    return (Map<String, Object>)
        o.getAdditionalProperties().computeIfAbsent("spec", k -> new LinkedHashMap<>());
  }

  @SuppressWarnings("unchecked")
  public static Map<String, Object> status(GenericKubernetesResource o) {
    return (Map<String, Object>)
        o.getAdditionalProperties().computeIfAbsent("status", k -> new LinkedHashMap<>());
  }

  /** A {@code DockerMachineTemplate} reporting capacity (and architecture when given). */
  public static GenericKubernetesResource template(
      String name, Map<String, String> capacity, String architecture) {
    GenericKubernetesResource t =
        object(
            CapiWorld.INFRA_GROUP + "/" + CapiWorld.INFRA_VERSION,
            CapiWorld.TEMPLATE_KIND,
            meta(name).build());
    Map<String, Object> status = status(t);
    status.put("capacity", new LinkedHashMap<>(capacity));
    if (!architecture.isEmpty()) {
      status.put("nodeInfo", Map.of("architecture", architecture, "operatingSystem", "linux"));
    }
    return t;
  }

  public static GenericKubernetesResource cluster(String name, boolean paused, String apiVersion) {
    GenericKubernetesResource c = object(apiVersion, "Cluster", meta(name).build());
    spec(c).put("paused", paused);
    return c;
  }

  static ObjectMetaBuilder meta(String name) {
    return new ObjectMetaBuilder()
        .withNamespace(CapiWorld.NAMESPACE)
        .withName(name)
        .withCreationTimestamp(CREATED);
  }

  static GenericKubernetesResource object(String apiVersion, String kind, ObjectMeta meta) {
    GenericKubernetesResource o = new GenericKubernetesResource();
    o.setApiVersion(apiVersion);
    o.setKind(kind);
    o.setMetadata(meta);
    return o;
  }

  private static boolean v1beta1(String apiVersion) {
    return apiVersion.endsWith("/v1beta1");
  }

  /** A MachineDeployment, MachineSet or MachinePool. */
  public static final class Scalable {
    private final String kind;
    private final String name;
    private String namespace = CapiWorld.NAMESPACE;
    private Integer replicas = 1;
    private int statusReplicas;
    private String cluster = CapiWorld.CLUSTER;
    private final Map<String, String> annotations = new LinkedHashMap<>();
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final Map<String, String> templateLabels = new LinkedHashMap<>();
    private final List<Map<String, Object>> taints = new ArrayList<>();
    private final List<String[]> owners = new ArrayList<>();
    private String template;
    private List<String> providerIds;

    Scalable(String kind, String name) {
      this.kind = kind;
      this.name = name;
    }

    public Scalable namespace(String ns) {
      this.namespace = ns;
      return this;
    }

    public Scalable bounds(int min, int max) {
      return min(min).max(max);
    }

    public Scalable min(int min) {
      return annotate(CapiWorld.GROUP + "/cluster-api-autoscaler-node-group-min-size", "" + min);
    }

    public Scalable max(int max) {
      return annotate(CapiWorld.GROUP + "/cluster-api-autoscaler-node-group-max-size", "" + max);
    }

    public Scalable replicas(Integer n) {
      this.replicas = n;
      return this;
    }

    public Scalable statusReplicas(int n) {
      this.statusReplicas = n;
      return this;
    }

    public Scalable cluster(String c) {
      this.cluster = c;
      return this;
    }

    public Scalable capacity(String cpu, String memory) {
      return annotate("capacity.cluster-autoscaler.kubernetes.io/cpu", cpu)
          .annotate("capacity.cluster-autoscaler.kubernetes.io/memory", memory);
    }

    public Scalable annotate(String key, String value) {
      annotations.put(key, value);
      return this;
    }

    public Scalable label(String key, String value) {
      labels.put(key, value);
      return this;
    }

    public Scalable templateLabel(String key, String value) {
      templateLabels.put(key, value);
      return this;
    }

    public Scalable taint(String key, String value, String effect) {
      taints.add(Map.of("key", key, "value", value, "effect", effect));
      return this;
    }

    public Scalable ownedBy(String ownerKind, String ownerName) {
      owners.add(new String[] {ownerKind, ownerName});
      return this;
    }

    public Scalable revision(int revision) {
      return annotate("machinedeployment.clusters.x-k8s.io/revision", "" + revision);
    }

    public Scalable template(String templateName) {
      this.template = templateName;
      return this;
    }

    public Scalable providerIds(String... ids) {
      this.providerIds = List.of(ids);
      return this;
    }

    public GenericKubernetesResource build(String apiVersion) {
      ObjectMetaBuilder m =
          meta(name).withNamespace(namespace).withAnnotations(annotations).withLabels(labels);
      for (String[] o : owners) {
        m.addToOwnerReferences(
            new OwnerReferenceBuilder()
                .withApiVersion(apiVersion)
                .withKind(o[0])
                .withName(o[1])
                .withUid("uid-" + o[1])
                .withController(true)
                .build());
      }
      GenericKubernetesResource o = object(apiVersion, kind, m.build());
      Map<String, Object> spec = spec(o);
      spec.put("clusterName", cluster);
      if (replicas != null) {
        spec.put("replicas", replicas);
      }
      if (!kind.equals("MachinePool")) {
        spec.put("selector", Map.of("matchLabels", Map.of(CapiWorld.GROUP + "/set-name", name)));
      }
      Map<String, Object> templateSpec = new LinkedHashMap<>();
      templateSpec.put("clusterName", cluster);
      if (template != null) {
        templateSpec.put(
            "infrastructureRef",
            v1beta1(apiVersion)
                ? Map.of(
                    "apiVersion",
                    CapiWorld.INFRA_GROUP + "/" + CapiWorld.INFRA_VERSION,
                    "kind",
                    CapiWorld.TEMPLATE_KIND,
                    "name",
                    template)
                : Map.of(
                    "apiGroup",
                    CapiWorld.INFRA_GROUP,
                    "kind",
                    CapiWorld.TEMPLATE_KIND,
                    "name",
                    template));
      }
      if (!taints.isEmpty()) {
        templateSpec.put("taints", taints);
      }
      spec.put(
          "template", Map.of("metadata", Map.of("labels", templateLabels), "spec", templateSpec));
      if (providerIds != null) {
        spec.put("providerIDList", providerIds);
      }
      status(o).put("replicas", statusReplicas);
      return o;
    }
  }

  /** A Machine of a MachineSet or MachinePool. */
  public static final class MachineFixture {
    private final String name;
    private String owner;
    private String ownerKind = "MachineSet";
    private String providerId = "";
    private String node = "";
    private String phase = "";
    private final Map<String, String> annotations = new LinkedHashMap<>();
    private final List<String> finalizers = new ArrayList<>();
    private String created = CREATED;

    MachineFixture(String name) {
      this.name = name;
    }

    public MachineFixture of(String machineSet) {
      this.owner = machineSet;
      return this;
    }

    public MachineFixture ofPool(String pool) {
      this.ownerKind = "MachinePool";
      this.owner = pool;
      return this;
    }

    public MachineFixture providerId(String id) {
      this.providerId = id;
      return this;
    }

    /** Its node has registered under this name. */
    public MachineFixture node(String nodeName) {
      this.node = nodeName;
      return this;
    }

    public MachineFixture phase(String p) {
      this.phase = p;
      return this;
    }

    public MachineFixture annotate(String key, String value) {
      annotations.put(key, value);
      return this;
    }

    public MachineFixture finalizer(String f) {
      finalizers.add(f);
      return this;
    }

    public MachineFixture created(String time) {
      this.created = time;
      return this;
    }

    public GenericKubernetesResource build(String apiVersion) {
      ObjectMetaBuilder m =
          meta(name)
              .withCreationTimestamp(created)
              .withAnnotations(annotations)
              .withFinalizers(finalizers)
              .addToLabels(CapiWorld.GROUP + "/cluster-name", CapiWorld.CLUSTER);
      if (owner != null) {
        m.addToLabels(CapiWorld.GROUP + "/set-name", owner)
            .addToOwnerReferences(
                new OwnerReferenceBuilder()
                    .withApiVersion(apiVersion)
                    .withKind(ownerKind)
                    .withName(owner)
                    .withUid("uid-" + owner)
                    .withController(true)
                    .build());
      }
      GenericKubernetesResource o = object(apiVersion, "Machine", m.build());
      Map<String, Object> spec = spec(o);
      spec.put("clusterName", CapiWorld.CLUSTER);
      if (!providerId.isEmpty()) {
        spec.put("providerID", providerId);
      }
      Map<String, Object> status = status(o);
      if (!node.isEmpty()) {
        status.put(
            "nodeRef",
            v1beta1(apiVersion)
                ? Map.of("apiVersion", "v1", "kind", "Node", "name", node)
                : Map.of("name", node));
      }
      if (!phase.isEmpty()) {
        status.put("phase", phase);
      }
      return o;
    }
  }
}
