package dev.skyscaler.clusterapi.discovery;

import static dev.skyscaler.clusterapi.discovery.Objects.V1BETA1;
import static dev.skyscaler.clusterapi.discovery.Objects.V1BETA2;
import static dev.skyscaler.clusterapi.fake.CapiObjects.cluster;
import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machinePool;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machineSet;
import static dev.skyscaler.clusterapi.fake.CapiObjects.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.NodeGroup;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which scalable resources are node groups: Cluster Autoscaler's annotations and rules, its
 * discovery syntax, and the safety rules (paused, replicas unset). Each row lists the resources,
 * the discovery specs, the groups found (id, min, max, target) and the warnings.
 */
class DiscoveryRulesTest {
  record Case(
      String name,
      List<String> specs,
      List<Function<String, GenericKubernetesResource>> objects,
      List<String> groups,
      List<String> warnings) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case row(
      String name,
      List<String> specs,
      List<Function<String, GenericKubernetesResource>> objects,
      List<String> groups,
      String... warnings) {
    return new Case(name, specs, objects, groups, List.of(warnings));
  }

  static Stream<Case> cases() {
    return Stream.of(
        row(
            "a MachineDeployment with both annotations is a group named as CA names it",
            List.of(),
            List.of(v -> deployment("md").bounds(1, 5).replicas(2).capacity("4", "16Gi").build(v)),
            List.of("MachineDeployment/capi/md 1..5 target 2")),
        row(
            "a resource without autoscaler annotations is no group and no warning",
            List.of(),
            List.of(v -> deployment("md").replicas(2).build(v)),
            List.of()),
        row(
            "a missing max annotation drops the group",
            List.of(),
            List.of(v -> deployment("md").min(1).replicas(2).capacity("4", "16Gi").build(v)),
            List.of(),
            "MachineDeployment/capi/md: no cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size"
                + " annotation: it is required to scale"),
        row(
            "a missing min annotation is 0",
            List.of(),
            List.of(v -> deployment("md").max(3).replicas(1).capacity("4", "16Gi").build(v)),
            List.of("MachineDeployment/capi/md 0..3 target 1")),
        row(
            "max below min drops the group",
            List.of(),
            List.of(v -> deployment("md").bounds(4, 2).replicas(3).capacity("4", "16Gi").build(v)),
            List.of(),
            "MachineDeployment/capi/md: max size 2 is below min size 4 in its annotations"),
        row(
            "a min annotation that is no number is named",
            List.of(),
            List.of(
                v ->
                    deployment("md")
                        .annotate(
                            "cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size", "one")
                        .max(3)
                        .build(v)),
            List.of(),
            "MachineDeployment/capi/md: annotation"
                + " cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size: expected a whole"
                + " number >= 0, got \"one\""),
        row(
            "a MachineSet owned by a MachineDeployment is part of it, not a group",
            List.of(),
            List.of(
                v -> deployment("md").bounds(1, 5).replicas(2).capacity("4", "16Gi").build(v),
                v ->
                    machineSet("md-1")
                        .bounds(0, 9)
                        .replicas(2)
                        .capacity("4", "16Gi")
                        .ownedBy("MachineDeployment", "md")
                        .build(v)),
            List.of("MachineDeployment/capi/md 1..5 target 2")),
        row(
            "a MachineSet of its own and a MachinePool are groups too",
            List.of(),
            List.of(
                v -> machineSet("ms").bounds(0, 4).replicas(1).capacity("4", "16Gi").build(v),
                v -> machinePool("mp").bounds(0, 6).replicas(0).capacity("8", "32Gi").build(v)),
            List.of("MachineSet/capi/ms 0..4 target 1", "MachinePool/capi/mp 0..6 target 0")),
        row(
            "a paused resource is left out while paused",
            List.of(),
            List.of(
                v ->
                    deployment("md")
                        .bounds(1, 5)
                        .replicas(2)
                        .capacity("4", "16Gi")
                        .annotate("cluster.x-k8s.io/paused", "")
                        .build(v)),
            List.of(),
            "MachineDeployment/capi/md: paused (cluster.x-k8s.io/paused): not scaled while paused"),
        row(
            "the groups of a paused Cluster are left out",
            List.of(),
            List.of(
                v -> deployment("md").bounds(1, 5).replicas(2).capacity("4", "16Gi").build(v),
                v -> cluster("prod", true, v)),
            List.of(),
            "MachineDeployment/capi/md: its Cluster prod is paused: not scaled"),
        row(
            "replicas unset: the group is reported and left alone",
            List.of(),
            List.of(
                v -> deployment("md").bounds(1, 5).replicas(null).capacity("4", "16Gi").build(v)),
            List.of(),
            "MachineDeployment/capi/md: spec.replicas is not set: left alone until it is"),
        row(
            "at 0 replicas a group without capacity cannot scale from zero",
            List.of(),
            List.of(v -> deployment("md").bounds(0, 5).replicas(0).build(v)),
            List.of(),
            "MachineDeployment/capi/md: 0 replicas and no cpu and memory capacity (capacity"
                + " annotations or the infrastructure template's status.capacity): it cannot scale"
                + " from zero"),
        row(
            "at 0 replicas the infrastructure template's status.capacity is enough",
            List.of(),
            List.of(
                v -> deployment("md").bounds(0, 5).replicas(0).template("tpl").build(v),
                v -> template("tpl", Map.of("cpu", "2", "memory", "8Gi"), "")),
            List.of("MachineDeployment/capi/md 0..5 target 0")),
        row(
            "a namespace spec reads that namespace only",
            List.of("clusterapi:namespace=team-a"),
            List.of(
                v ->
                    deployment("a").namespace("team-a").bounds(0, 2).capacity("4", "16Gi").build(v),
                v ->
                    deployment("b")
                        .namespace("team-b")
                        .bounds(0, 2)
                        .capacity("4", "16Gi")
                        .build(v)),
            List.of("MachineDeployment/team-a/a 0..2 target 1")),
        row(
            "two specs are OR'd, every namespace honoured",
            List.of("clusterapi:namespace=team-a", "clusterapi:namespace=team-b"),
            List.of(
                v ->
                    deployment("a").namespace("team-a").bounds(0, 2).capacity("4", "16Gi").build(v),
                v ->
                    deployment("b").namespace("team-b").bounds(0, 2).capacity("4", "16Gi").build(v),
                v ->
                    deployment("c")
                        .namespace("team-c")
                        .bounds(0, 2)
                        .capacity("4", "16Gi")
                        .build(v)),
            List.of(
                "MachineDeployment/team-a/a 0..2 target 1",
                "MachineDeployment/team-b/b 0..2 target 1")),
        row(
            "a clusterName spec matches spec.clusterName",
            List.of("clusterapi:clusterName=prod"),
            List.of(
                v -> deployment("p").bounds(0, 2).capacity("4", "16Gi").build(v),
                v ->
                    deployment("s").cluster("staging").bounds(0, 2).capacity("4", "16Gi").build(v)),
            List.of("MachineDeployment/capi/p 0..2 target 1")),
        row(
            "every other key of a spec is a label the resource must carry",
            List.of("clusterapi:clusterName=prod,tier=batch"),
            List.of(
                v ->
                    deployment("batch")
                        .label("tier", "batch")
                        .bounds(0, 2)
                        .capacity("4", "16Gi")
                        .build(v),
                v ->
                    deployment("web")
                        .label("tier", "web")
                        .bounds(0, 2)
                        .capacity("4", "16Gi")
                        .build(v)),
            List.of("MachineDeployment/capi/batch 0..2 target 1")));
  }

  @ParameterizedTest(name = "{0} (v1beta1)")
  @MethodSource("cases")
  void discoversV1beta1(Case c) {
    check(c, V1BETA1);
  }

  @ParameterizedTest(name = "{0} (v1beta2)")
  @MethodSource("cases")
  void discoversV1beta2(Case c) {
    check(c, V1BETA2);
  }

  private static void check(Case c, String apiVersion) {
    ClusterApiOptions options = ClusterApiOptions.parse(Map.of(), c.specs(), "discovery");
    Discovery d =
        NodeGroupDiscovery.prepare(
                Objects.read(c.objects().stream().map(f -> f.apply(apiVersion)).toList()), options)
            .match(List.of());

    assertThat(d.groups().stream().map(DiscoveryRulesTest::describe))
        .containsExactlyElementsOf(c.groups());
    assertThat(d.warnings()).containsExactlyElementsOf(c.warnings());
  }

  private static String describe(NodeGroup g) {
    return g.name() + " " + g.minSize() + ".." + g.maxSize() + " target " + g.targetSize();
  }
}
