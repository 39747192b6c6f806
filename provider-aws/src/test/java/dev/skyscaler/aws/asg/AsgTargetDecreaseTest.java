package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A lower target (a scale-up the cloud never fulfilled, lowered after {@code
 * --max-node-provision-time}) may only drop instances that were requested and never created: a
 * lower desired capacity lets the group choose which instances to terminate, so with as many
 * instances as the new target or more it is refused, as CA's {@code DecreaseTargetSize} refuses.
 */
@ExtendWith(MotoExtension.class)
class AsgTargetDecreaseTest {
  private final MotoServer moto;
  private MotoAccount account;
  private TerminationLifecycle recorder;
  private AsgGateways gateways;

  AsgTargetDecreaseTest(MotoServer moto) {
    this.moto = moto;
  }

  @AfterEach
  void close() {
    account.close();
    gateways.close();
  }

  @Test
  void aTargetBelowTheInstancesThereAreIsRefusedAndNothingIsTerminated() {
    String cluster = "decrease-" + System.nanoTime();
    String group = cluster + "-general";
    account = new MotoAccount(moto);
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.group(group, cluster, 0, 5, 3, MotoAccount.clusterTags(cluster, Map.of()));
    recorder = new TerminationLifecycle(account.autoscaling());
    gateways = recorder.gateways(moto.settings());
    var provider =
        new AsgNodeGroupProvider(
            gateways,
            new AsgProviderOptions(
                "us-east-1", AsgDiscoveryOptions.forCluster(cluster), PriceTable.NONE),
            AsgNodeGroupProviderTest.CLOCK);

    var outcome =
        provider.apply(
            new SetTargetSize(group, 3, 1, "decrease target: 2 requested node(s) never created"),
            Duration.ofSeconds(10));

    assertThat(outcome.status()).isEqualTo(Status.FAILED);
    assertThat(outcome.message())
        .isEqualTo(
            "refused to lower "
                + group
                + " target size to 1: it has 3 instances, which leave only by terminating them by"
                + " id");
    assertThat(recorder.operations()).containsExactly("DescribeAutoScalingGroups");
    assertThat(gateways.autoscaling().describeByNames(List.of(group)).get(0).desiredCapacity())
        .isEqualTo(3);
  }
}
