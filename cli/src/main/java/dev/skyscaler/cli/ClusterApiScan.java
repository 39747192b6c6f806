package dev.skyscaler.cli;

import dev.skyscaler.cli.cluster.LiveClusterOptions;
import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.cli.input.OptionsFile;
import dev.skyscaler.clusterapi.ClusterApiNodeGroupProvider;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.objects.CapiObjectException;
import dev.skyscaler.clusterapi.snapshot.ClusterApiSnapshot;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.SnapshotFiles;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A scan's inputs with {@code --cloud-provider=clusterapi}: the node groups are the Cluster API
 * objects' (from the snapshot files, or read live through the same kubeconfig, the cluster being
 * its own management cluster), as the scan functions and {@code skyscaler run} find them; nodes of
 * a MachineDeployment rolling out are not scale-down candidates.
 */
final class ClusterApiScan {
  private ClusterApiScan() {}

  static Scan load(
      ScanInputs in,
      ClusterApiOptions capi,
      OptionsFile file,
      Map<String, List<String>> cliFlags,
      Clock clock,
      Instant now) {
    KubernetesSnapshot k8s;
    Discovery discovery;
    if (in.source.live != null) {
      try (KubernetesConnection c = in.source.live.connect()) {
        k8s = LiveClusterOptions.read(c, Scan.namespace(file, cliFlags)).translate();
        discovery = ClusterApiNodeGroupProvider.connect(c, capi, clock).discover(k8s.nodes());
      } catch (CapiObjectException e) {
        throw new InputException(in.source() + ": " + e.getMessage(), e);
      }
    } else {
      ClusterApiSnapshot objects = new ClusterApiSnapshot(capi);
      k8s = SnapshotFiles.read(in.source.snapshots, objects);
      discovery = objects.discover(k8s.nodes());
    }
    return CloudScans.scan(k8s, discovery, file, cliFlags, now);
  }
}
