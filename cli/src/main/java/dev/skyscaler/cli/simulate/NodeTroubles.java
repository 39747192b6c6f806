package dev.skyscaler.cli.simulate;

import dev.skyscaler.cli.simulate.CloudGroup.Instance;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Spot interruptions and node failures, at the scenario's times or drawn at each group's rates (a
 * Poisson process per scan interval, from the seeded generator). An interrupted instance gets two
 * minutes' notice and is then gone; a failed node stops reporting (Ready Unknown, tainted
 * unreachable) and, as kube-controller-manager does, loses its pods after five minutes.
 */
final class NodeTroubles {
  static final Duration NOTICE = Duration.ofMinutes(2);
  static final Duration EVICTION_TIMEOUT = Duration.ofMinutes(5);

  private final SimulatedCloud cloud;
  private final World world;
  private final Timeline timeline;
  private final Tally tally;
  private final Random random;
  private final List<InterruptionNotice> notices = new ArrayList<>();

  NodeTroubles(SimulatedCloud cloud, World world, Timeline timeline, Tally tally, long seed) {
    this.cloud = cloud;
    this.world = world;
    this.timeline = timeline;
    this.tally = tally;
    this.random = new Random(seed * 31 + 11);
  }

  /** A scenario event: the named node, or a node of the group chosen at random. */
  void apply(ScenarioEvent.NodeTrouble e, Instant now) {
    boolean interrupt = e.kind() == ScenarioEvent.NodeTrouble.Kind.INTERRUPT;
    Optional<Instance> target =
        e.node().isPresent()
            ? cloud.instanceOfNode(e.node().get()).filter(NodeTroubles::healthy)
            : pick(e.group().get());
    if (target.isEmpty()) {
      String which = e.node().map(n -> "node " + n).orElse("no healthy node of " + e.group().get());
      timeline.add(
          now,
          interrupt ? "interruption" : "failure",
          (interrupt ? "interruption" : "failure")
              + " skipped: "
              + which
              + (e.node().isPresent() ? " is not a healthy node of a node group now" : " now"));
      return;
    }
    if (interrupt) {
      interrupt(target.get(), now, "scenario event");
    } else {
      fail(target.get(), now, "scenario event");
    }
  }

  /** Draws the interruptions and failures of each group for the interval ending at {@code now}. */
  void drawRandom(Instant now, Duration interval) {
    double hours = interval.toMillis() / 3_600_000.0;
    for (CloudGroup g : cloud.groups()) {
      int interruptions = poisson(g.behaviour.spotInterruptionsPerHour() * hours);
      for (int k = 0; k < interruptions; k++) {
        pick(g.name()).ifPresent(i -> interrupt(i, now, "random, at the group's rate"));
      }
      int failures = poisson(g.behaviour.nodeFailuresPerHour() * hours);
      for (int k = 0; k < failures; k++) {
        pick(g.name()).ifPresent(i -> fail(i, now, "random, at the group's rate"));
      }
    }
  }

  private int poisson(double mean) {
    if (mean <= 0) {
      return 0;
    }
    double limit = Math.exp(-mean);
    double product = random.nextDouble();
    int k = 0;
    while (product > limit) {
      k++;
      product *= random.nextDouble();
    }
    return k;
  }

  private Optional<Instance> pick(String group) {
    List<Instance> healthy = new ArrayList<>();
    for (CloudGroup g : cloud.groups()) {
      if (g.name().equals(group)) {
        g.instances.values().stream().filter(NodeTroubles::healthy).forEach(healthy::add);
      }
    }
    return healthy.isEmpty()
        ? Optional.empty()
        : Optional.of(healthy.get(random.nextInt(healthy.size())));
  }

  private static boolean healthy(Instance i) {
    return i.registered && i.ready && !i.failed && i.interruptAt == null;
  }

  /** The interruption notices sent since the last call, as EventBridge would deliver them. */
  List<InterruptionNotice> takeNotices() {
    List<InterruptionNotice> sent = List.copyOf(notices);
    notices.clear();
    return sent;
  }

  private void interrupt(Instance i, Instant now, String why) {
    i.interruptAt = now.plus(NOTICE);
    tally.interruptions++;
    notices.add(
        InterruptionNotice.of(
            "sim-spot-" + tally.interruptions,
            InterruptionNotice.Kind.SPOT_WARNING,
            i.providerId,
            i.interruptAt));
    timeline.add(
        now,
        "interruption",
        "spot interruption notice for "
            + i.node
            + " of "
            + cloud.groupOf(i).name()
            + " ("
            + why
            + "): the instance goes in 2m");
  }

  private void fail(Instance i, Instant now, String why) {
    i.failed = true;
    i.ready = false;
    i.evictPodsAt = now.plus(EVICTION_TIMEOUT);
    world.putNode(Nodes.unreachable(world.nodes().get(i.node), now));
    tally.failures++;
    timeline.add(
        now,
        "failure",
        i.node
            + " of "
            + cloud.groupOf(i).name()
            + " stopped reporting ("
            + why
            + "): Ready is Unknown, tainted unreachable");
  }

  /**
   * Taint-based eviction: the pods of a node unreachable for five minutes are deleted (their
   * controllers replace them elsewhere); DaemonSet pods stay, as they tolerate the taint.
   */
  void evictFromUnreachable(Instant now) {
    for (CloudGroup g : cloud.groups()) {
      for (Instance i : g.instances.values()) {
        if (i.evictPodsAt != null && !now.isBefore(i.evictPodsAt)) {
          i.evictPodsAt = null;
          int deleted = 0;
          for (Pod p : world.podsOn(i.node)) {
            if (!p.isDaemonSetPod()) {
              world.remove(p.key(), now);
              deleted++;
            }
          }
          tally.podsDeletedByNodeLifecycle += deleted;
          timeline.add(
              now,
              "failure",
              i.node
                  + " unreachable for 5m: "
                  + Timeline.plural(deleted, "pod")
                  + " deleted by the node lifecycle controller");
        }
      }
    }
  }
}
