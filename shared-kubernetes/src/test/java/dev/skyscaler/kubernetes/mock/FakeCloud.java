package dev.skyscaler.kubernetes.mock;

import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.template;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A cloud of one node group {@code ng1} (4 CPU / 16Gi nodes, {@link Fixtures#node}) with the
 * machines of its instances: an instance launched for a raised target registers its node {@link
 * #bootDelay} later ({@link #machines}), and an instance that goes takes its node, and the pods on
 * it, with it. Each action an actor applies lands in the test's {@link WriteLedger}; the cloud
 * checks what a real one would refuse (a target outside min and max) and remembers each instance
 * the autoscaler deleted, with the pods its node still ran. It can be made to fail discovery or the
 * next actions, as a throttled or broken cloud API does.
 */
public final class FakeCloud {
  /** An instance the autoscaler deleted, and the pods still bound to its node at that moment. */
  public record Deletion(String actor, String node, List<String> podsOnNode) {}

  private final WriteLedger ledger;
  private final Clock clock;
  private final KubernetesClient admin;
  private final int min;
  private final int max;
  private final Duration bootDelay;
  private final Map<String, Instant> instances = new LinkedHashMap<>();
  private final List<Deletion> deletions = new ArrayList<>();
  private final List<String> violations = new ArrayList<>();
  private int target;
  private int launched;
  private int failActions;
  private int capacity = Integer.MAX_VALUE;
  private boolean failDiscovery;

  /**
   * @param nodes the names of the group's first instances, whose nodes {@link #machines} registers
   *     at once
   */
  public FakeCloud(
      WriteLedger ledger,
      Clock clock,
      KubernetesClient admin,
      int min,
      int max,
      Duration bootDelay,
      List<String> nodes) {
    this.ledger = ledger;
    this.clock = clock;
    this.admin = admin;
    this.min = min;
    this.max = max;
    this.bootDelay = bootDelay;
    nodes.forEach(n -> instances.put(n, Instant.EPOCH));
    this.launched = nodes.size();
    this.target = nodes.size();
  }

  public synchronized int target() {
    return target;
  }

  public int min() {
    return min;
  }

  public int max() {
    return max;
  }

  /** The instances' node names, running or booting. */
  public synchronized Set<String> instances() {
    return Set.copyOf(instances.keySet());
  }

  /** Each instance the autoscaler deleted, in order. */
  public synchronized List<Deletion> deletions() {
    return List.copyOf(deletions);
  }

  /** What a real cloud would have refused: a target set outside min and max. */
  public synchronized List<String> violations() {
    return List.copyOf(violations);
  }

  /** The next {@code n} actions throw, before they reach the cloud. */
  public synchronized void failActions(int n) {
    failActions = n;
  }

  /**
   * The cloud launches no instance beyond {@code instances} (capacity or quota run out): a raised
   * target stays above the instances, as an Auto Scaling group that cannot launch shows it.
   */
  public synchronized void capacity(int instances) {
    capacity = instances;
  }

  /** Every discovery throws until {@code fail} is false again. */
  public synchronized void failDiscovery(boolean fail) {
    failDiscovery = fail;
  }

  /** The cloud takes the instance of {@code node} away itself (a spot reclaim), target kept. */
  public synchronized void reclaim(String node) {
    if (instances.remove(node) != null) {
      launchUpToTarget();
    }
  }

  /**
   * The machines catch up with the cloud: each instance booted for {@link #bootDelay} registers its
   * node; the node of each instance gone is deleted with its pods.
   */
  public synchronized void machines() {
    Set<String> nodes =
        admin.nodes().list().getItems().stream()
            .map(n -> n.getMetadata().getName())
            .collect(Collectors.toSet());
    Instant now = clock.instant();
    instances.forEach(
        (name, at) -> {
          if (!nodes.contains(name) && !at.plus(bootDelay).isAfter(now)) {
            admin.nodes().resource(Fixtures.node(name)).create();
          }
        });
    for (String gone : nodes) {
      if (!instances.containsKey(gone)) {
        podsOn(gone).forEach(p -> admin.pods().resource(p).delete());
        admin.nodes().withName(gone).delete();
      }
    }
  }

  /** The cloud as {@code actor} calls it. */
  public NodeGroupProvider seenBy(String actor) {
    return new NodeGroupProvider() {
      @Override
      public Discovery discover(List<Node> nodes) {
        return FakeCloud.this.discover(nodes);
      }

      @Override
      public Outcome apply(Action action) {
        synchronized (FakeCloud.this) {
          if (failActions > 0) {
            failActions--;
            throw new IllegalStateException("injected: the cloud refused " + action.describe());
          }
        }
        return ledger.land(
            () -> act(actor, action),
            o -> new WriteLedger.Entry(actor, "cloud: " + action.describe(), null));
      }
    };
  }

  private synchronized NodeGroupProvider.Discovery discover(List<Node> nodes) {
    if (failDiscovery) {
      throw new IllegalStateException("injected: DescribeAutoScalingGroups failed");
    }
    Set<String> members =
        nodes.stream().map(Node::name).filter(instances::containsKey).collect(Collectors.toSet());
    var spec =
        group("ng1")
            .min(min)
            .max(max)
            .target(target)
            .template(template().cpu("4").memory("16Gi").pods(110));
    List<CloudInstance> running =
        instances.entrySet().stream()
            .map(
                e ->
                    new CloudInstance(
                        "ng1", providerId(e.getKey()), InstanceState.RUNNING, e.getValue()))
            .toList();
    return new NodeGroupProvider.Discovery(List.of(spec.build(members)), running, List.of());
  }

  private synchronized NodeGroupProvider.Outcome act(String actor, Action action) {
    if (action instanceof SetTargetSize s) {
      setTarget(s.to(), action);
    } else if (action instanceof DeleteInstance d) {
      if (instances.containsKey(d.node())) {
        deletions.add(
            new Deletion(actor, d.node(), podsOn(d.node()).stream().map(FakeCloud::key).toList()));
        instances.remove(d.node());
      }
      if (d.decrementTarget()) {
        setTarget(target - 1, action);
      }
      launchUpToTarget();
    } else if (action instanceof RepairInstance r) {
      if (instances.remove(r.node()) != null) {
        deletions.add(
            new Deletion(actor, r.node(), podsOn(r.node()).stream().map(FakeCloud::key).toList()));
      }
      launchUpToTarget();
    } else if (!(action instanceof CompleteLifecycleAction)) {
      return NodeGroupProvider.Outcome.notMine(action.describe());
    }
    return NodeGroupProvider.Outcome.done(action.describe());
  }

  private void setTarget(int to, Action action) {
    if (to < min || to > max) {
      violations.add(action.describe() + ": target " + to + " outside " + min + ".." + max);
    }
    target = to;
    launchUpToTarget();
    // a lowered target takes the newest instances first, as Auto Scaling's default policy does
    List<String> newestFirst = new ArrayList<>(instances.keySet());
    for (int i = newestFirst.size() - 1; i >= 0 && instances.size() > target; i--) {
      instances.remove(newestFirst.get(i));
    }
  }

  private void launchUpToTarget() {
    while (instances.size() < Math.min(target, capacity)) {
      instances.put("ng1-" + ++launched, clock.instant());
    }
  }

  private List<Pod> podsOn(String node) {
    return admin.pods().inAnyNamespace().list().getItems().stream()
        .filter(p -> node.equals(p.getSpec().getNodeName()))
        .toList();
  }

  private static String key(Pod p) {
    return p.getMetadata().getNamespace() + "/" + p.getMetadata().getName();
  }

  public static String providerId(String node) {
    return "aws:///eu-west-1a/i-" + node;
  }
}
