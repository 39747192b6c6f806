package dev.skyscaler.cli.options;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.magnum.config.CloudConfig;
import dev.skyscaler.magnum.config.MagnumOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Where the node groups come from, with Cluster Autoscaler's flags: {@code
 * --cloud-provider=clusterapi} takes them from the Cluster API objects of the cluster read (the
 * snapshot, or the live cluster), selected by {@code --node-group-auto-discovery=clusterapi:...}
 * and the {@code CAPI_GROUP} / {@code CAPI_VERSION} environment variables as CA reads them; {@code
 * --cloud-provider=magnum} from the Magnum API, for the cluster {@code --cluster-name}, with the
 * credentials of a {@code --cloud-config} file, selected by {@code --nodes} or {@code
 * --node-group-auto-discovery=magnum:role=...}; without either they come from a node-groups file.
 */
public final class CloudProviderOptions {
  /** The provider whose node groups a cluster read describes by itself. */
  public static final String CLUSTER_API = "clusterapi";

  /** The provider whose node groups are read from OpenStack Magnum. */
  public static final String MAGNUM = "magnum";

  @Option(
      names = "--cloud-provider",
      paramLabel = "clusterapi|magnum",
      description =
          "clusterapi: the node groups are the Cluster API MachineDeployments, MachineSets and"
              + " MachinePools of the cluster read; magnum: the node groups of the Magnum cluster"
              + " --cluster-name, read with --cloud-config's credentials (no --node-groups file).")
  String cloudProvider;

  @Option(
      names = "--node-group-auto-discovery",
      paramLabel = "<spec>",
      description =
          "clusterapi:namespace=<ns>,clusterName=<name>,<label>=<value> or"
              + " magnum:role=<role>[,<role>...] selects the resources that are node groups;"
              + " repeatable, OR'd. Default: all (magnum: every group with a max but the control"
              + " plane).")
  List<String> discovery = new ArrayList<>();

  @Option(
      names = "--cluster-name",
      paramLabel = "<name>",
      description = "magnum: the Magnum cluster's name or UUID.")
  String clusterName;

  @Option(
      names = "--nodes",
      paramLabel = "<min>:<max>:<name>",
      description = "magnum: a node group by name with its bounds; repeatable.")
  List<String> nodes = new ArrayList<>();

  /** True for {@code --cloud-provider=clusterapi}. */
  public boolean clusterApi() {
    return CLUSTER_API.equals(cloudProvider);
  }

  /** True for {@code --cloud-provider=magnum}. */
  public boolean magnum() {
    return MAGNUM.equals(cloudProvider);
  }

  /**
   * The Cluster API options, when {@code --cloud-provider=clusterapi}.
   *
   * @throws ConfigException for another provider, discovery specs without one, a bad spec or a bad
   *     {@code CAPI_*} variable, all reported together
   */
  public Optional<ClusterApiOptions> clusterApiOptions(Map<String, String> environment) {
    List<String> errors = common();
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    if (!clusterApi()) {
      return Optional.empty();
    }
    return Optional.of(
        ClusterApiOptions.parse(environment, discovery, "--node-group-auto-discovery"));
  }

  /**
   * The Magnum options, when {@code --cloud-provider=magnum}, with the cloud-config file read.
   *
   * @param cloudConfig the {@code --cloud-config} file; null when not given
   * @throws ConfigException listing every problem of the flags and of the file
   */
  public Optional<MagnumOptions> magnumOptions(Path cloudConfig) {
    List<String> errors = common();
    if (!magnum()) {
      if (!errors.isEmpty()) {
        throw new ConfigException(errors);
      }
      return Optional.empty();
    }
    CloudConfig config = null;
    if (cloudConfig == null) {
      errors.add(
          "--cloud-config: required with --cloud-provider=magnum (Cluster Autoscaler's magnum"
              + " cloud-config: [Global] auth-url and credentials)");
    } else {
      try {
        config = CloudConfig.read(cloudConfig);
      } catch (ConfigException e) {
        errors.addAll(e.errors());
      }
    }
    errors.addAll(MagnumOptions.problems(clusterName, nodes, discovery));
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return Optional.of(MagnumOptions.parse(clusterName, nodes, discovery, config));
  }

  private List<String> common() {
    List<String> errors = new ArrayList<>();
    if (cloudProvider != null && !clusterApi() && !magnum()) {
      errors.add(
          "--cloud-provider: expected clusterapi or magnum, got \""
              + cloudProvider
              + "\" (other clouds' node groups come from --node-groups)");
    }
    if (!clusterApi() && !magnum() && !discovery.isEmpty()) {
      errors.add("--node-group-auto-discovery: needs --cloud-provider=clusterapi or magnum");
    }
    if (!magnum() && (clusterName != null || !nodes.isEmpty())) {
      errors.add("--cluster-name and --nodes: need --cloud-provider=magnum");
    }
    return errors;
  }
}
