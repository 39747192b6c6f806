package dev.skyscaler.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.magnum.fake.FakeMagnumWorld;
import dev.skyscaler.magnum.fake.FakeOpenStack;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code skyscaler run --cloud-provider=magnum}: the workload cluster is the mock API server, the
 * node groups are the Magnum cluster's on the local OpenStack, and pending pods resize its group.
 */
class MagnumRunTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension final MockCluster cluster = new MockCluster();
  @TempDir Path dir;
  final FakeOpenStack openstack = FakeOpenStack.start();

  private final StopSignal stop = new StopSignal();
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @AfterEach
  void close() {
    openstack.close();
  }

  @Test
  void pendingPodsResizeTheMagnumNodeGroup() throws Exception {
    openstack.tokenExpiry = Instant.now().plus(Duration.ofDays(1));
    FakeMagnumWorld w = openstack.world();
    FakeMagnumWorld.Group workers = w.group(w.cluster("k8s"), "default-worker", "worker", 1, 4, 1);
    FakeMagnumWorld.Server server = w.servers(workers).get(0);
    Node n = Fixtures.node(server.name());
    n.getSpec().setProviderID("openstack:///" + server.id());
    cluster.admin().nodes().resource(n).create();
    for (int i = 0; i < 8; i++) {
      var pod = Fixtures.pod("default", "p" + i, null, "web");
      pod.getSpec()
          .getContainers()
          .get(0)
          .getResources()
          .setRequests(Map.of("cpu", new Quantity("1")));
      cluster.admin().pods().inNamespace("default").resource(pod).create();
    }
    Path kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(
        kubeconfig,
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: mock, cluster: {server: "%s"}}]
        users: [{name: test, user: {token: mock-token}}]
        contexts: [{name: mock, context: {cluster: mock, user: test}}]
        current-context: mock
        """
            .formatted(cluster.serverUri()));
    Path cloudConfig = dir.resolve("cloud-config");
    Files.writeString(cloudConfig, openstack.cloudConfig());
    CommandLine cl = new CommandLine(new RunCommand(Clock.systemUTC(), Map.of(), stop, false));
    CaOptions.addTo(cl.getCommandSpec());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));

    CompletableFuture<Integer> exit =
        CompletableFuture.supplyAsync(
            () ->
                cl.execute(
                    "--cloud-provider=magnum",
                    "--cloud-config=" + cloudConfig,
                    "--cluster-name=k8s",
                    "--node-group-auto-discovery=magnum:role=worker",
                    "--kubeconfig=" + kubeconfig,
                    "--address=127.0.0.1:0",
                    "--scan-interval=1s"));

    JsonNode started = awaitLine("started");
    awaitLine("scan completed");
    // the resize, which a scan that ran late on a busy machine may leave to the next one
    awaitResize();
    stop.stop();

    assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
    assertThat(err.toString()).isEmpty();
    assertThat(started.get("management").asText()).isEqualTo("magnum:k8s");
    assertThat(workers.nodeCount).isEqualTo(3);
    assertThat(openstack.requests())
        .filteredOn(r -> r.path().endsWith("/actions/resize"))
        .extracting(FakeOpenStack.Request::body)
        .first()
        .isEqualTo("{\"node_count\":3,\"nodegroup\":\"" + workers.uuid + "\"}");
  }

  private void awaitResize() throws InterruptedException {
    long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (openstack.requests().stream().noneMatch(r -> r.path().endsWith("/actions/resize"))) {
      if (System.nanoTime() > end) {
        throw new AssertionError("no resize within 30 s; the run's lines: " + out + err);
      }
      Thread.sleep(50);
    }
  }

  private JsonNode awaitLine(String message) throws Exception {
    long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < end) {
      var found =
          out.toString()
              .lines()
              .filter(l -> !l.isBlank())
              .map(MagnumRunTest::json)
              .filter(l -> l.get("message").asText().equals(message))
              .findFirst();
      if (found.isPresent()) {
        return found.get();
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no \"" + message + "\" line in: " + out + err);
  }

  private static JsonNode json(String line) {
    try {
      return JSON.readTree(line);
    } catch (Exception e) {
      throw new AssertionError("not a JSON line: " + line, e);
    }
  }
}
