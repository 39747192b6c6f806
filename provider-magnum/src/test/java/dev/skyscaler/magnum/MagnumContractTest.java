package dev.skyscaler.magnum;

import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.magnum.config.CloudConfig;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.fake.FakeMagnumWorld;
import dev.skyscaler.magnum.fake.FakeOpenStack;
import dev.skyscaler.testkit.cloud.NodeGroupProviderContractTest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;

/**
 * The node-group contract for a Magnum node group, through Keystone, Magnum and Nova on the local
 * HTTPS OpenStack: the worker group of cluster {@code prod} beside its control plane and a group of
 * cluster {@code staging} in the same project.
 */
class MagnumContractTest extends NodeGroupProviderContractTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  private final FakeOpenStack openstack = FakeOpenStack.start();
  private String foreign;

  @Override
  protected NodeGroupProvider providerWithOneGroup() {
    FakeMagnumWorld w = openstack.world();
    FakeMagnumWorld.Cluster prod = w.cluster("prod");
    w.group(prod, "default-master", "master", 1, 1, 1);
    w.group(prod, "default-worker", "worker", MIN, MAX, TARGET);
    FakeMagnumWorld.Cluster staging = w.cluster("staging");
    FakeMagnumWorld.Group other = w.group(staging, "default-worker", "worker", 0, 3, 1);
    foreign = "openstack:///" + w.servers(other).get(0).id();
    MagnumOptions options =
        MagnumOptions.parse(
            "prod",
            List.of(),
            List.of(),
            CloudConfig.parse(openstack.cloudConfig(), "cloud-config"));
    return MagnumNodeGroupProvider.connect(options, Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @Override
  protected String foreignProviderId() {
    return foreign;
  }

  @AfterEach
  void stop() {
    openstack.close();
  }
}
