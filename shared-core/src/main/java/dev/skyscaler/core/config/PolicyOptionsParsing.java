package dev.skyscaler.core.config;

import dev.skyscaler.core.config.InterruptionOptions.RebalanceAction;
import dev.skyscaler.core.plan.action.RepairInstance.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The node health, interruption and headroom part of {@link OptionsParser}: reads those options
 * with the parser's helpers and records problems in the parser's error list, so that every parse
 * reports everything at once.
 */
final class PolicyOptionsParsing {
  private final OptionsParser p;

  PolicyOptionsParsing(OptionsParser parser) {
    this.p = parser;
  }

  HealthOptions health(boolean withSharedFlags) {
    HealthOptions d = HealthOptions.defaults();
    ScaleUpOptions s = ScaleUpOptions.defaults();
    boolean enabled = p.bool("node-repair-enabled", d.nodeRepairEnabled());
    Duration unhealthy = p.duration("unhealthy-time", false, d.unhealthyTime());
    List<Level> ladder =
        p.single("repair-ladder")
            .flatMap(t -> ladder("--repair-ladder", t))
            .orElse(d.repairLadder());
    Map<String, List<Level>> byGroup = groupLadders();
    Duration step = p.duration("repair-step-timeout", false, d.repairStepTimeout());
    int okCount = p.wholeNumber("ok-total-unready-count", 0, d.okTotalUnreadyCount());
    double percentage =
        p.orDefault(
            "max-total-unready-percentage",
            d.maxTotalUnreadyPercentage(),
            t -> FlagTexts.parseRatio(t).filter(v -> v <= 100),
            "a number from 0 to 100");
    boolean force = p.bool("force-delete-unregistered-nodes", d.forceDeleteUnregisteredNodes());
    Duration provision = s.maxNodeProvisionTime();
    Duration startup = s.maxNodeStartupTime();
    if (withSharedFlags) {
      provision = p.duration("max-node-provision-time", false, provision);
      startup = p.duration("max-node-startup-time", false, startup);
    }
    return new HealthOptions(
        enabled, unhealthy, ladder, byGroup, step, provision, startup, okCount, percentage, force);
  }

  private Optional<List<Level>> ladder(String option, String text) {
    List<Level> rungs = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      Optional<Level> rung =
          Arrays.stream(Level.values())
              .filter(l -> l.name().toLowerCase(Locale.ROOT).equals(part.trim()))
              .findFirst();
      if (rung.isEmpty()) {
        p.errors.add(
            option
                + ": unknown rung "
                + FlagTexts.quoted(part.trim())
                + " in "
                + FlagTexts.quoted(text)
                + "; allowed: restart, reimage, replace");
        return Optional.empty();
      }
      rungs.add(rung.get());
    }
    try {
      return Optional.of(HealthOptions.checkedLadder(option, rungs));
    } catch (IllegalArgumentException bad) {
      p.errors.add(bad.getMessage() + ", got " + FlagTexts.quoted(text));
      return Optional.empty();
    }
  }

  private Map<String, List<Level>> groupLadders() {
    Map<String, List<Level>> result = new TreeMap<>();
    for (String text : p.flags.getOrDefault("node-group-repair-ladder", List.of())) {
      int colon = text.lastIndexOf(':');
      if (colon <= 0) {
        p.errors.add(
            "--node-group-repair-ladder: expected <group>:<rungs> (e.g. spot-pool:replace), got "
                + FlagTexts.quoted(text));
        continue;
      }
      String group = text.substring(0, colon);
      ladder("--node-group-repair-ladder " + group, text.substring(colon + 1))
          .ifPresent(
              l -> {
                if (result.put(group, l) != null) {
                  p.errors.add("--node-group-repair-ladder: " + group + " is given more than once");
                }
              });
    }
    return result;
  }

  InterruptionOptions interruption() {
    InterruptionOptions d = InterruptionOptions.defaults();
    RebalanceAction rebalance =
        p.orDefault(
            "rebalance-action",
            d.rebalanceAction(),
            PolicyOptionsParsing::rebalanceAction,
            "cordon, drain or ignore");
    Duration margin = p.duration("interruption-drain-margin", true, d.drainMargin());
    Duration retention = p.duration("interruption-notice-retention", true, d.noticeRetention());
    Duration heartbeat =
        p.duration("lifecycle-heartbeat-timeout", false, d.lifecycleHeartbeatTimeout());
    return new InterruptionOptions(rebalance, margin, retention, heartbeat);
  }

  private static Optional<RebalanceAction> rebalanceAction(String text) {
    try {
      return Optional.of(RebalanceAction.parse(text));
    } catch (IllegalArgumentException unknown) {
      return Optional.empty();
    }
  }

  List<HeadroomSpec> headroom() {
    List<HeadroomSpec> result = new ArrayList<>();
    for (String text : p.flags.getOrDefault("headroom", List.of())) {
      try {
        result.add(HeadroomSpec.parse(text));
      } catch (IllegalArgumentException bad) {
        p.errors.add("--headroom: " + bad.getMessage());
      }
    }
    return result;
  }
}
