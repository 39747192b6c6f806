package dev.skyscaler.core.config;

import dev.skyscaler.core.plan.action.RepairInstance.Level;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Options of the node health policy ({@code core.health}). Names follow Cluster Autoscaler's flags
 * where CA has one ({@code --ok-total-unready-count}, {@code --max-total-unready-percentage},
 * {@code --max-node-provision-time}, {@code --force-delete-unregistered-nodes}); the repair options
 * are Skyscaler's own, since CA does not repair nodes. Built from flags by {@link
 * OptionsParser#parseHealth}.
 *
 * @param nodeRepairEnabled {@code --node-repair-enabled}: repair unhealthy nodes at all (turn it
 *     off where the platform repairs nodes itself, e.g. AKS or EKS node auto-repair)
 * @param unhealthyTime {@code --unhealthy-time}: how long a node may stay NotReady or Unknown
 *     before it is repaired
 * @param repairLadder {@code --repair-ladder}: the rungs tried in order, mildest first
 * @param repairLadderByGroup {@code --node-group-repair-ladder}: a ladder for one group, replacing
 *     {@code repairLadder} there
 * @param repairStepTimeout {@code --repair-step-timeout}: how long a rung may take to bring the
 *     node back before the next rung is tried
 * @param maxNodeProvisionTime {@code --max-node-provision-time}: how long an instance may run
 *     without a registered node before it is deleted (the same flag as scale-up's)
 * @param maxNodeStartupTime {@code --max-node-startup-time}: a NotReady node younger than this is
 *     still booting, not unhealthy (the same flag as scale-up's)
 * @param okTotalUnreadyCount {@code --ok-total-unready-count}
 * @param maxTotalUnreadyPercentage {@code --max-total-unready-percentage}, 0 to 100
 * @param forceDeleteUnregisteredNodes {@code --force-delete-unregistered-nodes}: delete
 *     unregistered instances even when that takes the group below its minimum size
 */
public record HealthOptions(
    boolean nodeRepairEnabled,
    Duration unhealthyTime,
    List<Level> repairLadder,
    Map<String, List<Level>> repairLadderByGroup,
    Duration repairStepTimeout,
    Duration maxNodeProvisionTime,
    Duration maxNodeStartupTime,
    int okTotalUnreadyCount,
    double maxTotalUnreadyPercentage,
    boolean forceDeleteUnregisteredNodes) {

  /** Every rung, mildest first: what Azure offers (restart, reimage, delete and replace). */
  public static final List<Level> FULL_LADDER =
      List.of(Level.RESTART, Level.REIMAGE, Level.REPLACE);

  public HealthOptions {
    Objects.requireNonNull(unhealthyTime, "unhealthyTime");
    repairLadder = checkedLadder("repair-ladder", repairLadder);
    TreeMap<String, List<Level>> byGroup = new TreeMap<>();
    repairLadderByGroup.forEach(
        (g, l) -> byGroup.put(g, checkedLadder("node-group-repair-ladder " + g, l)));
    repairLadderByGroup = Map.copyOf(byGroup);
    Objects.requireNonNull(repairStepTimeout, "repairStepTimeout");
    Objects.requireNonNull(maxNodeProvisionTime, "maxNodeProvisionTime");
    Objects.requireNonNull(maxNodeStartupTime, "maxNodeStartupTime");
    if (okTotalUnreadyCount < 0) {
      throw new IllegalArgumentException("ok-total-unready-count must be at least 0");
    }
    if (!(maxTotalUnreadyPercentage >= 0 && maxTotalUnreadyPercentage <= 100)) {
      throw new IllegalArgumentException("max-total-unready-percentage must be between 0 and 100");
    }
  }

  /**
   * A ladder is one to three distinct rungs in escalation order: a provider may skip rungs it does
   * not have, never go back down.
   */
  static List<Level> checkedLadder(String what, List<Level> ladder) {
    List<Level> copy = List.copyOf(ladder);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException(what + ": needs at least one rung");
    }
    for (int i = 1; i < copy.size(); i++) {
      if (copy.get(i).compareTo(copy.get(i - 1)) <= 0) {
        throw new IllegalArgumentException(
            what + ": rungs must escalate in the order restart, reimage, replace");
      }
    }
    return copy;
  }

  public static HealthOptions defaults() {
    return new HealthOptions(
        true,
        Duration.ofMinutes(5),
        FULL_LADDER,
        Map.of(),
        Duration.ofMinutes(10),
        Duration.ofMinutes(15),
        Duration.ofMinutes(15),
        3,
        45,
        false);
  }

  /** The ladder of one node group: its own when given, the default one otherwise. */
  public List<Level> ladderFor(String nodeGroup) {
    return repairLadderByGroup.getOrDefault(nodeGroup, repairLadder);
  }

  /** A builder starting from these values. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Builder for {@link HealthOptions}; {@code defaults().toBuilder()} starts from the defaults. */
  public static final class Builder {
    private boolean nodeRepairEnabled;
    private Duration unhealthyTime;
    private List<Level> repairLadder;
    private Map<String, List<Level>> repairLadderByGroup;
    private Duration repairStepTimeout;
    private Duration maxNodeProvisionTime;
    private Duration maxNodeStartupTime;
    private int okTotalUnreadyCount;
    private double maxTotalUnreadyPercentage;
    private boolean forceDeleteUnregisteredNodes;

    private Builder(HealthOptions o) {
      nodeRepairEnabled = o.nodeRepairEnabled;
      unhealthyTime = o.unhealthyTime;
      repairLadder = o.repairLadder;
      repairLadderByGroup = o.repairLadderByGroup;
      repairStepTimeout = o.repairStepTimeout;
      maxNodeProvisionTime = o.maxNodeProvisionTime;
      maxNodeStartupTime = o.maxNodeStartupTime;
      okTotalUnreadyCount = o.okTotalUnreadyCount;
      maxTotalUnreadyPercentage = o.maxTotalUnreadyPercentage;
      forceDeleteUnregisteredNodes = o.forceDeleteUnregisteredNodes;
    }

    public Builder nodeRepairEnabled(boolean v) {
      nodeRepairEnabled = v;
      return this;
    }

    public Builder unhealthyTime(Duration v) {
      unhealthyTime = v;
      return this;
    }

    public Builder repairLadder(List<Level> v) {
      repairLadder = v;
      return this;
    }

    public Builder repairLadderByGroup(Map<String, List<Level>> v) {
      repairLadderByGroup = v;
      return this;
    }

    public Builder repairStepTimeout(Duration v) {
      repairStepTimeout = v;
      return this;
    }

    public Builder maxNodeProvisionTime(Duration v) {
      maxNodeProvisionTime = v;
      return this;
    }

    public Builder maxNodeStartupTime(Duration v) {
      maxNodeStartupTime = v;
      return this;
    }

    public Builder okTotalUnreadyCount(int v) {
      okTotalUnreadyCount = v;
      return this;
    }

    public Builder maxTotalUnreadyPercentage(double v) {
      maxTotalUnreadyPercentage = v;
      return this;
    }

    public Builder forceDeleteUnregisteredNodes(boolean v) {
      forceDeleteUnregisteredNodes = v;
      return this;
    }

    public HealthOptions build() {
      return new HealthOptions(
          nodeRepairEnabled,
          unhealthyTime,
          repairLadder,
          repairLadderByGroup,
          repairStepTimeout,
          maxNodeProvisionTime,
          maxNodeStartupTime,
          okTotalUnreadyCount,
          maxTotalUnreadyPercentage,
          forceDeleteUnregisteredNodes);
    }
  }
}
