package dev.skyscaler.core.health;

import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.RepairInstance.Level;
import dev.skyscaler.core.state.RepairRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The repair ladder, one group at a time: a member unready for longer than {@code --unhealthy-time}
 * gets the group's first rung; while it stays unready, each {@code --repair-step-timeout} brings
 * the next rung (the last rung is repeated once the ladder is run out); once it is Ready again, or
 * gone (replaced), the group's next unhealthy node may start. At most one repair per group runs at
 * a time, the longest-unready node first.
 */
final class Repairs {

  private final ClusterSnapshot snapshot;
  private final HealthOptions options;
  private final Instant now;
  private final Map<String, Node> nodes = new HashMap<>();
  private final List<Action> actions;
  private final List<String> reasons;
  private final List<String> warnings;

  Repairs(
      ClusterSnapshot snapshot,
      HealthOptions options,
      Instant now,
      List<Action> actions,
      List<String> reasons,
      List<String> warnings) {
    this.snapshot = snapshot;
    this.options = options;
    this.now = now;
    this.actions = actions;
    this.reasons = reasons;
    this.warnings = warnings;
    snapshot.nodes().forEach(n -> nodes.put(n.name(), n));
  }

  /** Plans every group's repairs; returns the records to keep. */
  Map<String, RepairRecord> plan(Map<String, RepairRecord> records) {
    Map<String, RepairRecord> next = new TreeMap<>();
    List<NodeGroup> groups = new ArrayList<>(snapshot.nodeGroups());
    groups.sort(Comparator.comparing(NodeGroup::name));
    for (NodeGroup g : groups) {
      planGroup(g, Optional.ofNullable(records.get(g.name())))
          .ifPresent(r -> next.put(g.name(), r));
    }
    return next;
  }

  private Optional<RepairRecord> planGroup(NodeGroup g, Optional<RepairRecord> record) {
    List<Node> candidates = candidates(g, record.map(RepairRecord::node).orElse(""));
    Optional<RepairRecord> running = record.flatMap(r -> continueRepair(g, r));
    if (running.isPresent()) {
      String busy = running.get().node();
      candidates.stream()
          .filter(n -> !n.name().equals(busy))
          .forEach(
              n ->
                  reasons.add(
                      who(n, g)
                          + ": waits, one repair per group at a time ("
                          + busy
                          + " is being repaired)"));
      return running;
    }
    if (candidates.isEmpty()) {
      return Optional.empty();
    }
    Node first = candidates.get(0);
    candidates
        .subList(1, candidates.size())
        .forEach(
            n ->
                reasons.add(
                    who(n, g)
                        + ": waits, one repair per group at a time ("
                        + first.name()
                        + " goes first)"));
    Level rung = options.ladderFor(g.name()).get(0);
    reasons.add(
        who(first, g)
            + ": "
            + unready(first)
            + " for "
            + GoDuration.format(unreadyFor(first))
            + ", more than --unhealthy-time="
            + GoDuration.format(options.unhealthyTime())
            + ": "
            + name(rung));
    return Optional.of(
        repair(g, first, rung, unready(first) + " for " + GoDuration.format(unreadyFor(first))));
  }

  /** The record after this scan, or empty when the repair is over. */
  private Optional<RepairRecord> continueRepair(NodeGroup g, RepairRecord r) {
    Node n = nodes.get(r.node());
    String who = r.node() + " of " + g.name();
    if (n == null || !ProviderIds.sameInstance(n.providerId(), r.providerId())) {
      reasons.add(who + ": gone after " + name(r.level()) + "; repair finished");
      return Optional.empty();
    }
    if (n.ready()) {
      reasons.add(who + ": Ready again after " + name(r.level()) + "; repair finished");
      return Optional.empty();
    }
    Optional<String> leaving = Readiness.leavingTaint(n);
    if (leaving.isPresent()) {
      reasons.add(who + ": leaving (taint " + leaving.get() + "); repair stopped");
      return Optional.empty();
    }
    Duration since = Duration.between(r.issuedAt(), now);
    if (since.compareTo(options.repairStepTimeout()) < 0) {
      reasons.add(
          who
              + ": "
              + name(r.level())
              + " requested "
              + GoDuration.format(since)
              + " ago; the next rung follows after --repair-step-timeout="
              + GoDuration.format(options.repairStepTimeout()));
      return Optional.of(r);
    }
    String still =
        "still " + unready(n) + " " + GoDuration.format(since) + " after " + name(r.level());
    Optional<Level> rung = nextRung(options.ladderFor(g.name()), r.level());
    if (rung.isEmpty()) {
      warnings.add(
          who + ": " + still + ", the last rung of the ladder: " + name(r.level()) + " again");
      return Optional.of(repair(g, n, r.level(), still));
    }
    reasons.add(who + ": " + still + ": " + name(rung.get()));
    return Optional.of(repair(g, n, rung.get(), still));
  }

  private RepairRecord repair(NodeGroup g, Node n, Level level, String why) {
    actions.add(new RepairInstance(g.name(), n.name(), n.providerId(), level));
    actions.add(
        new RecordEvent(
            "Node", n.name(), "NodeRepair", name(level) + " " + n.name() + ": " + why, true));
    return new RepairRecord(n.name(), n.providerId(), level, now);
  }

  private static Optional<Level> nextRung(List<Level> ladder, Level current) {
    return ladder.stream().filter(l -> l.compareTo(current) > 0).findFirst();
  }

  /**
   * Members unready for longer than --unhealthy-time, longest first; a reason for each other
   * unready member (but the one under repair, whose record speaks for it).
   */
  private List<Node> candidates(NodeGroup g, String underRepair) {
    List<Node> unready = new ArrayList<>(); // most members are Ready: sort only the others
    for (String name : g.memberNodes()) {
      Node n = nodes.get(name);
      if (n != null && !n.ready()) {
        unready.add(n);
      }
    }
    unready.sort(Comparator.comparing(Node::name));
    List<Node> result = new ArrayList<>();
    for (Node n : unready) {
      String name = n.name();
      String whyNot = whyNotCandidate(n, g);
      if (whyNot == null) {
        result.add(n);
      } else if (!name.equals(underRepair)) {
        reasons.add(whyNot);
      }
    }
    result.sort(Comparator.comparing(this::unreadyFor).reversed().thenComparing(Node::name));
    return result;
  }

  private String whyNotCandidate(Node n, NodeGroup g) {
    Optional<String> leaving = Readiness.leavingTaint(n);
    if (leaving.isPresent()) {
      return who(n, g) + ": leaving (taint " + leaving.get() + "); not repaired";
    }
    if (Readiness.booting(n, now, options.maxNodeStartupTime())) {
      return who(n, g)
          + ": not Ready yet, still starting (younger than --max-node-startup-time="
          + GoDuration.format(options.maxNodeStartupTime())
          + ")";
    }
    if (unreadyFor(n).compareTo(options.unhealthyTime()) <= 0) {
      return who(n, g)
          + ": "
          + unready(n)
          + " for "
          + GoDuration.format(unreadyFor(n))
          + ", repaired after --unhealthy-time="
          + GoDuration.format(options.unhealthyTime());
    }
    return null;
  }

  private Duration unreadyFor(Node n) {
    return Duration.between(Readiness.unhealthySince(n).orElse(now), now);
  }

  private static String unready(Node n) {
    return "Ready=" + n.condition("Ready").map(c -> c.status()).orElse("Unknown");
  }

  private static String who(Node n, NodeGroup g) {
    return n.name() + " of " + g.name();
  }

  private static String name(Level l) {
    return l.name().toLowerCase(Locale.ROOT);
  }
}
