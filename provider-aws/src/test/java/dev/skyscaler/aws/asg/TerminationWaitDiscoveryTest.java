package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.cloud.TerminationWait;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A discovery reports the instances held in {@code Terminating:Wait} with their group's termination
 * hooks, so a scan recovers a lifecycle notice the interruption function never got. The groups and
 * hooks live in moto; the wait state, which moto lacks, comes from {@link TerminationLifecycle}.
 */
@ExtendWith(MotoExtension.class)
class TerminationWaitDiscoveryTest {
  private static final AtomicInteger RUNS = new AtomicInteger();

  private final MotoServer moto;
  private MotoAccount account;
  private TerminationLifecycle lifecycle;
  private AsgGateways gateways;
  private AsgNodeGroupProvider provider;
  private String group;
  private List<String> instances;

  TerminationWaitDiscoveryTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void createGroup() {
    String cluster = "wait-" + RUNS.incrementAndGet();
    group = cluster + "-general";
    account = new MotoAccount(moto);
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.group(group, cluster, 0, 5, 2, MotoAccount.clusterTags(cluster, Map.of()));
    for (var hook : List.of("drain", "flush-logs")) {
      account
          .autoscaling()
          .putLifecycleHook(
              b ->
                  b.autoScalingGroupName(group)
                      .lifecycleHookName(hook)
                      .lifecycleTransition("autoscaling:EC2_INSTANCE_TERMINATING")
                      .heartbeatTimeout(300));
    }
    account
        .autoscaling()
        .putLifecycleHook(
            b ->
                b.autoScalingGroupName(group)
                    .lifecycleHookName("warm-up")
                    .lifecycleTransition("autoscaling:EC2_INSTANCE_LAUNCHING"));
    lifecycle = new TerminationLifecycle(account.autoscaling());
    gateways = lifecycle.gateways(moto.settings());
    provider =
        new AsgNodeGroupProvider(
            gateways,
            new AsgProviderOptions(
                "us-east-1", AsgDiscoveryOptions.forCluster(cluster), PriceTable.NONE),
            AsgNodeGroupProviderTest.CLOCK);
    instances =
        gateways.autoscaling().describeByNames(List.of(group)).get(0).instances().stream()
            .map(AutoScalingGroup.AsgInstance::instanceId)
            .toList();
  }

  @AfterEach
  void close() {
    account.close();
    gateways.close();
  }

  @Test
  void anInstanceInTerminatingWaitIsReportedWithEveryTerminationHookOfItsGroup() {
    lifecycle.startTerminating(group, instances.get(1));

    Discovery discovery = provider.discover(List.of());

    assertThat(discovery.waits())
        .containsExactly(
            new TerminationWait(instances.get(1), new LifecycleHook(group, "drain", "")),
            new TerminationWait(instances.get(1), new LifecycleHook(group, "flush-logs", "")));
    assertThat(lifecycle.operations()).containsOnlyOnce("DescribeLifecycleHooks");
  }

  @Test
  void withNoInstanceWaitingNoHookIsDescribed() {
    Discovery discovery = provider.discover(List.of());

    assertThat(discovery.waits()).isEmpty();
    assertThat(lifecycle.operations()).doesNotContain("DescribeLifecycleHooks").isNotEmpty();
  }

  @Test
  void aCompletedHookLetsTheInstanceGoAndTheGroupReplaceIt() {
    lifecycle.startTerminating(group, instances.get(0));

    assertThat(lifecycle.complete(group, "drain", "", instances.get(0), Duration.ofSeconds(5)))
        .isTrue();
    Discovery after = provider.discover(List.of());

    assertThat(after.waits()).isEmpty();
    assertThat(gateways.autoscaling().describeByNames(List.of(group)).get(0).instances())
        .extracting(AutoScalingGroup.AsgInstance::instanceId)
        .hasSize(2)
        .doesNotContain(instances.get(0));
  }
}
