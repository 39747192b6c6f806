package dev.skyscaler.cli;

import dev.skyscaler.cli.input.OptionsFile;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.SnapshotFiles;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the scans whose node groups a provider discovers (AWS, Azure, Cluster API, Magnum) share.
 */
final class CloudScans {
  private CloudScans() {}

  /** The cluster's objects: the snapshot files, or the live cluster. */
  static KubernetesSnapshot cluster(
      ScanInputs in, OptionsFile file, Map<String, List<String>> cliFlags) {
    return in.source.live != null
        ? in.source.live.read(Scan.namespace(file, cliFlags)).translate()
        : SnapshotFiles.read(in.source.snapshots);
  }

  /** The scan of the cluster with the discovered groups, and the discovery's warnings. */
  static Scan scan(
      KubernetesSnapshot k8s,
      Discovery discovery,
      OptionsFile file,
      Map<String, List<String>> cliFlags,
      Instant now) {
    AutoscalerOptions options = Scan.mergedOptions(file, cliFlags, k8s.expanderPriorities());
    List<String> warnings = new ArrayList<>(k8s.warnings());
    warnings.addAll(discovery.warnings());
    return new Scan(
        k8s.withScaleDownDisabled(discovery.noScaleDown().keySet())
            .toClusterSnapshot(discovery.groups()),
        options,
        now,
        warnings);
  }
}
