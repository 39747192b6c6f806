package dev.skyscaler.kubernetes;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ScanRead;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The property the watch-fed view rests on: whatever happens to the cluster and to the view's
 * watches — objects added, changed, finished and deleted; invocations ending and starting on new
 * connections; watches the server drops; history the server forgets (410 Gone); streaming lists
 * refused, so the view lists — a scan that reads the view, once its watches have caught up, gets
 * exactly the snapshot a fresh list of the same cluster gives.
 */
class ClusterViewEqualityTest {
  private static final int STEPS = 40;

  @RegisterExtension final MockCluster cluster = new MockCluster();

  static Stream<Long> seeds() {
    return LongStream.rangeClosed(1, Long.getLong("seeds.n", 6))
        .map(i -> Long.getLong("seeds.only", i))
        .boxed();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aViewReadIsTheSnapshotAFreshListGives(long seed) {
    Random random = new Random(seed);
    KubernetesClient admin = cluster.admin();
    List<String> nodes = new ArrayList<>(List.of("n0", "n1"));
    nodes.forEach(n -> admin.nodes().resource(node(n)).create());
    List<String> pods = new ArrayList<>();
    // the view's lists are cut into batches of a pod or two, parsed on two threads; the fresh
    // lists it is compared with are parsed whole on one
    ClusterView view =
        new ClusterView(
            ViewOptions.watching(Clock.systemUTC()).withParsing(new ListParsing(2, 300)));
    KubernetesConnection connection = cluster.connect();
    view.read(connection, ReadOptions.DEFAULTS);
    boolean watching = false; // a first read lists; the watches start at the next read
    List<String> story = new ArrayList<>();

    for (int step = 0; step < STEPS; step++) {
      String op = step(random, admin, nodes, pods, step);
      story.add(op);
      switch (op) {
        case "invocation" -> {
          view.suspend();
          connection = cluster.connect();
          watching = false;
        }
        case "410" -> {
          view.suspend();
          cluster.compactHistory();
          watching = false;
        }
        case "drop" -> {
          cluster.dropWatches();
          awaitHeard(view, story);
          watching = false;
        }
        case "no streaming lists" -> cluster.streamingLists(false);
        default -> {
          // a change to the cluster
        }
      }
      if (random.nextInt(3) == 0 || step == STEPS - 1) {
        if (watching) {
          awaitCurrent(view, story);
        } else {
          view.read(connection, ReadOptions.DEFAULTS); // resumes (or relists), then catches up
          awaitCurrent(view, story);
          watching = true;
        }
        ScanRead fromView = view.read(connection, ReadOptions.DEFAULTS);
        ScanRead fresh = new LiveSnapshotReader(connection, ReadOptions.DEFAULTS).readForScan();
        assertThat(fromView.snapshot()).as("after %s", story).isEqualTo(fresh.snapshot());
        assertThat(fromView.nodeUids()).as("after %s", story).isEqualTo(fresh.nodeUids());
      }
    }
  }

  /** One random thing that happens; returns what it was. */
  private static String step(
      Random random, KubernetesClient admin, List<String> nodes, List<String> pods, int step) {
    int dice = random.nextInt(20);
    if (dice < 6 || pods.isEmpty()) {
      String name = "p" + step;
      var p =
          pod(
              "ns" + random.nextInt(3),
              name,
              random.nextBoolean() ? pick(random, nodes) : null,
              "web");
      p.getSpec()
          .getContainers()
          .get(0)
          .getResources()
          .getRequests()
          .put("cpu", new Quantity((1 + random.nextInt(9)) * 100 + "m"));
      admin.pods().resource(p).create();
      pods.add(p.getMetadata().getNamespace() + "/" + name);
      return "add pod " + name;
    }
    if (dice < 9) {
      String key = pick(random, pods);
      var p = admin.pods().inNamespace(ns(key)).withName(name(key)).get();
      p.getMetadata().getLabels().put("rev", Integer.toString(step));
      admin.pods().resource(p).update();
      return "relabel " + key;
    }
    if (dice < 10) {
      String key = pick(random, pods);
      var p = admin.pods().inNamespace(ns(key)).withName(name(key)).get();
      p.getStatus().setPhase(random.nextBoolean() ? "Succeeded" : "Failed");
      admin.pods().resource(p).updateStatus();
      return "finish " + key;
    }
    if (dice < 12) {
      String key = pods.remove(random.nextInt(pods.size()));
      admin.pods().inNamespace(ns(key)).withName(name(key)).delete();
      return "delete pod " + key;
    }
    if (dice < 13) {
      String name = "n" + (10 + step);
      admin.nodes().resource(node(name)).create();
      nodes.add(name);
      return "add node " + name;
    }
    if (dice < 14 && nodes.size() > 1) {
      String name = nodes.remove(random.nextInt(nodes.size()));
      admin.nodes().withName(name).delete();
      return "delete node " + name;
    }
    if (dice < 15) {
      String name = pick(random, nodes);
      admin
          .nodes()
          .withName(name)
          .edit(
              n -> {
                n.getSpec().setUnschedulable(!Boolean.TRUE.equals(n.getSpec().getUnschedulable()));
                return n;
              });
      return "cordon " + name;
    }
    if (dice < 16) {
      admin
          .policy()
          .v1()
          .podDisruptionBudget()
          .inNamespace("ns0")
          .resource(
              new PodDisruptionBudgetBuilder()
                  .withNewMetadata()
                  .withName("pdb" + step)
                  .endMetadata()
                  .withNewSpec()
                  .withMinAvailable(new IntOrString(1))
                  .withNewSelector()
                  .withMatchLabels(Map.of("app", "web"))
                  .endSelector()
                  .endSpec()
                  .build())
          .create();
      return "add pdb pdb" + step;
    }
    if (dice < 17) {
      admin
          .apps()
          .daemonSets()
          .inNamespace("kube-system")
          .resource(
              new DaemonSetBuilder()
                  .withNewMetadata()
                  .withName("ds" + step)
                  .endMetadata()
                  .withNewSpec()
                  .withNewTemplate()
                  .withNewMetadata()
                  .withLabels(Map.of("app", "ds" + step))
                  .endMetadata()
                  .withNewSpec()
                  .addNewContainer()
                  .withName("agent")
                  .endContainer()
                  .endSpec()
                  .endTemplate()
                  .endSpec()
                  .build())
          .create();
      return "add daemonset ds" + step;
    }
    return switch (random.nextInt(4)) {
      case 0 -> "invocation";
      case 1 -> "410";
      case 2 -> "drop";
      default -> "no streaming lists";
    };
  }

  /**
   * Waits until every kind's watch has heard the store's last write. A kind without a trusted watch
   * is not waited for: a resumption accepted by its silence that the server then refused (410 Gone
   * slower than the settle time, as on a loaded machine) is relisted by the next read, not before.
   */
  private void awaitCurrent(ClusterView view, List<String> story) {
    String expected = Long.toString(cluster.resourceVersion());
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      Set<String> watched = view.watched();
      if (view.versions().entrySet().stream()
          .allMatch(v -> expected.equals(v.getValue()) || !watched.contains(v.getKey()))) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "the view is at " + view.versions() + ", the store at " + expected + " after " + story);
      }
      Thread.onSpinWait();
    }
  }

  /**
   * Waits until the client has heard the server close its watches: until then a read trusts what it
   * keeps, as any watch's reader does in that moment, and nothing would resume the watches.
   */
  private static void awaitHeard(ClusterView view, List<String> story) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!view.watched().isEmpty()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(view.watched() + " still watched after " + story);
      }
      Thread.onSpinWait();
    }
  }

  private static String pick(Random random, List<String> from) {
    return from.get(random.nextInt(from.size()));
  }

  private static String ns(String key) {
    return key.substring(0, key.indexOf('/'));
  }

  private static String name(String key) {
    return key.substring(key.indexOf('/') + 1);
  }
}
