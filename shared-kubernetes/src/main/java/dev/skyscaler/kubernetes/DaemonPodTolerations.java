package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import java.util.ArrayList;
import java.util.List;

/**
 * The tolerations the DaemonSet controller adds to every daemon pod ({@code
 * AddOrUpdateDaemonPodTolerations}), so that the template pod lands on the same nodes the real
 * daemon pods do: not-ready and unreachable nodes (NoExecute), node pressure and cordoned nodes
 * (NoSchedule), and, for host-network pods, an unavailable network.
 */
final class DaemonPodTolerations {
  private static final String PREFIX = "node.kubernetes.io/";

  private DaemonPodTolerations() {}

  static List<Toleration> withDefaults(List<Toleration> own, boolean hostNetwork) {
    List<Toleration> result = new ArrayList<>(own);
    add(result, "not-ready", TaintEffect.NO_EXECUTE);
    add(result, "unreachable", TaintEffect.NO_EXECUTE);
    add(result, "disk-pressure", TaintEffect.NO_SCHEDULE);
    add(result, "memory-pressure", TaintEffect.NO_SCHEDULE);
    add(result, "pid-pressure", TaintEffect.NO_SCHEDULE);
    add(result, "unschedulable", TaintEffect.NO_SCHEDULE);
    if (hostNetwork) {
      add(result, "network-unavailable", TaintEffect.NO_SCHEDULE);
    }
    return result;
  }

  private static void add(List<Toleration> tolerations, String name, TaintEffect effect) {
    String key = PREFIX + name;
    // The controller replaces a toleration for the same key and effect with its own.
    tolerations.removeIf(t -> t.key().equals(key) && t.effect() == effect);
    tolerations.add(new Toleration(key, Toleration.Operator.EXISTS, "", effect));
  }
}
