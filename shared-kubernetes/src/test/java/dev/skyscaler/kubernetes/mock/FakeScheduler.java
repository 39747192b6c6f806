package dev.skyscaler.kubernetes.mock;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * kube-scheduler reduced to CPU: binds each pending pod, in name order, to the first Ready,
 * schedulable, untainted node (in name order) with enough CPU left.
 */
public final class FakeScheduler {
  private final KubernetesClient workload;

  public FakeScheduler(KubernetesClient workload) {
    this.workload = workload;
  }

  /** Binds what fits; returns how many pods are still pending. */
  public int bind() {
    List<Node> nodes =
        workload.nodes().list().getItems().stream()
            .filter(FakeScheduler::usable)
            .sorted(Comparator.comparing(n -> n.getMetadata().getName()))
            .toList();
    List<Pod> pods = workload.pods().inAnyNamespace().list().getItems();
    Map<String, Long> used = new HashMap<>();
    for (Pod p : pods) {
      if (p.getSpec().getNodeName() != null) {
        used.merge(p.getSpec().getNodeName(), cpu(p), Long::sum);
      }
    }
    int pending = 0;
    for (Pod p :
        pods.stream()
            .filter(p -> p.getSpec().getNodeName() == null)
            .sorted(Comparator.comparing(p -> p.getMetadata().getName()))
            .toList()) {
      Node target = null;
      for (Node n : nodes) {
        long free =
            millis(n.getStatus().getAllocatable().get("cpu"))
                - used.getOrDefault(n.getMetadata().getName(), 0L);
        if (free >= cpu(p)) {
          target = n;
          break;
        }
      }
      if (target == null) {
        pending++;
        continue;
      }
      used.merge(target.getMetadata().getName(), cpu(p), Long::sum);
      p.getSpec().setNodeName(target.getMetadata().getName());
      p.getStatus().setPhase("Running");
      p.getStatus()
          .setConditions(
              List.of(new PodCondition(null, null, null, null, null, "True", "PodScheduled")));
      workload.pods().inNamespace(p.getMetadata().getNamespace()).resource(p).update();
    }
    return pending;
  }

  private static boolean usable(Node n) {
    boolean ready =
        n.getStatus().getConditions().stream()
            .anyMatch(c -> c.getType().equals("Ready") && c.getStatus().equals("True"));
    boolean tainted = n.getSpec().getTaints() != null && !n.getSpec().getTaints().isEmpty();
    return ready && !Boolean.TRUE.equals(n.getSpec().getUnschedulable()) && !tainted;
  }

  private static long cpu(Pod p) {
    return p.getSpec().getContainers().stream()
        .mapToLong(c -> millis(c.getResources().getRequests().get("cpu")))
        .sum();
  }

  private static long millis(Quantity q) {
    return q == null ? 0 : q.getNumericalAmount().movePointRight(3).longValue();
  }
}
