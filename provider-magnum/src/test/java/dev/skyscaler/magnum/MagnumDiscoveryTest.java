package dev.skyscaler.magnum;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.magnum.config.CloudConfig;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.fake.FakeMagnumWorld;
import dev.skyscaler.magnum.fake.FakeMagnumWorld.Cluster;
import dev.skyscaler.magnum.fake.FakeOpenStack;
import dev.skyscaler.testkit.TestKit;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which Magnum node groups are node groups and what they hold, read from the local OpenStack: a
 * cluster {@code k8s} with a control plane, a worker group {@code default-worker} (1..5, 3 servers,
 * flavor {@code m3.medium}: 4 vCPUs, 16 GiB, 40 GB) and a group {@code gpu} without max.
 */
class MagnumDiscoveryTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  final FakeOpenStack openstack = FakeOpenStack.start();

  @AfterEach
  void stop() {
    openstack.close();
  }

  record Case(
      String name,
      Consumer<Cluster> arrange,
      List<String> nodes,
      List<String> discovery,
      String extraConfig,
      Function<Discovery, Object> read,
      Object expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "by default every group with a max but the control plane is a node group",
            c -> {},
            List.of(),
            List.of(),
            "",
            d ->
                d.groups().stream()
                    .map(
                        g ->
                            g.name()
                                + " "
                                + g.minSize()
                                + ".."
                                + g.maxSize()
                                + " at "
                                + g.targetSize())
                    .toList(),
            List.of("default-worker 1..5 at 3")),
        new Case(
            "static --nodes take their bounds from the flag, even without a max in Magnum",
            c -> {},
            List.of("0:3:gpu"),
            List.of(),
            "",
            d ->
                d.groups().stream()
                    .map(g -> g.name() + " " + g.minSize() + ".." + g.maxSize())
                    .toList(),
            List.of("gpu 0..3")),
        new Case(
            "discovery by role names the groups of that role without a max",
            c -> {},
            List.of(),
            List.of("magnum:role=gpu-worker,worker"),
            "",
            Discovery::warnings,
            List.of("gpu: has no max_node_count, so it is not autoscaled")),
        new Case(
            "the template is the flavor minus the kubelet reservation, labelled with the group",
            c -> {},
            List.of(),
            List.of(),
            "",
            d -> {
              var t = d.groups().get(0).template().orElseThrow();
              return List.of(
                  t.capacity().cpu(),
                  t.capacity().memory() >> 20,
                  t.capacity().ephemeralStorage() >> 20,
                  t.labels().get("magnum.openstack.org/nodegroup"),
                  t.labels().get("node.kubernetes.io/instance-type"));
            },
            List.of(3900L, 16384L - 356L, 36864L, "default-worker", "m3.medium")),
        new Case(
            "nodes join their group by provider ID, or by the server's name when they have none",
            c -> {},
            List.of(),
            List.of(),
            "",
            d -> d.groups().get(0).memberNodes().stream().sorted().toList(),
            List.of("by-id", "k8s-default-worker-4")),
        new Case(
            "a resize that failed shows the missing servers as failed instances",
            c -> {
              c.status = "UPDATE_FAILED";
              c.groups.get(1).nodeCount = 4;
            },
            List.of(),
            List.of(),
            "",
            d -> d.instances().stream().map(CloudInstance::state).sorted().toList(),
            List.of(
                InstanceState.RUNNING,
                InstanceState.RUNNING,
                InstanceState.RUNNING,
                InstanceState.FAILED)),
        new Case(
            "while an update is in progress the missing servers are upcoming, not failed",
            c -> {
              c.status = "UPDATE_IN_PROGRESS";
              c.groups.get(1).nodeCount = 4;
            },
            List.of(),
            List.of(),
            "",
            d -> List.of(d.groups().get(0).targetSize(), d.instances().size()),
            List.of(4, 3)),
        new Case(
            "a magnum-capi-helm cluster keeps its nodes from scale-down, saying why",
            c -> c.templateLabels.put("capi_helm_chart_version", "0.16.0"),
            List.of(),
            List.of(),
            "",
            d -> d.noScaleDown().keySet().stream().sorted().toList(),
            List.of("by-id", "k8s-default-worker-4")),
        new Case(
            "the user's nodes-to-remove = honoured overrides what the template suggests",
            c -> c.templateLabels.put("capi_helm_chart_version", "0.16.0"),
            List.of(),
            List.of(),
            "[Skyscaler]\nnodes-to-remove = honoured",
            Discovery::noScaleDown,
            java.util.Map.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void discoversMagnumNodeGroups(Case c) {
    FakeMagnumWorld w = openstack.world();
    Cluster k8s = w.cluster("k8s");
    w.group(k8s, "default-master", "master", 1, 1, 1);
    FakeMagnumWorld.Group workers = w.group(k8s, "default-worker", "worker", 1, 5, 2);
    w.group(k8s, "gpu", "gpu-worker", 0, null, 0);
    w.addServer(k8s, workers, "ACTIVE");
    workers.nodeCount = 3;
    c.arrange().accept(k8s);
    List<FakeMagnumWorld.Server> servers = w.servers(workers);
    List<Node> nodes =
        List.of(
            node("by-id", "openstack:///" + servers.get(0).id()),
            node(servers.get(2).name(), ""),
            node("stranger", "openstack:///00000000-0000-0000-0000-000000000000"));
    MagnumNodeGroupProvider provider =
        MagnumNodeGroupProvider.connect(
            MagnumOptions.parse(
                "k8s",
                c.nodes(),
                c.discovery(),
                CloudConfig.parse(openstack.cloudConfig(c.extraConfig()), "cloud-config")),
            Clock.fixed(NOW, ZoneOffset.UTC));

    Discovery d = provider.discover(nodes);

    assertThat(c.read().apply(d)).isEqualTo(c.expected());
  }

  private static Node node(String name, String providerId) {
    Node n = TestKit.node(name).cpu("4").memory("16Gi").build();
    Resources r = n.capacity();
    return new Node(
        name,
        n.labels(),
        n.annotations(),
        List.of(),
        r,
        r,
        false,
        true,
        providerId,
        NOW,
        List.of());
  }
}
