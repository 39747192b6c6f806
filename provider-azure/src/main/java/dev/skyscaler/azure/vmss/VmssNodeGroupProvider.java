package dev.skyscaler.azure.vmss;

import dev.skyscaler.azure.vmss.VmssDiscovery.Group;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Node groups on Azure: VM Scale Sets found by tags ({@link DiscoverySpec}), with AKS node pools
 * resized and trimmed through the AKS agent-pool API, never by touching their scale sets (AKS would
 * undo it, and node-resource-group lockdown forbids it). A group's name is its scale set's name;
 * nodes and VMs match by providerID ({@link VmssProviderId}).
 *
 * <p>Actions: {@link SetTargetSize} sets the capacity (node count), refusing targets outside the
 * group's min and max; {@link DeleteInstance} deletes the VM (AKS: the machine) — a scale-down
 * lowers the target with it and refuses to go below min, a replacement restores the target once the
 * VM is gone; {@link RepairInstance} restarts, reimages or replaces. Throttling and conflicts come
 * back as {@code RETRY}; an instance already gone, or not in the named group, as {@code
 * ALREADY_DONE}. Actions on groups that are not ours, and any other action ({@code
 * CompleteLifecycleAction} included: AWS only), are {@code NOT_MINE}.
 *
 * <p>Keeps the groups of the last discovery (replaced at once by each discovery) and the VM sizes
 * read per region, so the functions of one Function App instance may share it.
 */
public final class VmssNodeGroupProvider implements NodeGroupProvider {
  private final VmssGateway gateway;
  private final VmssScope scope;
  private final Clock clock;
  private final Map<String, List<VmSku>> sizeCache = new ConcurrentHashMap<>();
  private volatile Map<String, Group> groups = Map.of();

  public VmssNodeGroupProvider(VmssGateway gateway, VmssScope scope, Clock clock) {
    this.gateway = gateway;
    this.scope = scope;
    this.clock = clock;
  }

  @Override
  public Discovery discover(List<Node> nodes) {
    return readCloud().match(nodes);
  }

  /**
   * Lists the scale sets, their AKS pools and VMs (every ARM call of a discovery); the nodes are
   * matched afterwards, without a call. The groups actions use are those of the last match.
   */
  @Override
  public CloudRead readCloud() {
    VmssDiscovery.Read read = new VmssDiscovery(gateway, scope, clock, sizeCache).read();
    return nodes -> {
      VmssDiscovery.Result result = read.match(nodes);
      groups = result.groups();
      return result.discovery();
    };
  }

  /** {@link #apply(Action, Duration)} with the pipeline's own retries and timeouts. */
  @Override
  public Outcome apply(Action action) {
    return new VmssActions(gateway, scope, this::group).apply(action);
  }

  /**
   * Every call of the action ends within {@code budget}: no retry inside a call, each request's
   * timeout cut to what is left, a deletion followed only while time is left.
   */
  @Override
  public Outcome apply(Action action, Duration budget) {
    return new VmssActions(gateway.within(budget), scope, this::group).apply(action);
  }

  Optional<Group> group(String name) {
    String key = name.toLowerCase(Locale.ROOT);
    if (!groups.containsKey(key)) {
      discover(List.of()); // an action may come before any scan of this instance
    }
    return Optional.ofNullable(groups.get(key));
  }
}
