package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.emulator.AwsEmulator;
import dev.skyscaler.aws.emulator.EmulatedAws;
import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction.Result;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Completing and extending termination lifecycle hooks: the groups live in the emulator, the hook
 * calls go to a fake because moto does not implement them (nor does LocalStack).
 */
@EmulatedAws
class LifecycleCompletionTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final String HOOK = "drain";

  private final AwsEmulator aws;
  private final FakeLifecycleHooks hooks = new FakeLifecycleHooks();
  private MotoAccount account;
  private AsgGateways gateways;
  private AsgNodeGroupProvider provider;
  private String group;
  private String instanceId;
  private String providerId;

  LifecycleCompletionTest(AwsEmulator aws) {
    this.aws = aws;
  }

  @BeforeEach
  void createGroup() {
    String cluster = "hooks-" + RUNS.incrementAndGet();
    group = cluster + "-spot";
    account = new MotoAccount(aws);
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.group(group, cluster, 0, 3, 1, MotoAccount.clusterTags(cluster, Map.of()));
    account.group(cluster + "-foreign", cluster, 0, 3, 1, Map.of());
    gateways = AsgGateways.create(aws.settings());
    provider =
        new AsgNodeGroupProvider(
            gateways.withHooks(hooks),
            new AsgProviderOptions(
                "us-east-1", AsgDiscoveryOptions.forCluster(cluster), PriceTable.NONE),
            AsgNodeGroupProviderTest.CLOCK);
    var instance = gateways.autoscaling().describeByNames(List.of(group)).get(0).instances().get(0);
    instanceId = instance.instanceId();
    providerId = ProviderIds.of(instance.zone(), instanceId);
  }

  @AfterEach
  void close() {
    account.close();
    gateways.close();
  }

  @Test
  void aWaitingHookIsCompletedOnceThenAlreadyDone() {
    hooks.await(group, HOOK, "token-1", instanceId);

    Outcome first = provider.apply(action(Result.CONTINUE));
    Outcome second = provider.apply(action(Result.CONTINUE));

    assertThat(first.status()).isEqualTo(Status.DONE);
    assertThat(hooks.waits(group, HOOK, instanceId)).isFalse();
    assertThat(second.status()).isEqualTo(Status.ALREADY_DONE);
    assertThat(second.message()).isEqualTo("no lifecycle action of drain waits for " + instanceId);
    assertThat(hooks.calls.get(0))
        .isEqualTo("complete " + group + " " + HOOK + " token-1 " + instanceId);
  }

  @Test
  void aHeartbeatExtendsAWaitingHookAndLeavesItWaiting() {
    hooks.await(group, HOOK, "token-1", instanceId);

    Outcome outcome = provider.apply(action(Result.HEARTBEAT));

    assertThat(outcome.status()).isEqualTo(Status.DONE);
    assertThat(hooks.waits(group, HOOK, instanceId)).isTrue();
  }

  @Test
  void aHeartbeatWithNothingWaitingIsAlreadyDone() {
    assertThat(provider.apply(action(Result.HEARTBEAT)).status()).isEqualTo(Status.ALREADY_DONE);
  }

  @Test
  void aHookOfAnotherClustersGroupIsNotMine() {
    String foreign = group.replace("-spot", "-foreign");
    hooks.await(foreign, HOOK, "token-2", instanceId);

    Outcome outcome =
        provider.apply(
            new CompleteLifecycleAction(foreign, providerId, HOOK, "token-2", Result.CONTINUE));

    assertThat(outcome.status()).isEqualTo(Status.NOT_MINE);
    assertThat(hooks.waits(foreign, HOOK, instanceId)).isTrue();
    assertThat(hooks.calls).isEmpty();
  }

  private CompleteLifecycleAction action(Result result) {
    return new CompleteLifecycleAction(group, providerId, HOOK, "token-1", result);
  }
}
