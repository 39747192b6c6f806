package dev.skyscaler.cli;

import dev.skyscaler.aws.asg.AsgDiscoveryOptions;
import dev.skyscaler.azure.vmss.DiscoverySpec;
import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.cli.input.NodeGroupsFile;
import dev.skyscaler.cli.input.OptionsFile;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.SnapshotFiles;
import dev.skyscaler.magnum.config.MagnumOptions;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one scan needs, read and checked: the cluster snapshot with its node groups, the
 * options, the scan time, and the warnings met while reading.
 */
record Scan(
    ClusterSnapshot snapshot, AutoscalerOptions options, Instant now, List<String> warnings) {

  static final String PRIORITY_CONFIGMAP = "ConfigMap cluster-autoscaler-priority-expander";

  Scan {
    warnings = List.copyOf(warnings);
  }

  /**
   * Reads and checks the inputs: options first (all problems at once), then the snapshot, then the
   * node groups.
   *
   * @param cliFlags the Cluster Autoscaler options given on the command line
   * @throws InputException, ConfigException or {@link dev.skyscaler.kubernetes.SnapshotException}
   *     for bad input
   */
  static Scan load(
      ScanInputs in, Map<String, List<String>> cliFlags, Clock clock, CloudAccess access) {
    OptionsFile file = in.optionsFile == null ? null : OptionsFile.read(in.optionsFile);
    checkSeparately(file, cliFlags);
    Optional<ClusterApiOptions> capi = in.provider.clusterApiOptions(access.environment(), true);
    Optional<MagnumOptions> magnum = in.provider.magnumOptions(in.cloudConfig, true);
    Optional<AsgDiscoveryOptions> aws = in.provider.awsDiscovery();
    Optional<DiscoverySpec> azure = in.provider.azureDiscovery();
    if ((aws.isPresent() || azure.isPresent()) && in.nodeGroups != null) {
      throw new InputException(
          aws.isPresent()
              ? "--node-groups: not used with --cloud-provider=aws, whose node groups are the Auto"
                  + " Scaling Groups read from AWS; give one or the other"
              : "--node-groups: not used with --cloud-provider=azure, whose node groups are the"
                  + " scale sets read from Azure; give one or the other");
    }
    if (magnum.isPresent() && in.nodeGroups != null) {
      throw new InputException(
          "--node-groups: not used with --cloud-provider=magnum, whose node groups come from"
              + " the Magnum cluster --cluster-name");
    }
    if (magnum.isEmpty() && in.cloudConfig != null) {
      throw new InputException("--cloud-config: needs --cloud-provider=magnum");
    }
    if (capi.isPresent() && in.nodeGroups != null) {
      throw new InputException(
          "--node-groups: not used with --cloud-provider=clusterapi, whose node groups come from"
              + " the Cluster API objects of the cluster read");
    }
    if (capi.isEmpty()
        && magnum.isEmpty()
        && aws.isEmpty()
        && azure.isEmpty()
        && in.nodeGroups == null) {
      throw new InputException(
          "missing --node-groups=<file>: the node groups (or --cloud-provider=clusterapi to take"
              + " them from the snapshot's Cluster API objects, aws or azure to read them from the"
              + " cloud)");
    }
    Instant now = in.now != null ? in.now : clock.instant();
    if (aws.isPresent()) {
      return AwsScan.load(in, aws.get(), access, file, cliFlags, clock, now);
    }
    if (azure.isPresent()) {
      return AzureScan.load(in, azure.get(), access, file, cliFlags, clock, now);
    }
    if (capi.isPresent()) {
      return ClusterApiScan.load(in, capi.get(), file, cliFlags, clock, now);
    }
    if (magnum.isPresent()) {
      return MagnumScan.load(in, magnum.get(), file, cliFlags, clock, now);
    }
    KubernetesSnapshot k8s =
        in.source.live != null
            ? in.source.live.read(namespace(file, cliFlags)).translate()
            : SnapshotFiles.read(in.source.snapshots);
    AutoscalerOptions options = mergedOptions(file, cliFlags, k8s.expanderPriorities());
    List<NodeGroup> groups = NodeGroupsFile.read(in.nodeGroups, k8s.nodes());
    ClusterSnapshot snapshot;
    try {
      snapshot = k8s.toClusterSnapshot(groups);
    } catch (IllegalArgumentException e) {
      throw new InputException(in.nodeGroups + ": " + e.getMessage(), e);
    }
    return new Scan(snapshot, options, now, k8s.warnings());
  }

  /** CA's {@code --namespace}, where the priority expander's ConfigMap is read from. */
  static String namespace(OptionsFile file, Map<String, List<String>> cliFlags) {
    return mergedOptions(file, cliFlags, Map.of()).objects().namespace();
  }

  /** Checks the file's options and the command line's on their own, so errors name the source. */
  private static void checkSeparately(OptionsFile file, Map<String, List<String>> cliFlags) {
    List<String> errors = new ArrayList<>();
    if (file != null) {
      try {
        OptionsParser.parse(file.flags(), file.expanderPriorities());
      } catch (ConfigException e) {
        e.errors().forEach(error -> errors.add(file.file() + ": " + error));
      }
    }
    try {
      OptionsParser.parse(cliFlags);
    } catch (ConfigException e) {
      errors.addAll(e.errors());
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
  }

  /**
   * The file's options overridden by the command line's. The priority expander's table comes from
   * the options file when it has one, otherwise from the snapshot's ConfigMap.
   */
  static AutoscalerOptions mergedOptions(
      OptionsFile file,
      Map<String, List<String>> cliFlags,
      Map<Integer, List<String>> snapshotPriorities) {
    Map<String, List<String>> flags = new LinkedHashMap<>();
    boolean fileHasPriorities = file != null && !file.expanderPriorities().isEmpty();
    if (file != null) {
      flags.putAll(file.flags());
    }
    flags.putAll(cliFlags);
    try {
      return OptionsParser.parse(
          flags, fileHasPriorities ? file.expanderPriorities() : snapshotPriorities);
    } catch (ConfigException e) {
      // Both sources passed on their own, so what is left comes from the snapshot's ConfigMap.
      throw new ConfigException(
          e.errors().stream().map(error -> PRIORITY_CONFIGMAP + ": " + error).toList());
    }
  }
}
