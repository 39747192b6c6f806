package dev.skyscaler.kubernetes.scan;

import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.template;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * One node group {@code ng1} (min 1, max 5, 4 CPU / 16Gi nodes) holding every node, whose target
 * follows {@link SetTargetSize}; records every action applied. A cloud the test controls: it can be
 * made to fail discovery, the cloud read ahead of it, or actions.
 */
final class InMemoryProvider implements NodeGroupProvider {
  final List<Action> applied = new ArrayList<>();
  Integer target;

  /** Nodes of the cluster that belong to no node group (e.g. Karpenter's). */
  Set<String> outside = Set.of();

  RuntimeException discoveryFailure;
  RuntimeException actionFailure;
  RuntimeException cloudReadFailure;

  /** Runs first in {@link #readCloud}, e.g. to wait for the cluster read it should overlap. */
  Runnable beforeCloudRead = () -> {};

  /** The thread {@link #readCloud} last ran on. */
  volatile String cloudReadThread;

  /** How many times {@link #readCloud} was called. */
  final AtomicInteger cloudReads = new AtomicInteger();

  @Override
  public CloudRead readCloud() {
    cloudReads.incrementAndGet();
    cloudReadThread = Thread.currentThread().getName();
    beforeCloudRead.run();
    if (cloudReadFailure != null) {
      throw cloudReadFailure;
    }
    return NodeGroupProvider.super.readCloud();
  }

  @Override
  public Discovery discover(List<Node> nodes) {
    if (discoveryFailure != null) {
      throw discoveryFailure;
    }
    Set<String> members =
        nodes.stream()
            .map(Node::name)
            .filter(n -> !outside.contains(n))
            .collect(Collectors.toSet());
    var spec = group("ng1").min(1).max(5).template(template().cpu("4").memory("16Gi").pods(110));
    if (target != null) {
      spec.target(target);
    }
    List<CloudInstance> instances =
        nodes.stream()
            .filter(n -> !outside.contains(n.name()))
            .map(
                n -> new CloudInstance("ng1", n.providerId(), InstanceState.RUNNING, Instant.EPOCH))
            .toList();
    return new Discovery(List.of(spec.build(members)), instances, List.of());
  }

  @Override
  public Outcome apply(Action action) {
    if (actionFailure != null) {
      throw actionFailure;
    }
    applied.add(action);
    if (action instanceof SetTargetSize s) {
      target = s.to();
    }
    return Outcome.done(action.describe());
  }
}
