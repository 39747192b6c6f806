package dev.skyscaler.core.config;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Options of the interruption policy ({@code core.interruption}): Skyscaler's own, since Cluster
 * Autoscaler leaves interruptions to other tools. Built from flags by {@link
 * OptionsParser#parseInterruption}.
 *
 * @param rebalanceAction {@code --rebalance-action}: what a rebalance recommendation (a spot
 *     instance at elevated risk, no deadline) does to its node
 * @param drainMargin {@code --interruption-drain-margin}: evictions are planned to be over this
 *     long before the deadline, for the scan cadence and the kubelet to finish
 * @param noticeRetention {@code --interruption-notice-retention}: how long after its deadline a
 *     notice is remembered, so a late duplicate is recognised rather than acted on again
 * @param lifecycleHeartbeatTimeout {@code --lifecycle-heartbeat-timeout}: the {@code
 *     HeartbeatTimeout} of the termination lifecycle hooks; a heartbeat extends the hook by this
 */
public record InterruptionOptions(
    RebalanceAction rebalanceAction,
    Duration drainMargin,
    Duration noticeRetention,
    Duration lifecycleHeartbeatTimeout) {

  /** What a rebalance recommendation does. */
  public enum RebalanceAction {
    /** Taint and cordon: no new pods, running pods stay until a real interruption. */
    CORDON,
    /** Taint, cordon and evict, as for an interruption (but no lifecycle hook to complete). */
    DRAIN,
    /** Nothing; the notice is reported as ignored. */
    IGNORE;

    public String flagName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The action for its flag spelling; throws naming the accepted spellings otherwise. */
    public static RebalanceAction parse(String text) {
      for (RebalanceAction a : values()) {
        if (a.flagName().equals(text)) {
          return a;
        }
      }
      throw new IllegalArgumentException(
          "unknown rebalance action \"" + text + "\"; allowed: cordon, drain, ignore");
    }
  }

  public InterruptionOptions {
    Objects.requireNonNull(rebalanceAction, "rebalanceAction");
    requireNotNegative(drainMargin, "interruption-drain-margin");
    requireNotNegative(noticeRetention, "interruption-notice-retention");
    requireNotNegative(lifecycleHeartbeatTimeout, "lifecycle-heartbeat-timeout");
    if (lifecycleHeartbeatTimeout.isZero()) {
      throw new IllegalArgumentException("lifecycle-heartbeat-timeout must be positive");
    }
  }

  private static void requireNotNegative(Duration d, String name) {
    if (Objects.requireNonNull(d, name).isNegative()) {
      throw new IllegalArgumentException(name + " cannot be negative");
    }
  }

  /** Cordon on rebalance, 15s margin, notices kept 15m after their deadline, 1h hook heartbeat. */
  public static InterruptionOptions defaults() {
    return new InterruptionOptions(
        RebalanceAction.CORDON,
        Duration.ofSeconds(15),
        Duration.ofMinutes(15),
        Duration.ofHours(1));
  }

  public InterruptionOptions withRebalanceAction(RebalanceAction v) {
    return new InterruptionOptions(v, drainMargin, noticeRetention, lifecycleHeartbeatTimeout);
  }

  public InterruptionOptions withDrainMargin(Duration v) {
    return new InterruptionOptions(rebalanceAction, v, noticeRetention, lifecycleHeartbeatTimeout);
  }

  public InterruptionOptions withNoticeRetention(Duration v) {
    return new InterruptionOptions(rebalanceAction, drainMargin, v, lifecycleHeartbeatTimeout);
  }

  public InterruptionOptions withLifecycleHeartbeatTimeout(Duration v) {
    return new InterruptionOptions(rebalanceAction, drainMargin, noticeRetention, v);
  }
}
