package dev.skyscaler.cli;

import static dev.skyscaler.cli.CliRun.EXAMPLE_TIME;
import static dev.skyscaler.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.magnum.fake.FakeMagnumWorld;
import dev.skyscaler.magnum.fake.FakeOpenStack;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesListBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan --cloud-provider=magnum}: the node groups of the Magnum cluster, read from the local
 * OpenStack with the cloud-config's credentials, and nothing written there; the flags' mistakes
 * named together.
 */
class MagnumPlanTest {
  final FakeOpenStack openstack = FakeOpenStack.start();
  @TempDir Path dir;

  @AfterEach
  void stop() {
    openstack.close();
  }

  @Test
  void thePlanScalesTheMagnumGroupAndSendsNoResize() throws IOException {
    openstack.tokenExpiry = EXAMPLE_TIME.plus(Duration.ofHours(1));
    FakeMagnumWorld w = openstack.world();
    FakeMagnumWorld.Cluster k8s = w.cluster("k8s");
    FakeMagnumWorld.Group workers = w.group(k8s, "default-worker", "worker", 1, 5, 1);
    FakeMagnumWorld.Server server = w.servers(workers).get(0);
    List<HasMetadata> items = new ArrayList<>();
    Node n = Fixtures.node(server.name());
    n.getSpec().setProviderID("openstack:///" + server.id());
    items.add(n);
    for (int i = 0; i < 6; i++) {
      Pod p = Fixtures.pod("default", "web-" + i, null, "web");
      p.getSpec()
          .getContainers()
          .get(0)
          .getResources()
          .setRequests(Map.of("cpu", new Quantity("1")));
      items.add(p);
    }
    Path snapshot = dir.resolve("cluster.json");
    Files.writeString(
        snapshot, Serialization.asJson(new KubernetesListBuilder().withItems(items).build()));
    Path config = dir.resolve("cloud-config");
    Files.writeString(config, openstack.cloudConfig());

    CliRun r =
        run(
            "plan",
            "--snapshot",
            snapshot.toString(),
            "--cloud-provider=magnum",
            "--cloud-config",
            config.toString(),
            "--cluster-name=k8s");

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("Scale-up: 1 node group, +1 node for 3 pending pods\n");
    assertThat(r.out()).contains("default-worker  1 -> 2 (+1)  3 pods of ReplicaSet default/web");
    assertThat(openstack.requests())
        .filteredOn(q -> !q.method().equals("GET"))
        .extracting(FakeOpenStack.Request::path)
        .containsExactly("/identity/v3/auth/tokens");
  }

  @Test
  void theMissingAndWrongFlagsAreNamedTogether() {
    CliRun r =
        run(
            "plan",
            "--snapshot",
            "nowhere.json",
            "--cloud-provider=magnum",
            "--nodes=3:1:workers",
            "--node-group-auto-discovery=magnum:flavor=big");

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo(
            "--cloud-config: required with --cloud-provider=magnum (Cluster Autoscaler's magnum"
                + " cloud-config: [Global] auth-url and credentials)\n"
                + "--cluster-name: required with --cloud-provider=magnum (the Magnum cluster's name"
                + " or UUID)\n"
                + "--nodes: expected <min>:<max>:<name> with max a whole number >= min, got"
                + " \"3:1:workers\"\n"
                + "--node-group-auto-discovery: expected magnum:role=<role>[,<role>...], got"
                + " \"magnum:flavor=big\"\n"
                + "--nodes and --node-group-auto-discovery exclude each other: give one\n");
  }
}
