package dev.skyscaler.cli.simulate;

import dev.skyscaler.cli.simulate.CloudGroup.Instance;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The cloud of a simulation: node groups that launch instances to meet their target size and
 * terminate the newest when it drops, instances that register as NotReady nodes and turn Ready
 * after the group's boot delay (plus seeded jitter), and the node troubles (spot interruptions,
 * failures) that {@link NodeTroubles} inflicts. It is a {@link NodeGroupProvider}, so the planner's
 * cloud actions reach it the way they reach AWS or Azure.
 */
final class SimulatedCloud implements NodeGroupProvider {
  private final Map<String, CloudGroup> groups = new LinkedHashMap<>();
  private final Map<String, Instance> byProviderId = new HashMap<>();
  private final Map<String, Instance> byNode = new HashMap<>();
  private final Map<Instance, CloudGroup> groupOf = new HashMap<>();
  private final World world;
  private final Timeline timeline;
  private final Random boot;
  private final Instant start;
  private Instant now;
  private List<NodeGroup> view;

  SimulatedCloud(Scenario s, World world, Timeline timeline) {
    this.world = world;
    this.timeline = timeline;
    this.boot = new Random(s.seed() * 31 + 7);
    this.start = s.start();
    this.now = s.start();
    for (NodeGroup g : s.snapshot().nodeGroups()) {
      CloudGroup cg = new CloudGroup(g, s.groups().get(g.name()), world.nodes());
      groups.put(g.name(), cg);
      for (String member : g.memberNodes().stream().sorted().toList()) {
        Node n = world.nodes().get(member);
        String id = n.providerId().isEmpty() ? "sim:///" + g.name() + "/" + member : n.providerId();
        Instance i = new Instance(id, member, cg.nextShape(), n.creationTime());
        i.registered = true;
        i.ready = n.ready();
        track(cg, i);
      }
      reconcile(cg);
    }
  }

  Collection<CloudGroup> groups() {
    return groups.values();
  }

  Optional<Instance> instanceOfNode(String node) {
    return Optional.ofNullable(byNode.get(node));
  }

  CloudGroup groupOf(Instance i) {
    return groupOf.get(i);
  }

  /** The groups as a scan sees them; the same list while nothing changed. */
  List<NodeGroup> nodeGroups() {
    if (view == null) {
      List<NodeGroup> result = new ArrayList<>(groups.size());
      for (CloudGroup g : groups.values()) {
        List<String> members = new ArrayList<>();
        g.instances.values().stream().filter(i -> i.registered).forEach(i -> members.add(i.node));
        NodeGroup d = g.declared;
        result.add(
            new NodeGroup(
                d.name(),
                d.minSize(),
                d.maxSize(),
                g.target,
                java.util.Set.copyOf(members),
                d.template()
                    .or(() -> members.isEmpty() ? Optional.of(g.template()) : Optional.empty()),
                d.price()));
      }
      view = List.copyOf(result);
    }
    return view;
  }

  @Override
  public Discovery discover(List<Node> nodes) {
    List<CloudInstance> instances = new ArrayList<>();
    for (CloudGroup g : groups.values()) {
      for (Instance i : g.instances.values()) {
        CloudInstance.InstanceState state =
            i.registered
                ? CloudInstance.InstanceState.RUNNING
                : CloudInstance.InstanceState.PENDING;
        instances.add(new CloudInstance(g.name(), i.providerId, state, i.launched));
      }
    }
    return new Discovery(nodeGroups(), instances, List.of());
  }

  /** Moves the instances on to {@code t}: registrations, Ready nodes, interruptions landing. */
  void advance(Instant t) {
    now = t;
    for (CloudGroup g : groups.values()) {
      BootReport report = new BootReport(g);
      for (Instance i : new ArrayList<>(g.instances.values())) {
        if (i.interruptAt != null && !t.isBefore(i.interruptAt)) {
          int pods = terminate(g, i);
          timeline.add(
              t,
              "interruption",
              "spot instance of "
                  + i.node
                  + " reclaimed: node gone, "
                  + Timeline.plural(pods, "pod")
                  + " to reschedule; "
                  + g.name()
                  + " launches a replacement");
          continue;
        }
        if (!i.registered && !t.isBefore(i.registerAt)) {
          i.registered = true;
          world.register(Nodes.registered(g.shapes.get(i.shape), i.node, i.providerId, t), t);
          report.registered(i.node);
          view = null;
        }
        if (i.registered && !i.ready && !i.failed && i.readyAt != null && !t.isBefore(i.readyAt)) {
          i.ready = true;
          world.markReady(Nodes.ready(world.nodes().get(i.node), t));
          if (i.restartedAt == null) {
            report.ready(i.node, Duration.between(i.launched, t));
          } else {
            report.readyAgain(i.node, Duration.between(i.restartedAt, t));
            i.restartedAt = null;
          }
        }
      }
      report.writeTo(timeline, t);
      reconcile(g);
    }
  }

  @Override
  public Outcome apply(Action action) {
    if (action instanceof SetTargetSize a) {
      return setTarget(a);
    }
    if (action instanceof DeleteInstance a) {
      return delete(a);
    }
    if (action instanceof RepairInstance a) {
      return repair(a);
    }
    if (action instanceof CompleteLifecycleAction) {
      return Outcome.done("lifecycle hook answered");
    }
    return Outcome.notMine(action.describe() + " is not a cloud action");
  }

  private Outcome setTarget(SetTargetSize a) {
    CloudGroup g = groups.get(a.nodeGroup());
    if (g == null) {
      return Outcome.notMine("no node group " + a.nodeGroup());
    }
    if (a.to() < g.declared.minSize() || a.to() > g.declared.maxSize()) {
      return new Outcome(
          Outcome.Status.FAILED,
          "target " + a.to() + " is outside " + g.declared.minSize() + ".." + g.declared.maxSize());
    }
    if (a.to() == g.target) {
      return new Outcome(Outcome.Status.ALREADY_DONE, "target is " + a.to() + " already");
    }
    g.target = a.to();
    view = null;
    reconcile(g);
    return Outcome.done("target " + a.to());
  }

  private Outcome delete(DeleteInstance a) {
    Instance i = find(a.providerId(), a.node());
    if (i == null) {
      return new Outcome(Outcome.Status.ALREADY_DONE, "no such instance");
    }
    CloudGroup g = groupOf.get(i);
    if (a.decrementTarget() && g.target - 1 < g.declared.minSize()) {
      return new Outcome(Outcome.Status.FAILED, "would take " + g.name() + " below its min size");
    }
    int pods = terminate(g, i);
    if (a.decrementTarget()) {
      g.target--;
    }
    reconcile(g);
    return Outcome.done(Timeline.plural(pods, "pod") + " on it");
  }

  private Outcome repair(RepairInstance a) {
    Instance i = find(a.providerId(), a.node());
    if (i == null) {
      return new Outcome(Outcome.Status.ALREADY_DONE, "no such instance");
    }
    CloudGroup g = groupOf.get(i);
    if (a.level() == RepairInstance.Level.REPLACE) {
      terminate(g, i);
      reconcile(g);
      return Outcome.done("replaced");
    }
    i.failed = false;
    i.evictPodsAt = null;
    i.readyAt = now.plus(bootTime(g));
    i.restartedAt = now;
    if (i.registered) {
      i.ready = false;
      world.putNode(Nodes.restarting(world.nodes().get(i.node), now));
    }
    return Outcome.done(
        "Ready again at " + TimelineEntry.clock(Duration.between(start, i.readyAt)));
  }

  private Instance find(String providerId, String node) {
    Instance i = providerId.isEmpty() ? null : byProviderId.get(providerId);
    return i != null ? i : byNode.get(node);
  }

  /** Launches or terminates instances until the group meets its target. */
  private void reconcile(CloudGroup g) {
    while (g.instances.size() < g.target) {
      launch(g);
    }
    if (g.instances.size() > g.target) {
      List<Instance> newestFirst = new ArrayList<>(g.instances.values());
      java.util.Collections.reverse(newestFirst);
      newestFirst.sort((a, b) -> Boolean.compare(a.registered, b.registered));
      List<String> gone = new ArrayList<>();
      int excess = g.instances.size() - g.target;
      for (Instance i : newestFirst.subList(0, excess)) {
        terminate(g, i);
        gone.add(i.node);
      }
      timeline.add(
          now,
          "terminate",
          g.name()
              + " terminated "
              + Timeline.plural(gone.size(), "instance")
              + " to meet its target of "
              + g.target
              + ": "
              + Timeline.some(gone));
    }
  }

  private void launch(CloudGroup g) {
    String name;
    do {
      name = g.behaviour.namePrefix() + "-" + g.nextSeq++;
    } while (world.nodes().containsKey(name) || byNode.containsKey(name));
    Instance i = new Instance("sim:///" + g.name() + "/" + name, name, g.nextShape(), now);
    i.readyAt = now.plus(bootTime(g));
    Instant register = i.readyAt.minus(g.behaviour.notReadyTime());
    i.registerAt = register.isBefore(now) ? now : register;
    track(g, i);
  }

  /** Boot delay plus a whole number of seconds of jitter in [0, jitter]. */
  private Duration bootTime(CloudGroup g) {
    long jitter = g.behaviour.jitter().getSeconds();
    long extra = jitter == 0 ? 0 : boot.nextInt((int) Math.min(Integer.MAX_VALUE - 1, jitter) + 1);
    return g.behaviour.bootDelay().plusSeconds(extra);
  }

  private void track(CloudGroup g, Instance i) {
    g.instances.put(i.providerId, i);
    byProviderId.put(i.providerId, i);
    byNode.put(i.node, i);
    groupOf.put(i, g);
    view = null;
  }

  /** Terminates an instance now; returns how many pods its node had. */
  int terminate(CloudGroup g, Instance i) {
    g.instances.remove(i.providerId);
    byProviderId.remove(i.providerId);
    byNode.remove(i.node);
    groupOf.remove(i);
    g.bill(i, start, now);
    view = null;
    return i.registered ? world.removeNode(i.node, now).size() : 0;
  }

  /** Bills every live instance up to the end. */
  void finish(Instant end) {
    for (CloudGroup g : groups.values()) {
      g.instances.values().forEach(i -> g.bill(i, start, end));
    }
  }
}
