package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.asg.AutoScalingGroup.AsgInstance;
import dev.skyscaler.aws.emulator.AwsEmulator;
import dev.skyscaler.aws.emulator.EmulatedAws;
import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.testkit.cloud.NodeGroupProviderContractTest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;

/** The node-group contract, for Auto Scaling Groups in the emulator (moto by default). */
@EmulatedAws
class AsgNodeGroupProviderTest extends NodeGroupProviderContractTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
  private static final AtomicInteger RUNS = new AtomicInteger();

  private final AwsEmulator aws;
  private MotoAccount account;
  private AsgGateways gateways;
  private String otherGroup;

  AsgNodeGroupProviderTest(AwsEmulator aws) {
    this.aws = aws;
  }

  @Override
  protected NodeGroupProvider providerWithOneGroup() {
    // Each test gets its own cluster name and groups in the one emulated account: resetting it
    // between tests costs more than the test.
    String cluster = "contract-" + RUNS.incrementAndGet();
    otherGroup = cluster + "-elsewhere";
    account = new MotoAccount(aws);
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.group(
        cluster + "-workers",
        cluster,
        MIN,
        MAX,
        TARGET,
        MotoAccount.clusterTags(cluster, Map.of()));
    account.group(otherGroup, cluster, 0, 3, 1, MotoAccount.clusterTags(otherGroup, Map.of()));
    gateways = AsgGateways.create(aws.settings());
    return new AsgNodeGroupProvider(
        gateways.withHooks(new FakeLifecycleHooks()),
        new AsgProviderOptions(
            "us-east-1", AsgDiscoveryOptions.forCluster(cluster), PriceTable.NONE),
        CLOCK);
  }

  @Override
  protected String foreignProviderId() {
    AsgInstance other =
        gateways.autoscaling().describeByNames(List.of(otherGroup)).get(0).instances().get(0);
    return ProviderIds.of(other.zone(), other.instanceId());
  }

  @AfterEach
  void closeClients() {
    account.close();
    gateways.close();
  }
}
