package dev.skyscaler.magnum;

import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import dev.skyscaler.magnum.api.MagnumGateway;
import dev.skyscaler.magnum.api.NovaGateway;
import dev.skyscaler.magnum.config.CloudConfig;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.discovery.MagnumReader;
import dev.skyscaler.magnum.discovery.NodeGroupDiscovery;
import dev.skyscaler.magnum.http.OpenStackHttp;
import dev.skyscaler.magnum.http.TlsContexts;
import dev.skyscaler.magnum.keystone.KeystoneGateway;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * OpenStack Magnum node groups as node groups, read and resized through the Magnum API with
 * Keystone v3 auth, as a tenant can ({@link NodeGroupDiscovery} says which groups and what they
 * hold): {@code SetTargetSize} is {@code POST /v1/clusters/{id}/actions/resize} with {@code
 * node_count}; {@code DeleteInstance} the same with {@code nodes_to_remove} naming the server;
 * {@code RepairInstance} a Nova hard reboot, or the server's deletion for Magnum to replace it.
 */
public final class MagnumNodeGroupProvider implements NodeGroupProvider {
  private final MagnumGateway magnum;
  private final NovaGateway nova;
  private final MagnumOptions options;

  public MagnumNodeGroupProvider(MagnumGateway magnum, NovaGateway nova, MagnumOptions options) {
    this.magnum = magnum;
    this.nova = nova;
    this.options = options;
  }

  /** A provider with the cloud-config's credentials and TLS trust; no request is sent yet. */
  public static MagnumNodeGroupProvider connect(MagnumOptions options, Clock clock) {
    CloudConfig c = options.cloud();
    OpenStackHttp http = new OpenStackHttp(TlsContexts.of(c.caFile(), c.tlsInsecure()));
    KeystoneGateway keystone = new KeystoneGateway(http, c, clock);
    return new MagnumNodeGroupProvider(
        new MagnumGateway(keystone, http), new NovaGateway(keystone, http), options);
  }

  @Override
  public Discovery discover(List<Node> nodes) {
    return readCloud().match(nodes);
  }

  @Override
  public CloudRead readCloud() {
    NodeGroupDiscovery.Prepared prepared =
        NodeGroupDiscovery.prepare(new MagnumReader(magnum, nova, options).read(), options);
    return prepared::match;
  }

  @Override
  public Outcome apply(Action action) {
    return apply(new MagnumActions(magnum, nova, options), action);
  }

  /**
   * {@inheritDoc} Each OpenStack request is sent only while the budget lasts, and ends within it.
   */
  @Override
  public Outcome apply(Action action, Duration budget) {
    try {
      return apply(new MagnumActions(magnum.within(budget), nova.within(budget), options), action);
    } catch (WriteRefusedException e) {
      return new Outcome(Status.RETRY, e.getMessage());
    }
  }

  private static Outcome apply(MagnumActions actions, Action action) {
    if (action instanceof SetTargetSize a) {
      return actions.setTargetSize(a);
    }
    if (action instanceof DeleteInstance a) {
      return actions.deleteInstance(a);
    }
    if (action instanceof RepairInstance a) {
      return actions.repair(a);
    }
    return Outcome.notMine(action.describe() + " is not a Magnum action");
  }
}
