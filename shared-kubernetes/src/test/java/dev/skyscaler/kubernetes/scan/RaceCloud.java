package dev.skyscaler.kubernetes.scan;

import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.template;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.mock.WriteLedger;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One cloud shared by racing actors: a node group {@code ng1} (min 1, max 20, 4 CPU / 16Gi nodes)
 * holding every node, whose target follows {@link SetTargetSize}. Each action lands in the test's
 * {@link WriteLedger} with the actor that sent it, in the same order as the cluster's writes.
 */
final class RaceCloud {
  private final WriteLedger ledger;
  private int target;

  RaceCloud(WriteLedger ledger, int target) {
    this.ledger = ledger;
    this.target = target;
  }

  synchronized int target() {
    return target;
  }

  /** The cloud as {@code actor} calls it. */
  NodeGroupProvider seenBy(String actor) {
    return new NodeGroupProvider() {
      @Override
      public Discovery discover(List<Node> nodes) {
        Set<String> members = nodes.stream().map(Node::name).collect(Collectors.toSet());
        var spec =
            group("ng1")
                .min(1)
                .max(20)
                .target(target())
                .template(template().cpu("4").memory("16Gi").pods(110));
        List<CloudInstance> instances =
            nodes.stream()
                .map(
                    n ->
                        new CloudInstance(
                            "ng1", n.providerId(), InstanceState.RUNNING, Instant.EPOCH))
                .toList();
        return new Discovery(List.of(spec.build(members)), instances, List.of());
      }

      @Override
      public Outcome apply(Action action) {
        return ledger.land(
            () -> {
              if (action instanceof SetTargetSize s) {
                synchronized (RaceCloud.this) {
                  target = s.to();
                }
              }
              return Outcome.done(action.describe());
            },
            o -> new WriteLedger.Entry(actor, "cloud: " + action.describe(), null));
      }
    };
  }
}
