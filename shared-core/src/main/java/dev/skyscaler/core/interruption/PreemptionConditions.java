package dev.skyscaler.core.interruption;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeCondition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Azure gives a spot VM's preemption notice only inside the VM (IMDS Scheduled Events, at least 30
 * s ahead); an in-node agent turns it into a node condition. A scan that sees one acts as on a spot
 * warning: {@code PreemptionScheduled=True}, or AKS node-problem-detector's {@code
 * VMEventScheduled=True} with a {@code Preempt…} reason, becomes an {@link
 * Kind#AZURE_PREEMPT_SCHEDULED} notice due 30 s after the condition changed. Its id comes from the
 * node, the condition and that time, so later scans see the same notice again, not a new one.
 */
final class PreemptionConditions {
  static final Duration PREEMPT_NOTICE = Duration.ofSeconds(30);
  static final String ID_PREFIX = "node-condition/";

  private PreemptionConditions() {}

  static List<InterruptionNotice> noticesFrom(ClusterSnapshot snapshot) {
    List<InterruptionNotice> notices = new ArrayList<>();
    for (Node n : snapshot.nodes()) {
      for (NodeCondition c : n.conditions()) {
        if (c.isTrue() && announcesPreemption(c) && !n.providerId().isEmpty()) {
          notices.add(
              InterruptionNotice.of(
                  ID_PREFIX + n.name() + "/" + c.type() + "/" + c.lastTransitionTime(),
                  Kind.AZURE_PREEMPT_SCHEDULED,
                  n.providerId(),
                  c.lastTransitionTime().plus(PREEMPT_NOTICE)));
        }
      }
    }
    return notices;
  }

  private static boolean announcesPreemption(NodeCondition c) {
    return c.type().equals("PreemptionScheduled")
        || (c.type().equals("VMEventScheduled") && c.reason().startsWith("Preempt"));
  }
}
