package dev.skyscaler.core.config;

import static dev.skyscaler.core.config.OptionFlag.single;

import dev.skyscaler.core.plan.action.RepairInstance.Level;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The node health, interruption and headroom part of {@link OptionFlag#SUPPORTED} (core.health,
 * core.interruption, core.headroom), read by {@link PolicyOptionsParsing}.
 */
final class PolicyFlags {
  private PolicyFlags() {}

  static List<OptionFlag> of(HealthOptions h, InterruptionOptions i) {
    return List.of(
        new OptionFlag(
            "node-repair-enabled",
            "true|false",
            Boolean.toString(h.nodeRepairEnabled()),
            OptionFlag.Kind.SWITCH,
            "Repair nodes that stay unready; turn off where the platform repairs nodes itself."),
        single(
            "unhealthy-time",
            "<duration>",
            GoDuration.format(h.unhealthyTime()),
            "How long a node may stay NotReady or Unknown before it is repaired."),
        single(
            "repair-ladder",
            "<rungs>",
            ladder(h.repairLadder()),
            "Repair rungs tried in order, mildest first: restart, reimage, replace"
                + " (AWS: replace)."),
        new OptionFlag(
            "node-group-repair-ladder",
            "<group>:<rungs>",
            "",
            OptionFlag.Kind.REPEATABLE,
            "The repair ladder of one node group (e.g. spot-pool:replace); repeatable."),
        single(
            "repair-step-timeout",
            "<duration>",
            GoDuration.format(h.repairStepTimeout()),
            "How long a repair rung may take to bring the node back before the next rung."),
        single(
            "ok-total-unready-count",
            "<n>",
            Integer.toString(h.okTotalUnreadyCount()),
            "Number of unready nodes tolerated whatever their share of the cluster."),
        single(
            "max-total-unready-percentage",
            "<percent>",
            percent(h.maxTotalUnreadyPercentage()),
            "Above this share of unready nodes (and above --ok-total-unready-count) nothing is"
                + " repaired, deleted or scaled."),
        new OptionFlag(
            "force-delete-unregistered-nodes",
            "true|false",
            Boolean.toString(h.forceDeleteUnregisteredNodes()),
            OptionFlag.Kind.SWITCH,
            "Delete instances that never registered even below the group's minimum size."),
        single(
            "rebalance-action",
            "cordon|drain|ignore",
            i.rebalanceAction().flagName(),
            "What a rebalance recommendation does to its node: cordon, drain or ignore."),
        single(
            "interruption-drain-margin",
            "<duration>",
            GoDuration.format(i.drainMargin()),
            "Evictions of an interrupted node are planned to end this long before its deadline."),
        single(
            "interruption-notice-retention",
            "<duration>",
            GoDuration.format(i.noticeRetention()),
            "How long after its deadline a notice is remembered, to recognise duplicates."),
        single(
            "lifecycle-heartbeat-timeout",
            "<duration>",
            GoDuration.format(i.lifecycleHeartbeatTimeout()),
            "The HeartbeatTimeout of the termination lifecycle hooks."),
        new OptionFlag(
            "headroom",
            "<spec>",
            "",
            OptionFlag.Kind.REPEATABLE,
            "Spare capacity to keep, e.g. cpu=500m,memory=1Gi,count=10 or"
                + " group=ng1,cpu=2,memory=8Gi; repeatable."));
  }

  static String ladder(List<Level> rungs) {
    return rungs.stream()
        .map(l -> l.name().toLowerCase(Locale.ROOT))
        .collect(Collectors.joining(","));
  }

  private static String percent(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }
}
