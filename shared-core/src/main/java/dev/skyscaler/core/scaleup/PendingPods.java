package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.config.GoDurations;
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
 * unschedulable, minus those with a nominated node, DaemonSet pods, expendable pods (priority below
 * the cutoff) and pods younger than the scale-up delay. Pending pods come out highest priority
 * first; every pod left out has a reason.
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

  public static Selection select(List<Pod> pods, ScaleUpOptions options, Instant now) {
    List<Pod> pending = new ArrayList<>();
    Map<String, String> ignored = new LinkedHashMap<>();
    for (Pod p : pods) {
      if (p.isScheduled() || p.isTerminal() || p.deletionTime().isPresent()) {
        continue;
      }
      String reason = reasonToIgnore(p, options, now);
      if (reason == null) {
        pending.add(p);
      } else {
        ignored.put(p.key(), reason);
      }
    }
    pending.sort(Comparator.comparingInt(Pod::priority).reversed());
    return new Selection(pending, ignored);
  }

  private static String reasonToIgnore(Pod p, ScaleUpOptions options, Instant now) {
    if (!p.unschedulable()) {
      return "not marked unschedulable by the scheduler yet";
    }
    if (p.nominatedNodeName().isPresent()) {
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
    Duration age = Duration.between(p.creationTime(), now);
    if (age.compareTo(delay) < 0) {
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
    try {
      Duration d = GoDurations.parse(value);
      return d.compareTo(flag) > 0 ? d : flag;
    } catch (IllegalArgumentException e) {
      return flag;
    }
  }
}
