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
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A cloud action made under the scan's lease ends within the time the lease grants: each of its
 * calls carries what is left as its timeout, and with nothing left no call is made.
 */
@ExtendWith(MotoExtension.class)
class AsgActionBudgetTest {
  private static final AtomicInteger RUNS = new AtomicInteger();

  private final MotoServer moto;
  private MotoAccount account;
  private TerminationLifecycle recorder;
  private AsgGateways gateways;
  private AsgNodeGroupProvider provider;
  private String group;

  AsgActionBudgetTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void createGroup() {
    String cluster = "budget-" + RUNS.incrementAndGet();
    group = cluster + "-general";
    account = new MotoAccount(moto);
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.group(group, cluster, 0, 5, 1, MotoAccount.clusterTags(cluster, Map.of()));
    recorder = new TerminationLifecycle(account.autoscaling());
    gateways = recorder.gateways(moto.settings());
    provider =
        new AsgNodeGroupProvider(
            gateways,
            new AsgProviderOptions(
                "us-east-1", AsgDiscoveryOptions.forCluster(cluster), PriceTable.NONE),
            AsgNodeGroupProviderTest.CLOCK);
  }

  @AfterEach
  void close() {
    account.close();
    gateways.close();
  }

  @Test
  void eachCallOfAnActionCarriesWhatIsLeftOfItsBudgetAsItsTimeout() {
    var outcome =
        provider.apply(new SetTargetSize(group, 1, 2, "pending pods"), Duration.ofSeconds(7));

    assertThat(outcome.status()).isEqualTo(Status.DONE);
    assertThat(recorder.operations())
        .containsExactly("DescribeAutoScalingGroups", "SetDesiredCapacity");
    assertThat(recorder.callTimeouts())
        .allSatisfy(t -> assertThat(t).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(7)));
  }

  @Test
  void withNoTimeLeftNoCallIsMadeAndTheActionIsRetriedNextScan() {
    var outcome = provider.apply(new SetTargetSize(group, 1, 2, "pending pods"), Duration.ZERO);

    assertThat(outcome.status()).isEqualTo(Status.RETRY);
    assertThat(outcome.message())
        .isEqualTo("no time left under the scan's lease: not called, retried next scan");
    assertThat(recorder.operations()).isEmpty();
    assertThat(gateways.autoscaling().describeByNames(List.of(group)).get(0).desiredCapacity())
        .isEqualTo(1);
  }
}
