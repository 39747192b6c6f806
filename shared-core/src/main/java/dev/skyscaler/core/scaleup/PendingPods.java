package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which pods scale-up should help (CA's pod list processors): pods the scheduler marked
 * unschedulable, minus pods being deleted, those with a nominated node, DaemonSet pods, expendable
 * pods (priority below the cutoff) and pods not older than the scale-up delay. Pending pods come
 * out highest priority first; every pod left out has a reason.
 */
public final class PendingPods {
  public static final String SCALE_UP_DELAY_ANNOTATION =
      "cluster-autoscaler.kubernetes.io/pod-scale-up-delay";

  /** The pods to help, and the reason each other pending pod is left out. */
  public record Selection(List<Pod> pending, Map<String, String> ignored) {
    public Selection {
      pending = List.copyOf(pending);
      ignored = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(ignored));
    }
  }

  private PendingPods() {}

  public static Selection select(
      List<Pod> pods, java.util.Set<String> nodeNames, ScaleUpOptions options, Instant now) {
    List<Pod> pending = new ArrayList<>();
    Map<String, String> ignored = new LinkedHashMap<>();
    boolean ordered = true; // highest priority first already: the usual case, one priority
    int previous = Integer.MAX_VALUE;
    for (Pod p : pods) {
      if (p.isScheduled() || p.isTerminal()) {
        continue;
      }
      if (p.deletionTime().isPresent()) {
        ignored.put(p.key(), "being deleted");
        continue;
      }
      String reason = reasonToIgnore(p, nodeNames, options, now);
      if (reason == null) {
        ordered &= p.priority() <= previous;
        previous = p.priority();
        pending.add(p);
      } else {
        ignored.put(p.key(), reason);
      }
    }
    if (!ordered) {
      pending.sort(Comparator.comparingInt(Pod::priority).reversed()); // stable
    }
    return new Selection(pending, ignored);
  }

  private static String reasonToIgnore(
      Pod p, java.util.Set<String> nodeNames, ScaleUpOptions options, Instant now) {
    if (!p.unschedulable()) {
      return "not marked unschedulable by the scheduler yet";
    }
    // a nomination to a node that is gone no longer holds the pod (CA treats it as pending)
    if (p.nominatedNodeName().isPresent() && nodeNames.contains(p.nominatedNodeName().get())) {
      return "nominated to node " + p.nominatedNodeName().get() + " (waiting for preemption)";
    }
    if (p.isDaemonSetPod()) {
      return "DaemonSet pods cannot be helped by new nodes";
    }
    if (p.priority() < options.expendablePodsPriorityCutoff()) {
      return "expendable: priority "
          + p.priority()
          + " is below --expendable-pods-priority-cutoff="
          + options.expendablePodsPriorityCutoff();
    }
    Duration delay = delayFor(p, options.newPodScaleUpDelay());
    if (delay.isZero()) {
      return null;
    }
    Duration age = Duration.between(p.creationTime(), now);
    if (age.compareTo(delay) <= 0) { // CA: only pods older than the delay
      return "younger than the scale-up delay ("
          + age.getSeconds()
          + "s < "
          + delay.getSeconds()
          + "s)";
    }
    return null;
  }

  /** The per-pod annotation only counts when it asks for more than the flag. */
  private static Duration delayFor(Pod p, Duration flag) {
    String value = p.annotations().get(SCALE_UP_DELAY_ANNOTATION);
    if (value == null) {
      return flag;
    }
    // CA ignores an annotation it cannot parse; so do we, rather than block the pod's scale-up
    return GoDuration.parse(value).filter(d -> d.compareTo(flag) > 0).orElse(flag);
  }
}
