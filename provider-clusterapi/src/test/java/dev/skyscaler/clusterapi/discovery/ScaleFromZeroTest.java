package dev.skyscaler.clusterapi.discovery;

import static dev.skyscaler.clusterapi.discovery.Objects.V1BETA1;
import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static dev.skyscaler.clusterapi.fake.CapiObjects.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.fake.CapiObjects.Scalable;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.NodeTemplate;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The template of a group at 0 replicas: capacity from the infrastructure template's
 * status.capacity under the capacity annotations, labels and taints. Each row shapes the
 * MachineDeployment (min 0, max 5, 0 replicas, template {@code tpl} of 2 CPUs, 8Gi, arm64) and
 * gives the template's capacity, labels and taints, or the warning.
 */
class ScaleFromZeroTest {
  record Case(String name, UnaryOperator<Scalable> shape, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "the infrastructure template's capacity and architecture, 110 pods",
            md -> md,
            "cpu=2000m memory=8Gi pods=110 | kubernetes.io/arch=arm64,kubernetes.io/os=linux | "),
        new Case(
            "annotations override the template's capacity",
            md ->
                md.capacity("8", "32Gi")
                    .annotate("capacity.cluster-autoscaler.kubernetes.io/ephemeral-disk", "100Gi")
                    .annotate("capacity.cluster-autoscaler.kubernetes.io/maxPods", "58"),
            "cpu=8000m memory=32Gi ephemeral-storage=100Gi pods=58 |"
                + " kubernetes.io/arch=arm64,kubernetes.io/os=linux | "),
        new Case(
            "GPUs need both their type and their count",
            md ->
                md.annotate("capacity.cluster-autoscaler.kubernetes.io/gpu-type", "nvidia.com/gpu")
                    .annotate("capacity.cluster-autoscaler.kubernetes.io/gpu-count", "2"),
            "cpu=2000m memory=8Gi pods=110 nvidia.com/gpu=2 |"
                + " kubernetes.io/arch=arm64,kubernetes.io/os=linux | "),
        new Case(
            "node labels Cluster API copies, then the labels annotation",
            md ->
                md.templateLabel("node-role.kubernetes.io/worker", "")
                    .templateLabel("app", "not-copied")
                    .templateLabel("gpu.node.cluster.x-k8s.io/class", "a100")
                    .annotate(
                        "capacity.cluster-autoscaler.kubernetes.io/labels",
                        "zone=z1,kubernetes.io/arch=amd64"),
            "cpu=2000m memory=8Gi pods=110 |"
                + " gpu.node.cluster.x-k8s.io/class=a100,kubernetes.io/arch=amd64,kubernetes.io/os=linux,node-role.kubernetes.io/worker=,zone=z1"
                + " | "),
        new Case(
            "template taints, and the taints annotation replacing one of the same key and effect",
            md ->
                md.taint("dedicated", "gpu", "NoSchedule")
                    .taint("spot", "true", "PreferNoSchedule")
                    .annotate(
                        "capacity.cluster-autoscaler.kubernetes.io/taints",
                        "dedicated=batch:NoSchedule,maintenance:NoExecute"),
            "cpu=2000m memory=8Gi pods=110 | kubernetes.io/arch=arm64,kubernetes.io/os=linux |"
                + " spot=true:PreferNoSchedule,dedicated=batch:NoSchedule,maintenance:NoExecute"),
        new Case(
            "a malformed taints annotation leaves the group out, named",
            md -> md.annotate("capacity.cluster-autoscaler.kubernetes.io/taints", "dedicated=gpu"),
            "MachineDeployment/capi/md: annotation capacity.cluster-autoscaler.kubernetes.io/taints:"
                + " expected key=value:Effect entries with Effect one of NoSchedule,"
                + " PreferNoSchedule, NoExecute, got \"dedicated=gpu\""),
        new Case(
            "a cpu annotation that is no quantity leaves the group out, named",
            md -> md.annotate("capacity.cluster-autoscaler.kubernetes.io/cpu", "four"),
            "MachineDeployment/capi/md: annotation capacity.cluster-autoscaler.kubernetes.io/cpu:"
                + " expected a quantity such as 4 or 16Gi, got \"four\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void buildsTheTemplate(Case c) {
    List<GenericKubernetesResource> objects = new ArrayList<>();
    objects.add(
        c.shape().apply(deployment("md").bounds(0, 5).replicas(0).template("tpl")).build(V1BETA1));
    objects.add(
        template("tpl", Map.of("cpu", "2", "memory", "8Gi", "nvidia.com/gpu", "bad"), "arm64"));

    Discovery d =
        NodeGroupDiscovery.prepare(Objects.read(objects), ClusterApiOptions.defaults())
            .match(List.of());

    String found =
        d.groups().isEmpty()
            ? String.join("; ", d.warnings())
            : describe(d.groups().get(0).template().orElseThrow());
    assertThat(found).isEqualTo(c.expected());
  }

  private static String describe(NodeTemplate t) {
    var r = t.capacity();
    StringBuilder sb = new StringBuilder();
    sb.append("cpu=").append(r.cpu()).append("m memory=").append(bytes(r.memory()));
    if (r.ephemeralStorage() > 0) {
      sb.append(" ephemeral-storage=").append(bytes(r.ephemeralStorage()));
    }
    sb.append(" pods=").append(r.pods());
    r.extended().forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
    sb.append(" | ");
    sb.append(
        String.join(
            ",",
            new java.util.TreeMap<>(t.labels())
                .entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()));
    sb.append(" | ");
    sb.append(String.join(",", t.taints().stream().map(Object::toString).toList()));
    return sb.toString();
  }

  private static String bytes(long b) {
    return (b >> 30) + "Gi";
  }
}
