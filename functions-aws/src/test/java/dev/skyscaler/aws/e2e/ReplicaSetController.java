package dev.skyscaler.aws.e2e;

import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Deployment and ReplicaSet controllers, and the API server's eviction subresource (which the
 * mock's CRUD mode lacks): each Deployment in {@code default} keeps {@code spec.replicas} pods of
 * its ReplicaSet {@code <name>-7c5ddbdf54}; a new pod is pending until the scheduler binds it; an
 * excess pod is deleted as the ReplicaSet controller ranks them (unbound first, then those on the
 * node with the most replicas, then the newest); an eviction the autoscaler posts is answered 201
 * and deletes the pod, which the controller then replaces.
 */
final class ReplicaSetController {
  static final String NAMESPACE = "default";
  private static final String HASH = "7c5ddbdf54";

  private final MockCluster cluster;
  private final KubernetesClient admin;
  private final Clock clock;
  private final Map<String, Integer> created = new HashMap<>();
  private int callsSeen;
  private int evictions;

  ReplicaSetController(MockCluster cluster, Clock clock) {
    this.cluster = cluster;
    this.admin = cluster.admin();
    this.clock = clock;
  }

  /** A Deployment of {@code replicas} pods each requesting {@code cpu} (none when empty). */
  void deploy(String name, int replicas, String cpu) {
    Deployment d =
        new DeploymentBuilder()
            .withNewMetadata()
            .withNamespace(NAMESPACE)
            .withName(name)
            .withUid("uid-deploy-" + name)
            .addToAnnotations("e2e/cpu", cpu)
            .endMetadata()
            .withNewSpec()
            .withReplicas(replicas)
            .withNewSelector()
            .addToMatchLabels("app", name)
            .endSelector()
            .endSpec()
            .build();
    admin.apps().deployments().resource(d).create();
    admin
        .apps()
        .replicaSets()
        .resource(
            new ReplicaSetBuilder()
                .withNewMetadata()
                .withNamespace(NAMESPACE)
                .withName(name + "-" + HASH)
                .withUid("uid-rs-" + name)
                .addNewOwnerReference()
                .withApiVersion("apps/v1")
                .withKind("Deployment")
                .withName(name)
                .withUid("uid-deploy-" + name)
                .withController(true)
                .endOwnerReference()
                .endMetadata()
                .withNewSpec()
                .withReplicas(replicas)
                .withNewSelector()
                .addToMatchLabels("app", name)
                .endSelector()
                .endSpec()
                .build())
        .create();
  }

  /** {@code kubectl scale deployment <name> --replicas=<n>}. */
  void scale(String name, int replicas) {
    admin
        .apps()
        .deployments()
        .inNamespace(NAMESPACE)
        .withName(name)
        .edit(d -> new DeploymentBuilder(d).editSpec().withReplicas(replicas).endSpec().build());
  }

  /** Evictions posted since the last call, as deletions; then every Deployment to its count. */
  void reconcile() {
    List<ApiCall> calls = cluster.calls();
    for (ApiCall c : calls.subList(Math.min(callsSeen, calls.size()), calls.size())) {
      if (c.subresource().equals("eviction") && c.method().equals("POST")) {
        evictions++;
        Pod p = admin.pods().inNamespace(c.namespace()).withName(c.name()).get();
        if (p != null) {
          admin.pods().resource(p).delete();
        }
      }
    }
    callsSeen = calls.size();
    for (Deployment d : admin.apps().deployments().inNamespace(NAMESPACE).list().getItems()) {
      String name = d.getMetadata().getName();
      List<Pod> pods =
          new ArrayList<>(
              admin.pods().inNamespace(NAMESPACE).withLabel("app", name).list().getItems());
      int want = d.getSpec().getReplicas();
      for (int i = pods.size(); i < want; i++) {
        create(name, d.getMetadata().getAnnotations().get("e2e/cpu"));
      }
      if (pods.size() > want) {
        deleteExcess(pods, pods.size() - want);
      }
    }
  }

  /** Evictions answered so far. */
  int evictions() {
    return evictions;
  }

  private void create(String deployment, String cpu) {
    int n = created.merge(deployment, 1, Integer::sum);
    String name = String.format("%s-%s-%05d", deployment, HASH, n);
    PodBuilder b =
        new PodBuilder()
            .withNewMetadata()
            .withNamespace(NAMESPACE)
            .withName(name)
            .withUid("uid-" + name)
            .withCreationTimestamp(clock.instant().toString())
            .addToLabels("app", deployment)
            .addToLabels("pod-template-hash", HASH)
            .addNewOwnerReference()
            .withApiVersion("apps/v1")
            .withKind("ReplicaSet")
            .withName(deployment + "-" + HASH)
            .withUid("uid-rs-" + deployment)
            .withController(true)
            .endOwnerReference()
            .endMetadata()
            .withNewSpec()
            .withTerminationGracePeriodSeconds(30L)
            .addNewContainer()
            .withName(deployment)
            .withImage("nginx:1.27")
            .withNewResources()
            .withRequests(cpu.isEmpty() ? Map.of() : Map.of("cpu", new Quantity(cpu)))
            .endResources()
            .endContainer()
            .endSpec()
            .withNewStatus()
            .withPhase("Pending")
            .endStatus();
    admin.pods().resource(b.build()).create();
    cluster
        .expect()
        .post()
        .withPath("/api/v1/namespaces/" + NAMESPACE + "/pods/" + name + "/eviction")
        .andReturn(201, "{}")
        .always();
  }

  private void deleteExcess(List<Pod> pods, int excess) {
    Map<String, Integer> perNode = new HashMap<>();
    pods.forEach(p -> perNode.merge(String.valueOf(p.getSpec().getNodeName()), 1, Integer::sum));
    Comparator<Pod> rank =
        Comparator.comparing((Pod p) -> p.getSpec().getNodeName() != null)
            .thenComparing(p -> -perNode.get(String.valueOf(p.getSpec().getNodeName())).intValue())
            .thenComparing(p -> p.getMetadata().getName(), Comparator.reverseOrder());
    for (int i = 0; i < excess; i++) {
      Pod victim = pods.stream().min(rank).orElseThrow();
      pods.remove(victim);
      perNode.merge(String.valueOf(victim.getSpec().getNodeName()), -1, Integer::sum);
      admin.pods().resource(victim).delete();
    }
  }
}
