package dev.skyscaler.magnum.discovery;

import dev.skyscaler.magnum.api.Flavor;
import dev.skyscaler.magnum.api.MagnumCluster;
import dev.skyscaler.magnum.api.MagnumGateway;
import dev.skyscaler.magnum.api.MagnumNodeGroup;
import dev.skyscaler.magnum.api.NovaGateway;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.config.NodesToRemove;
import dev.skyscaler.magnum.http.OpenStackApiException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a {@link CloudState}: the cluster, each node group (list, then get each, as Cluster
 * Autoscaler does), the project's servers, the selected groups' flavors, and, when cloud-config
 * leaves {@code nodes-to-remove} at {@code auto}, the cluster template's labels to tell the driver.
 */
public final class MagnumReader {
  /** The label {@code magnum-capi-helm} reads its Helm chart version from. */
  public static final String CAPI_HELM_LABEL = "capi_helm_chart_version";

  private final MagnumGateway magnum;
  private final NovaGateway nova;
  private final MagnumOptions options;

  public MagnumReader(MagnumGateway magnum, NovaGateway nova, MagnumOptions options) {
    this.magnum = magnum;
    this.nova = nova;
    this.options = options;
  }

  /**
   * @throws OpenStackApiException when a call fails, or the cluster does not exist
   */
  public CloudState read() {
    return read(true);
  }

  /** A read of the cluster, its groups and the servers; with {@code withFlavors}, flavors too. */
  public CloudState read(boolean withFlavors) {
    MagnumCluster cluster =
        magnum
            .cluster(options.clusterName())
            .orElseThrow(
                () ->
                    new OpenStackApiException(
                        "--cluster-name "
                            + options.clusterName()
                            + ": Magnum has no such cluster in this project",
                        404));
    List<MagnumNodeGroup> groups = new ArrayList<>();
    for (String id : magnum.nodeGroupIds(cluster)) {
      magnum.nodeGroup(cluster, id).ifPresent(groups::add);
    }
    Map<String, Flavor> flavors = new HashMap<>();
    if (withFlavors) {
      for (MagnumNodeGroup g : groups) {
        if (options.selects(g.name(), g.role())
            && !g.flavorId().isEmpty()
            && !flavors.containsKey(g.flavorId())) {
          nova.flavor(g.flavorId()).ifPresent(f -> flavors.put(g.flavorId(), f));
        }
      }
    }
    return new CloudState(cluster, groups, nova.servers(), flavors, removal(cluster));
  }

  private NodesToRemove removal(MagnumCluster cluster) {
    NodesToRemove configured = options.cloud().nodesToRemove();
    if (configured != NodesToRemove.AUTO) {
      return configured;
    }
    if (cluster.labels().containsKey(CAPI_HELM_LABEL)) {
      return NodesToRemove.IGNORED;
    }
    Map<String, String> template =
        cluster.templateId().isEmpty() ? Map.of() : magnum.templateLabels(cluster.templateId());
    return template.containsKey(CAPI_HELM_LABEL) ? NodesToRemove.IGNORED : NodesToRemove.HONOURED;
  }
}
