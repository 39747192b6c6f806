package dev.skyscaler.testkit.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link NodeGroupProvider} passes, whatever its cloud. A subclass builds, in
 * its cloud or emulator, exactly one node group of the cluster with min {@value #MIN}, max {@value
 * #MAX}, target {@value #TARGET} and that many instances already created, and returns a provider
 * over it. Each test gets a fresh group.
 */
public abstract class NodeGroupProviderContractTest {
  protected static final int MIN = 1;
  protected static final int MAX = 4;
  protected static final int TARGET = 2;

  private NodeGroupProvider provider;
  private String group;

  /**
   * A provider over a fresh cloud state holding exactly one group of this cluster: min {@value
   * #MIN}, max {@value #MAX}, target {@value #TARGET}, with {@value #TARGET} instances created.
   * Groups of other clusters may exist beside it.
   */
  protected abstract NodeGroupProvider providerWithOneGroup();

  /** A providerID in this provider's format for an instance that is in none of its groups. */
  protected abstract String foreignProviderId();

  @BeforeEach
  void createGroup() {
    provider = providerWithOneGroup();
    List<NodeGroup> groups = provider.discover(List.of()).groups();
    assertThat(groups).as("the fixture's groups").hasSize(1);
    group = groups.get(0).name();
  }

  @Test
  void discoversTheGroupWithItsBoundsAndTarget() {
    NodeGroup g = discover().groups().get(0);

    assertThat(List.of(g.minSize(), g.maxSize(), g.targetSize())).containsExactly(MIN, MAX, TARGET);
    assertThat(g.memberNodes()).isEmpty();
    assertThat(g.template()).as("a template for scale-from-zero").isPresent();
  }

  @Test
  void listsOneInstanceForEachUnitOfTheTarget() {
    List<CloudInstance> instances = live(discover());

    assertThat(instances).hasSize(TARGET).allMatch(i -> i.nodeGroup().equals(group));
    assertThat(instances.stream().map(CloudInstance::providerId).distinct()).hasSize(TARGET);
  }

  @Test
  void matchesNodesToTheGroupByProviderId() {
    String ours = live(discover()).get(0).providerId();
    List<Node> nodes =
        List.of(node("ours", ours), node("foreign", foreignProviderId()), node("unknown", ""));

    NodeGroup g = provider.discover(nodes).groups().get(0);

    assertThat(g.memberNodes()).containsExactly("ours");
  }

  @Test
  void aCloudReadAheadMatchedWithTheNodesIsTheSameDiscovery() {
    String ours = live(discover()).get(0).providerId();
    List<Node> nodes = List.of(node("ours", ours), node("foreign", foreignProviderId()));

    NodeGroupProvider.CloudRead ahead = provider.readCloud();

    assertThat(ahead.match(nodes)).isEqualTo(provider.discover(nodes));
  }

  @Test
  void setsTheTargetWithinTheBounds() {
    Outcome outcome = provider.apply(new SetTargetSize(group, TARGET, TARGET + 1, "pending pods"));

    assertThat(outcome.status()).isEqualTo(Status.DONE);
    assertThat(target()).isEqualTo(TARGET + 1);
  }

  @Test
  void settingTheCurrentTargetIsAlreadyDone() {
    Outcome outcome = provider.apply(new SetTargetSize(group, TARGET, TARGET, "no change"));

    assertThat(outcome.status()).isEqualTo(Status.ALREADY_DONE);
    assertThat(target()).isEqualTo(TARGET);
  }

  @Test
  void refusesATargetAboveTheMaximumNamingIt() {
    Outcome outcome = provider.apply(new SetTargetSize(group, TARGET, MAX + 1, "too many"));

    assertThat(outcome.status()).isEqualTo(Status.FAILED);
    assertThat(outcome.message()).contains(group).contains("max " + MAX);
    assertThat(target()).isEqualTo(TARGET);
  }

  @Test
  void refusesATargetBelowTheMinimumNamingIt() {
    Outcome outcome = provider.apply(new SetTargetSize(group, TARGET, MIN - 1, "too few"));

    assertThat(outcome.status()).isEqualTo(Status.FAILED);
    assertThat(outcome.message()).contains(group).contains("min " + MIN);
    assertThat(target()).isEqualTo(TARGET);
  }

  @Test
  void deletingAnInstanceShrinksTheTargetAndRemovesIt() {
    String victim = live(discover()).get(0).providerId();

    Outcome outcome = provider.apply(new DeleteInstance(group, "", victim, true, "unneeded"));

    assertThat(outcome.status()).isEqualTo(Status.DONE);
    Discovery after = discover();
    assertThat(after.groups().get(0).targetSize()).isEqualTo(TARGET - 1);
    assertThat(live(after)).extracting(CloudInstance::providerId).doesNotContain(victim);
  }

  @Test
  void deletingTheSameInstanceTwiceIsAlreadyDone() {
    String victim = live(discover()).get(0).providerId();
    provider.apply(new DeleteInstance(group, "", victim, true, "unneeded"));

    Outcome again = provider.apply(new DeleteInstance(group, "", victim, true, "unneeded"));

    assertThat(again.status()).isEqualTo(Status.ALREADY_DONE);
    assertThat(target()).isEqualTo(TARGET - 1);
  }

  @Test
  void replacingAnInstanceKeepsTheTarget() {
    String victim = live(discover()).get(0).providerId();

    Outcome outcome = provider.apply(new DeleteInstance(group, "", victim, false, "interrupted"));

    assertThat(outcome.status()).isEqualTo(Status.DONE);
    assertThat(target()).isEqualTo(TARGET);
  }

  @Test
  void deletingAnInstanceOutsideTheGroupChangesNothing() {
    Outcome outcome =
        provider.apply(new DeleteInstance(group, "", foreignProviderId(), true, "unneeded"));

    assertThat(outcome.status()).isEqualTo(Status.ALREADY_DONE);
    assertThat(target()).isEqualTo(TARGET);
  }

  @Test
  void repairingAnInstanceIsCarriedOut() {
    String sick = live(discover()).get(0).providerId();

    Outcome outcome =
        provider.apply(new RepairInstance(group, "sick", sick, RepairInstance.Level.REPLACE));

    assertThat(outcome.status()).isEqualTo(Status.DONE);
  }

  @Test
  void actionsOnAnotherGroupAreNotMine() {
    Outcome outcome = provider.apply(new SetTargetSize("not-a-group-of-ours", 0, 1, "test"));

    assertThat(outcome.status()).isEqualTo(Status.NOT_MINE);
    assertThat(outcome.message()).contains("not-a-group-of-ours");
  }

  @Test
  void kubernetesActionsAreNotMine() {
    assertThat(provider.apply(new CordonNode("n1")).status()).isEqualTo(Status.NOT_MINE);
  }

  private Discovery discover() {
    return provider.discover(List.of());
  }

  private int target() {
    return discover().groups().get(0).targetSize();
  }

  /** Instances that are or will be running: not being deleted, not failed. */
  private static List<CloudInstance> live(Discovery d) {
    return d.instances().stream()
        .filter(i -> i.state() == InstanceState.PENDING || i.state() == InstanceState.RUNNING)
        .sorted(java.util.Comparator.comparing(CloudInstance::providerId))
        .toList();
  }

  private static Node node(String name, String providerId) {
    Resources r = Resources.of(4000, 16L << 30).withPods(110);
    return new Node(
        name,
        Map.of(),
        Map.of(),
        List.of(),
        r,
        r,
        false,
        true,
        providerId,
        Instant.EPOCH,
        List.of());
  }
}
