package dev.skyscaler.clusterapi.fake;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Cluster API's controllers, reduced to what an autoscaler sees, one pass per {@link #reconcile}:
 *
 * <ul>
 *   <li>a MachineDeployment gets a MachineSet of revision 1, whose replicas follow it;
 *   <li>a MachineSet below its replicas creates Machines (provider ID set, no node yet); above, it
 *       deletes Machines marked {@code cluster.x-k8s.io/delete-machine} first, then the newest, as
 *       Cluster API's deletion order does;
 *   <li>a Machine created in an earlier pass gets its Node in the workload cluster (named after it,
 *       with the Machine annotations Cluster API sets) and its {@code status.nodeRef};
 *   <li>a Machine being deleted loses its Node and then its finalizer, and is gone.
 * </ul>
 *
 * The workload cluster may be the management cluster itself. {@link #deleted()} lists the Machines
 * removed, in order.
 */
public final class FakeCapiController {
  public static final String FINALIZER = "machine.cluster.x-k8s.io";
  private static final String DELETE = CapiWorld.GROUP + "/delete-machine";

  private final CapiWorld world;
  private final KubernetesClient workload;
  private final Clock clock;
  private final List<String> deleted = new ArrayList<>();
  private final List<String> seen = new ArrayList<>();
  private int created;

  public FakeCapiController(CapiWorld world, KubernetesClient workload, Clock clock) {
    this.world = world;
    this.workload = workload;
    this.clock = clock;
  }

  /** The names of the Machines this controller has removed, in order. */
  public List<String> deleted() {
    return List.copyOf(deleted);
  }

  public void reconcile() {
    for (GenericKubernetesResource md : world.list("MachineDeployment")) {
      deployment(md);
    }
    for (GenericKubernetesResource ms : world.list("MachineSet")) {
      machineSet(ms);
    }
    for (GenericKubernetesResource m : world.list("Machine")) {
      machine(m);
    }
  }

  private void deployment(GenericKubernetesResource md) {
    String name = md.getMetadata().getName() + "-1";
    int replicas = replicas(md);
    Optional<GenericKubernetesResource> ms = world.get("MachineSet", ns(md), name);
    if (ms.isEmpty()) {
      GenericKubernetesResource set =
          CapiObjects.machineSet(name)
              .namespace(ns(md))
              .replicas(replicas)
              .revision(1)
              .ownedBy("MachineDeployment", md.getMetadata().getName())
              .build(world.apiVersion());
      set.getMetadata().getAnnotations().putAll(capacity(md));
      world.create(set);
    } else if (replicas(ms.get()) != replicas) {
      CapiObjects.spec(ms.get()).put("replicas", replicas);
      world.update(ms.get());
    }
  }

  private void machineSet(GenericKubernetesResource ms) {
    List<GenericKubernetesResource> live =
        world.list("Machine").stream()
            .filter(m -> owner(m).equals(ms.getMetadata().getName()))
            .filter(m -> m.getMetadata().getDeletionTimestamp() == null)
            .toList();
    int want = replicas(ms);
    for (int i = live.size(); i < want; i++) {
      create(ms);
    }
    if (live.size() > want) {
      live.stream()
          .sorted(
              Comparator.comparing((GenericKubernetesResource m) -> !marked(m))
                  .thenComparing(
                      m -> m.getMetadata().getCreationTimestamp(), Comparator.reverseOrder())
                  .thenComparing(m -> m.getMetadata().getName(), Comparator.reverseOrder()))
          .limit(live.size() - want)
          .forEach(
              m ->
                  world
                      .admin()
                      .genericKubernetesResources(world.context("Machine"))
                      .inNamespace(ns(m))
                      .withName(m.getMetadata().getName())
                      .delete());
    }
  }

  private void create(GenericKubernetesResource ms) {
    String name = ms.getMetadata().getName() + "-m" + (++created);
    GenericKubernetesResource m =
        CapiObjects.machine(name)
            .of(ms.getMetadata().getName())
            .providerId("openstack:///" + UUID.nameUUIDFromBytes(name.getBytes()))
            .finalizer(FINALIZER)
            .created(clock.instant().toString())
            .build(world.apiVersion());
    m.getMetadata().setNamespace(ns(ms));
    m.getMetadata().getAnnotations().putAll(capacity(ms));
    world.create(m);
  }

  private void machine(GenericKubernetesResource m) {
    String name = m.getMetadata().getName();
    if (m.getMetadata().getDeletionTimestamp() != null) {
      workload.nodes().withName(name).delete();
      m.getMetadata().setFinalizers(List.of());
      world.update(m);
      deleted.add(name);
      return;
    }
    if (CapiObjects.status(m).containsKey("nodeRef")) {
      return;
    }
    if (!seen.contains(name)) {
      seen.add(name); // boots during the next pass
      return;
    }
    workload.nodes().resource(node(m)).create();
    CapiObjects.status(m)
        .put(
            "nodeRef",
            world.version().equals("v1beta1")
                ? Map.of("apiVersion", "v1", "kind", "Node", "name", name)
                : Map.of("name", name));
    CapiObjects.status(m).put("phase", "Running");
    world.update(m);
  }

  private Node node(GenericKubernetesResource m) {
    Map<String, String> a = m.getMetadata().getAnnotations();
    String cpu = a.getOrDefault("capacity.cluster-autoscaler.kubernetes.io/cpu", "4");
    String memory = a.getOrDefault("capacity.cluster-autoscaler.kubernetes.io/memory", "16Gi");
    String created = clock.instant().toString();
    return new NodeBuilder()
        .withNewMetadata()
        .withName(m.getMetadata().getName())
        .withCreationTimestamp(created)
        .addToLabels("kubernetes.io/hostname", m.getMetadata().getName())
        .addToLabels("kubernetes.io/os", "linux")
        .addToLabels("kubernetes.io/arch", "amd64")
        .addToAnnotations(CapiWorld.GROUP + "/machine", m.getMetadata().getName())
        .addToAnnotations(CapiWorld.GROUP + "/cluster-namespace", ns(m))
        .addToAnnotations(CapiWorld.GROUP + "/cluster-name", CapiWorld.CLUSTER)
        .endMetadata()
        .withNewSpec()
        .withProviderID((String) CapiObjects.spec(m).get("providerID"))
        .endSpec()
        .withNewStatus()
        .withCapacity(
            Map.of(
                "cpu",
                new Quantity(cpu),
                "memory",
                new Quantity(memory),
                "pods",
                new Quantity("110")))
        .withAllocatable(
            Map.of(
                "cpu",
                new Quantity(cpu),
                "memory",
                new Quantity(memory),
                "pods",
                new Quantity("110")))
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withLastTransitionTime(created)
        .endCondition()
        .endStatus()
        .build();
  }

  private static Map<String, String> capacity(GenericKubernetesResource o) {
    Map<String, String> a =
        o.getMetadata().getAnnotations() == null ? Map.of() : o.getMetadata().getAnnotations();
    Map<String, String> out = new java.util.LinkedHashMap<>();
    a.forEach(
        (k, v) -> {
          if (k.startsWith("capacity.cluster-autoscaler.kubernetes.io/")) {
            out.put(k, v);
          }
        });
    return out;
  }

  private static boolean marked(GenericKubernetesResource m) {
    Map<String, String> a = m.getMetadata().getAnnotations();
    return a != null && a.containsKey(DELETE);
  }

  private static String owner(GenericKubernetesResource m) {
    ObjectMeta meta = m.getMetadata();
    return meta.getOwnerReferences() == null
        ? ""
        : meta.getOwnerReferences().stream()
            .filter(o -> o.getKind().equals("MachineSet"))
            .map(o -> o.getName())
            .findFirst()
            .orElse("");
  }

  private static int replicas(GenericKubernetesResource o) {
    Object r = CapiObjects.spec(o).get("replicas");
    return r == null ? 0 : ((Number) r).intValue();
  }

  private static String ns(GenericKubernetesResource o) {
    return o.getMetadata().getNamespace();
  }
}
