package dev.skyscaler.cli.run;

import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.clusterapi.fake.CapiWorld;
import dev.skyscaler.clusterapi.fake.FakeCapiController;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code skyscaler run} against the mock API server as workload and management cluster: it scans
 * every {@code --scan-interval}, raises the MachineDeployment for pending pods, serves {@code
 * /healthz} and {@code /metrics}, logs JSON lines, and on the stop signal ends after its scan with
 * the lease released.
 */
class RunCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension final MockCluster cluster = new MockCluster();
  @TempDir Path dir;

  private final StopSignal stop = new StopSignal();
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private CommandLine command() {
    CommandLine cl =
        new CommandLine(
            new RunCommand(Clock.systemUTC(), Map.of("POD_NAME", "skyscaler-0"), stop, false));
    CaOptions.addTo(cl.getCommandSpec());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    cl.setExecutionExceptionHandler(
        (e, c, p) -> {
          e.printStackTrace(c.getErr());
          return 1;
        });
    return cl;
  }

  private Path kubeconfig() throws Exception {
    Path file = dir.resolve("kubeconfig");
    Files.writeString(
        file,
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: mock, cluster: {server: "%s"}}]
        users: [{name: test, user: {token: mock-token}}]
        contexts: [{name: mock, context: {cluster: mock, user: test}}]
        current-context: mock
        """
            .formatted(cluster.serverUri()));
    return file;
  }

  @Test
  void scansServesHealthAndMetricsAndStopsAfterItsScanWithTheLeaseReleased() throws Exception {
    CapiWorld world = new CapiWorld(cluster, "v1beta2");
    FakeCapiController capi = new FakeCapiController(world, cluster.admin(), Clock.systemUTC());
    world.create(
        deployment("workers")
            .bounds(1, 4)
            .replicas(1)
            .capacity("4", "16Gi")
            .build(world.apiVersion()));
    capi.reconcile();
    capi.reconcile();
    for (int i = 0; i < 8; i++) {
      var pod = Fixtures.pendingPod("p" + i, "1", "1Gi");
      cluster.admin().pods().inNamespace("default").resource(pod).create();
    }
    String kubeconfig = kubeconfig().toString();
    CompletableFuture<Integer> exit =
        CompletableFuture.supplyAsync(
            () ->
                command()
                    .execute(
                        "--cloud-provider=clusterapi",
                        "--kubeconfig=" + kubeconfig,
                        "--address=127.0.0.1:0",
                        "--scan-interval=1s"));

    JsonNode started = awaitLine("started");
    int port = started.get("port").asInt();
    awaitLine("scan completed");

    assertThat(get(port, "/healthz")).isEqualTo("200 ok\n");
    String metrics = get(port, "/metrics");
    assertThat(metrics)
        .startsWith("200 # HELP cluster_autoscaler_nodes_count Number of nodes in cluster.\n")
        .contains("# TYPE cluster_autoscaler_nodes_count gauge\n")
        .contains("cluster_autoscaler_nodes_count{state=\"ready\"} 1\n")
        .contains("cluster_autoscaler_node_groups_count{node_group_type=\"autoscaled\"} 1\n")
        .contains("cluster_autoscaler_scaled_up_nodes_total 1\n")
        .contains("# TYPE cluster_autoscaler_function_duration_seconds histogram\n")
        .contains(
            "cluster_autoscaler_function_duration_seconds_bucket{function=\"main\",le=\"+Inf\"}")
        .containsPattern("skyscaler_scans_total\\{result=\"completed\"} [1-9]");
    assertThat(get(port, "/nothing")).startsWith("404");
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(2);
    awaitLines("scan completed", 3);
    // the process keeps its watches open: the pods were listed by the first scan only
    assertThat(cluster.calls())
        .filteredOn(c -> c.resource().equals("pods") && c.verb().equals("list"))
        .hasSize(1);
    assertThat(cluster.calls())
        .filteredOn(c -> c.resource().equals("pods") && c.verb().equals("watch"))
        .isNotEmpty();

    stop.stop();

    assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
    assertThat(err.toString()).isEmpty();
    assertThat(lines().reduce((a, b) -> b).orElseThrow().get("message").asText())
        .isEqualTo("stopped");
    var lease = cluster.admin().leases().inNamespace("kube-system").withName("skyscaler").get();
    assertThat(lease.getSpec().getHolderIdentity()).isNull();
    assertThat(started.get("identity").asText()).isEqualTo("skyscaler-run/skyscaler-0");
  }

  @Test
  void badFlagsAreReportedTogetherBeforeAnyConnection() {
    CommandLine cl = command();
    cl.setExecutionExceptionHandler(
        (e, c, p) -> {
          c.getErr().print(e.getMessage());
          return 2;
        });

    int code =
        cl.execute(
            "--cloud-provider=aws",
            "--max-inactivity=soon",
            "--address=nowhere",
            "--scan-interval=fast");

    assertThat(code).isEqualTo(2);
    assertThat(err.toString())
        .isEqualTo(
            "--cloud-provider: expected clusterapi or magnum, got \"aws\" (other clouds' node groups come"
                + " from --node-groups)\n"
                + "--scan-interval: expected a duration greater than 0s like 10s, 15m or 1h30m, got"
                + " \"fast\"\n"
                + "--max-inactivity: expected a positive duration like 10m, got \"soon\"\n"
                + "--address: expected [host]:port such as :8085, got \"nowhere\"");
    assertThat(cluster.calls()).isEmpty();
  }

  private JsonNode awaitLine(String message) throws Exception {
    long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < end) {
      var found = lines().filter(l -> l.get("message").asText().equals(message)).findFirst();
      if (found.isPresent()) {
        return found.get();
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no \"" + message + "\" line in: " + out + err);
  }

  private void awaitLines(String message, int count) throws Exception {
    long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < end) {
      if (lines().filter(l -> l.get("message").asText().equals(message)).count() >= count) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError(count + " \"" + message + "\" lines expected in: " + out + err);
  }

  private java.util.stream.Stream<JsonNode> lines() {
    return out.toString().lines().filter(l -> !l.isBlank()).map(RunCommandTest::json);
  }

  private static JsonNode json(String line) {
    try {
      return JSON.readTree(line);
    } catch (Exception e) {
      throw new AssertionError("not a JSON line: " + line, e);
    }
  }

  private static String get(int port, String path) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    return r.statusCode() + " " + r.body();
  }
}
