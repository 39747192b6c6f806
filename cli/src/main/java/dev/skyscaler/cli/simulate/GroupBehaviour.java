package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.Objects;

/**
 * How the simulated cloud treats one node group: how long a new instance takes to become a Ready
 * node, and how often its nodes are interrupted or fail on their own.
 *
 * @param bootDelay launch to Ready, before jitter
 * @param jitter a uniform extra delay in [0, jitter], drawn per instance from the seeded generator
 * @param notReadyTime how long before Ready the node registers, NotReady (clipped to the boot time)
 * @param spotInterruptionsPerHour expected spot interruptions per hour across the group's nodes
 * @param nodeFailuresPerHour expected node failures (NotReady until repaired) per hour
 * @param namePrefix new nodes are named {@code <namePrefix>-<n>}
 */
public record GroupBehaviour(
    Duration bootDelay,
    Duration jitter,
    Duration notReadyTime,
    double spotInterruptionsPerHour,
    double nodeFailuresPerHour,
    String namePrefix) {

  public static final Duration DEFAULT_BOOT_DELAY = Duration.ofMinutes(2);
  public static final Duration DEFAULT_JITTER = Duration.ofSeconds(30);
  public static final Duration DEFAULT_NOT_READY_TIME = Duration.ofSeconds(20);

  public GroupBehaviour {
    requireNotNegative(bootDelay, "bootDelay");
    requireNotNegative(jitter, "jitter");
    requireNotNegative(notReadyTime, "notReadyTime");
    if (!(spotInterruptionsPerHour >= 0) || !(nodeFailuresPerHour >= 0)) {
      throw new IllegalArgumentException("rates must be at least 0");
    }
    if (namePrefix == null || namePrefix.isBlank()) {
      throw new IllegalArgumentException("namePrefix must not be blank");
    }
  }

  /**
   * The defaults: 2m to boot, up to 30s jitter, 20s NotReady, no interruptions or failures, nodes
   * named after the group (the last part of a Cluster API id such as {@code
   * MachineDeployment/ns/workers}: node names have no slash).
   */
  public static GroupBehaviour defaults(String group) {
    return new GroupBehaviour(
        DEFAULT_BOOT_DELAY,
        DEFAULT_JITTER,
        DEFAULT_NOT_READY_TIME,
        0,
        0,
        group.substring(group.lastIndexOf('/') + 1));
  }

  public GroupBehaviour withBootDelay(Duration delay, Duration extra) {
    return new GroupBehaviour(
        delay, extra, notReadyTime, spotInterruptionsPerHour, nodeFailuresPerHour, namePrefix);
  }

  public GroupBehaviour withRates(double interruptionsPerHour, double failuresPerHour) {
    return new GroupBehaviour(
        bootDelay, jitter, notReadyTime, interruptionsPerHour, failuresPerHour, namePrefix);
  }

  private static void requireNotNegative(Duration d, String field) {
    Objects.requireNonNull(d, field);
    if (d.isNegative()) {
      throw new IllegalArgumentException(field + " must not be negative");
    }
  }
}
