package dev.skyscaler.cli.options;

import dev.skyscaler.aws.asg.AsgDiscoveryOptions;
import dev.skyscaler.azure.vmss.DiscoverySpec;
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

  /** The provider whose node groups are Auto Scaling Groups, read from AWS (plan, explain). */
  public static final String AWS = "aws";

  /** The provider whose node groups are VM Scale Sets, read from Azure (plan, explain). */
  public static final String AZURE = "azure";

  @Option(
      names = "--cloud-provider",
      paramLabel = "aws|azure|clusterapi|magnum",
      description =
          "clusterapi: the node groups are the Cluster API MachineDeployments, MachineSets and"
              + " MachinePools of the cluster read; magnum: the node groups of the Magnum cluster"
              + " --cluster-name, read with --cloud-config's credentials; aws (plan, explain): the"
              + " Auto Scaling Groups, read with your AWS credentials (AWS_PROFILE, AWS_REGION);"
              + " azure (plan, explain): the scale sets of ARM_SUBSCRIPTION_ID (and"
              + " ARM_RESOURCE_GROUP), read with az login or ARM_CLIENT_ID/ARM_CLIENT_SECRET. The"
              + " clouds are only read (no --node-groups file).")
  String cloudProvider;

  @Option(
      names = "--node-group-auto-discovery",
      paramLabel = "<spec>",
      description =
          "clusterapi:namespace=<ns>,clusterName=<name>,<label>=<value>,"
              + " magnum:role=<role>[,<role>...], asg:tag=<key>[=<value>],... or"
              + " label:<tag>=<value>,...[,min=N,max=M] (azure) selects the resources that are node"
              + " groups; repeatable, OR'd. Default: all (magnum: every group with a max but the"
              + " control plane).")
  List<String> discovery = new ArrayList<>();

  @Option(
      names = "--cluster-name",
      paramLabel = "<name>",
      description = "magnum: the Magnum cluster's name or UUID.")
  String clusterName;

  @Option(
      names = "--nodes",
      paramLabel = "<min>:<max>:<name>",
      description = "magnum, aws: a node group (ASG) by name with its bounds; repeatable.")
  List<String> nodes = new ArrayList<>();

  /** True for {@code --cloud-provider=clusterapi}. */
  public boolean clusterApi() {
    return CLUSTER_API.equals(cloudProvider);
  }

  /** True for {@code --cloud-provider=magnum}. */
  public boolean magnum() {
    return MAGNUM.equals(cloudProvider);
  }

  /** True for {@code --cloud-provider=aws}. */
  public boolean aws() {
    return AWS.equals(cloudProvider);
  }

  /** True for {@code --cloud-provider=azure}. */
  public boolean azure() {
    return AZURE.equals(cloudProvider);
  }

  /**
   * Checks the flags as {@code plan} and {@code explain} take them, where {@code aws} and {@code
   * azure} are providers too.
   *
   * @throws ConfigException listing every problem
   */
  public void checkForCloudReads() {
    List<String> errors = common(true);
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
  }

  /**
   * Which Auto Scaling Groups {@code --cloud-provider=aws} reads.
   *
   * @throws ConfigException for a bad spec, or neither spec nor {@code --nodes}
   */
  public Optional<AsgDiscoveryOptions> awsDiscovery() {
    checkForCloudReads();
    return aws() ? Optional.of(AsgDiscoveryOptions.parse(discovery, nodes)) : Optional.empty();
  }

  /**
   * Which scale sets {@code --cloud-provider=azure} reads: those the one {@code label:} spec
   * selects, and those {@code --nodes} names (with the bounds it gives them).
   *
   * @throws ConfigException for a bad spec or {@code --nodes} entry, or several specs, or neither
   */
  public Optional<DiscoverySpec> azureDiscovery() {
    checkForCloudReads();
    if (!azure()) {
      return Optional.empty();
    }
    if (discovery.size() > 1 || (discovery.isEmpty() && nodes.isEmpty())) {
      throw new ConfigException(
          List.of(
              "--node-group-auto-discovery: --cloud-provider=azure needs one"
                  + " label:<tag>=<value>,...[,min=N,max=M] spec or --nodes=<min>:<max>:<scale set>,"
                  + " got "
                  + discovery.size()
                  + " specs"));
    }
    List<String> errors = new ArrayList<>();
    DiscoverySpec tagged = null;
    DiscoverySpec named = null;
    if (!discovery.isEmpty()) {
      try {
        tagged = DiscoverySpec.parse(discovery.get(0));
      } catch (IllegalArgumentException e) {
        errors.add("--node-group-auto-discovery: " + e.getMessage());
      }
    }
    if (!nodes.isEmpty()) {
      try {
        named = DiscoverySpec.named(nodes);
      } catch (ConfigException e) {
        errors.addAll(e.errors());
      }
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    if (tagged == null) {
      return Optional.of(named);
    }
    return Optional.of(named == null ? tagged : tagged.withNamed(named));
  }

  /**
   * The Cluster API options, when {@code --cloud-provider=clusterapi}.
   *
   * @throws ConfigException for another provider, discovery specs without one, a bad spec or a bad
   *     {@code CAPI_*} variable, all reported together
   */
  public Optional<ClusterApiOptions> clusterApiOptions(Map<String, String> environment) {
    return clusterApiOptions(environment, false);
  }

  /**
   * As {@link #clusterApiOptions(Map)}; {@code cloudReads} accepts {@code aws} and {@code azure}
   * (plan and explain).
   */
  public Optional<ClusterApiOptions> clusterApiOptions(
      Map<String, String> environment, boolean cloudReads) {
    List<String> errors = common(cloudReads);
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
    return magnumOptions(cloudConfig, false);
  }

  /**
   * As {@link #magnumOptions(Path)}; {@code cloudReads} accepts {@code aws} and {@code azure} (plan
   * and explain).
   */
  public Optional<MagnumOptions> magnumOptions(Path cloudConfig, boolean cloudReads) {
    List<String> errors = common(cloudReads);
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

  private List<String> common(boolean cloudReads) {
    List<String> errors = new ArrayList<>();
    boolean cloud = cloudReads && (aws() || azure());
    if (cloudProvider != null && !clusterApi() && !magnum() && !cloud) {
      errors.add(
          cloudReads
              ? "--cloud-provider: expected aws, azure, clusterapi or magnum, got \""
                  + cloudProvider
                  + "\""
              : "--cloud-provider: expected clusterapi or magnum, got \""
                  + cloudProvider
                  + "\" (other clouds' node groups come from --node-groups)");
    }
    if (!clusterApi() && !magnum() && !cloud && !discovery.isEmpty()) {
      errors.add(
          cloudReads
              ? "--node-group-auto-discovery: needs --cloud-provider"
              : "--node-group-auto-discovery: needs --cloud-provider=clusterapi or magnum");
    }
    if (!magnum() && clusterName != null) {
      errors.add("--cluster-name: needs --cloud-provider=magnum");
    }
    if (!magnum() && !(cloudReads && (aws() || azure())) && !nodes.isEmpty()) {
      errors.add(
          cloudReads
              ? "--nodes: needs --cloud-provider=aws, azure or magnum"
              : "--nodes: needs --cloud-provider=magnum");
    }
    return errors;
  }
}
