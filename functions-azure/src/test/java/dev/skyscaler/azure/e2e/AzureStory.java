package dev.skyscaler.azure.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import dev.skyscaler.azure.functions.AzureWiring;
import dev.skyscaler.azure.functions.NodeHealthFunction;
import dev.skyscaler.azure.functions.PreemptionFunction;
import dev.skyscaler.azure.functions.Preemptions;
import dev.skyscaler.azure.functions.ScanFunction;
import dev.skyscaler.azure.functions.TestWiring;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.scan.ScanReport;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * One end-to-end story in one JVM: the local ARM server, a mock Kubernetes API server, the {@link
 * ClusterActors} playing kubelets, scheduler and controllers, and the three real function classes
 * on their real wiring, all on one clock the story moves. Each {@link #tick} lets time pass: ARM's
 * running operations complete, then every actor takes a step.
 */
final class AzureStory implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * An hour after now: the mock API server stamps objects with the real time, and a node younger
   * than --max-node-startup-time would count as still starting.
   */
  static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofHours(1));

  final FakeArm arm = FakeArm.start();
  final MockCluster cluster = new MockCluster(true);
  final MutableClock clock = new MutableClock(T0);
  final ClusterActors actors;
  final List<String> logLines = new ArrayList<>();
  final Logger log = Logger.getAnonymousLogger();
  private AzureWiring wiring;
  private int invocations;

  AzureStory() {
    cluster.start();
    actors = new ClusterActors(cluster, arm, clock);
    syncArmClock();
    log.setUseParentHandlers(false);
    log.addHandler(
        new Handler() {
          @Override
          public void publish(LogRecord r) {
            logLines.add(r.getLevel() + " " + r.getMessage());
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        });
  }

  /** Wires the functions to a self-managed cluster (kubeconfig in Key Vault). */
  void selfManaged(Map<String, String> settings) {
    wiring = TestWiring.selfManaged(arm, cluster, clock, clock::advance, settings);
  }

  /** Wires the functions to the AKS cluster {@code aks} (Entra token, endpoint from AKS). */
  void aks(FakeArmWorld.Cluster aks, Map<String, String> settings) {
    wiring = TestWiring.aks(arm, cluster, aks, clock, clock::advance, settings);
  }

  /** A scale set of the cluster {@code prod}, tagged for discovery, its VMs serving the cluster. */
  FakeArmWorld.ScaleSet scaleSet(String rg, String name, int capacity, int min, int max) {
    FakeArmWorld.ScaleSet set = arm.world().scaleSet(rg, name, "Standard_D4s_v5", capacity);
    tag(set, min, max);
    actors.serve(set);
    return set;
  }

  /** A node pool of the AKS cluster, its scale set tagged for discovery, serving the cluster. */
  FakeArmWorld.Pool pool(FakeArmWorld.Cluster aks, String name, int count, int min, int max) {
    FakeArmWorld.Pool pool = aks.pool(name, "Standard_D4s_v5", count);
    tag(pool.set, min, max);
    actors.serve(pool);
    return pool;
  }

  private static void tag(FakeArmWorld.ScaleSet set, int min, int max) {
    set.tag("k8s.io_cluster-autoscaler_enabled", "true")
        .tag("k8s.io_cluster-autoscaler_prod", "owned")
        .tag("min", Integer.toString(min))
        .tag("max", Integer.toString(max));
  }

  /** Time passes: ARM finishes what it was doing, then every actor takes a step. */
  void tick(Duration d) {
    clock.advance(d);
    syncArmClock();
    arm.completeOperations();
    actors.step();
  }

  ScanReport scan() {
    return new ScanFunction(() -> wiring).scan(nextInvocation(), log);
  }

  ScanReport healthCheck() {
    return new NodeHealthFunction(() -> wiring).check(nextInvocation(), log);
  }

  Preemptions.Handled deliver(String event) {
    return new PreemptionFunction(() -> wiring).handle(event, nextInvocation(), log);
  }

  /** Scans every {@code every} for {@code total}, time passing before each. */
  List<ScanReport> scanFor(Duration total, Duration every) {
    List<ScanReport> reports = new ArrayList<>();
    for (Duration t = Duration.ZERO; t.compareTo(total) < 0; t = t.plus(every)) {
      tick(every);
      reports.add(scan());
    }
    return reports;
  }

  Duration sinceStart() {
    return Duration.between(T0, clock.instant());
  }

  List<Node> nodes() {
    return cluster.admin().nodes().list().getItems();
  }

  List<Pod> pods() {
    return cluster.admin().pods().inNamespace(WorkloadActors.NAMESPACE).list().getItems();
  }

  long runningPods() {
    return pods().stream().filter(p -> p.getSpec().getNodeName() != null).count();
  }

  /** The ARM write requests (not GET) to paths matching the regex, oldest first. */
  List<FakeArm.Request> writes(String pathRegex) {
    return arm.requests().stream()
        .filter(r -> !r.method().equals("GET"))
        .filter(
            r ->
                java.util.regex.Pattern.compile(pathRegex, java.util.regex.Pattern.CASE_INSENSITIVE)
                    .matcher(r.path())
                    .find())
        .toList();
  }

  static JsonNode body(FakeArm.Request r) {
    try {
      return JSON.readTree(r.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String nextInvocation() {
    return "inv-" + ++invocations;
  }

  private void syncArmClock() {
    synchronized (arm) {
      arm.world().now = clock.instant();
    }
  }

  @Override
  public void close() {
    cluster.stop();
    arm.close();
  }
}
