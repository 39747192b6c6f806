package dev.skyscaler.cli.options;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Where the node groups come from, with Cluster Autoscaler's flags: {@code
 * --cloud-provider=clusterapi} takes them from the Cluster API objects of the cluster read (the
 * snapshot, or the live cluster), selected by {@code --node-group-auto-discovery=clusterapi:...}
 * and the {@code CAPI_GROUP} / {@code CAPI_VERSION} environment variables as CA reads them; without
 * it they come from a node-groups file.
 */
public final class CloudProviderOptions {
  /** The one provider whose node groups a cluster read describes by itself. */
  public static final String CLUSTER_API = "clusterapi";

  @Option(
      names = "--cloud-provider",
      paramLabel = "clusterapi",
      description =
          "clusterapi: the node groups are the Cluster API MachineDeployments, MachineSets and"
              + " MachinePools of the cluster read (no --node-groups file).")
  String cloudProvider;

  @Option(
      names = "--node-group-auto-discovery",
      paramLabel = "<spec>",
      description =
          "clusterapi:namespace=<ns>,clusterName=<name>,<label>=<value> selects the Cluster API"
              + " resources that are node groups; repeatable, OR'd. Default: all.")
  List<String> discovery = new ArrayList<>();

  /** True for {@code --cloud-provider=clusterapi}. */
  public boolean clusterApi() {
    return CLUSTER_API.equals(cloudProvider);
  }

  /**
   * The Cluster API options, when {@code --cloud-provider=clusterapi}.
   *
   * @throws ConfigException for another provider, discovery specs without it, a bad spec or a bad
   *     {@code CAPI_*} variable, all reported together
   */
  public Optional<ClusterApiOptions> clusterApiOptions(Map<String, String> environment) {
    List<String> errors = new ArrayList<>();
    if (cloudProvider != null && !clusterApi()) {
      errors.add(
          "--cloud-provider: expected clusterapi, got \""
              + cloudProvider
              + "\" (other clouds' node groups come from --node-groups)");
    }
    if (!clusterApi() && !discovery.isEmpty()) {
      errors.add("--node-group-auto-discovery: needs --cloud-provider=clusterapi");
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    if (!clusterApi()) {
      return Optional.empty();
    }
    return Optional.of(
        ClusterApiOptions.parse(environment, discovery, "--node-group-auto-discovery"));
  }
}
