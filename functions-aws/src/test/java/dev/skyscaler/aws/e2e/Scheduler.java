package dev.skyscaler.aws.e2e;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A scheduler: binds each pending pod, oldest first, to the schedulable node with room that runs
 * the fewest pods (spreading, like the default scheduler's least-allocated scoring), ties by name.
 * A node is schedulable when Ready, not cordoned and without a NoSchedule or NoExecute taint (the
 * pods tolerate none). Room: pod slots, CPU and memory requests. A pod that fits nowhere is marked
 * {@code PodScheduled=False, Unschedulable}, which is what the autoscaler reacts to.
 */
final class Scheduler {
  private final KubernetesClient admin;
  private final Clock clock;

  Scheduler(KubernetesClient admin, Clock clock) {
    this.admin = admin;
    this.clock = clock;
  }

  /** One pass over the pending pods; returns how many were bound. */
  int schedule() {
    List<Node> nodes =
        admin.nodes().list().getItems().stream()
            .filter(Scheduler::schedulable)
            .sorted(Comparator.comparing(n -> n.getMetadata().getName()))
            .toList();
    Map<String, Room> rooms = new HashMap<>();
    nodes.forEach(n -> rooms.put(n.getMetadata().getName(), Room.of(n)));
    List<Pod> pending = new ArrayList<>();
    for (Pod p : admin.pods().inAnyNamespace().list().getItems()) {
      String node = p.getSpec().getNodeName();
      if (node == null) {
        pending.add(p);
      } else if (rooms.containsKey(node)) {
        rooms.get(node).take(p);
      }
    }
    pending.sort(Comparator.comparing(p -> p.getMetadata().getName()));
    int bound = 0;
    for (Pod p : pending) {
      Room best =
          nodes.stream()
              .map(n -> rooms.get(n.getMetadata().getName()))
              .filter(r -> r.fits(p))
              .min(Comparator.comparingInt((Room r) -> r.pods).thenComparing(r -> r.name))
              .orElse(null);
      if (best != null) {
        best.take(p);
        bind(p, best.name);
        bound++;
      } else {
        markUnschedulable(p, nodes.size());
      }
    }
    return bound;
  }

  private void bind(Pod p, String node) {
    p.getSpec().setNodeName(node);
    p.getStatus().setPhase("Running");
    p.getStatus().setConditions(List.of(condition("PodScheduled", "True", null, null)));
    admin.pods().resource(p).update();
  }

  private void markUnschedulable(Pod p, int nodes) {
    boolean marked =
        p.getStatus().getConditions().stream()
            .anyMatch(c -> c.getType().equals("PodScheduled") && "False".equals(c.getStatus()));
    if (!marked) {
      p.getStatus()
          .setConditions(
              List.of(
                  condition(
                      "PodScheduled",
                      "False",
                      "Unschedulable",
                      "0/" + nodes + " nodes are available: " + nodes + " Too many pods.")));
      admin.pods().resource(p).update();
    }
  }

  private PodCondition condition(String type, String status, String reason, String message) {
    return new PodConditionBuilder()
        .withType(type)
        .withStatus(status)
        .withReason(reason)
        .withMessage(message)
        .withLastTransitionTime(clock.instant().toString())
        .build();
  }

  private static boolean schedulable(Node n) {
    boolean ready =
        n.getStatus().getConditions().stream()
            .anyMatch(c -> c.getType().equals("Ready") && "True".equals(c.getStatus()));
    boolean cordoned = Boolean.TRUE.equals(n.getSpec().getUnschedulable());
    boolean tainted =
        n.getSpec().getTaints() != null
            && n.getSpec().getTaints().stream()
                .anyMatch(t -> !"PreferNoSchedule".equals(t.getEffect()));
    return ready && !cordoned && !tainted;
  }

  /** What is left on one node. */
  private static final class Room {
    final String name;
    final int maxPods;
    BigDecimal cpu;
    BigDecimal memory;
    int pods;

    private Room(String name, int maxPods, BigDecimal cpu, BigDecimal memory) {
      this.name = name;
      this.maxPods = maxPods;
      this.cpu = cpu;
      this.memory = memory;
    }

    static Room of(Node n) {
      Map<String, Quantity> a = n.getStatus().getAllocatable();
      return new Room(
          n.getMetadata().getName(),
          Quantity.getAmountInBytes(a.get("pods")).intValue(),
          Quantity.getAmountInBytes(a.get("cpu")),
          Quantity.getAmountInBytes(a.get("memory")));
    }

    boolean fits(Pod p) {
      return pods < maxPods
          && request(p, "cpu").compareTo(cpu) <= 0
          && request(p, "memory").compareTo(memory) <= 0;
    }

    void take(Pod p) {
      pods++;
      cpu = cpu.subtract(request(p, "cpu"));
      memory = memory.subtract(request(p, "memory"));
    }

    private static BigDecimal request(Pod p, String resource) {
      BigDecimal sum = BigDecimal.ZERO;
      for (var c : p.getSpec().getContainers()) {
        Map<String, Quantity> requests =
            c.getResources() == null ? null : c.getResources().getRequests();
        if (requests != null && requests.containsKey(resource)) {
          sum = sum.add(Quantity.getAmountInBytes(requests.get(resource)));
        }
      }
      return sum;
    }
  }
}
