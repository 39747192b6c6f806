package dev.skyscaler.cli;

import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.cli.input.OptionsFile;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.magnum.MagnumNodeGroupProvider;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.http.OpenStackApiException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A scan's inputs with {@code --cloud-provider=magnum}: the cluster's nodes and pods (the snapshot
 * files, or the live cluster) and the node groups of the Magnum cluster {@code --cluster-name},
 * read from OpenStack with the cloud-config's credentials, as {@code skyscaler run} finds them.
 * Only read: the plan is printed, no resize is sent. Nodes of a group whose driver ignores {@code
 * nodes_to_remove} are not scale-down candidates.
 */
final class MagnumScan {
  private MagnumScan() {}

  static Scan load(
      ScanInputs in,
      MagnumOptions magnum,
      OptionsFile file,
      Map<String, List<String>> cliFlags,
      Clock clock,
      Instant now) {
    KubernetesSnapshot k8s = CloudScans.cluster(in, file, cliFlags);
    Discovery discovery;
    try {
      discovery = MagnumNodeGroupProvider.connect(magnum, clock).discover(k8s.nodes());
    } catch (OpenStackApiException | IllegalArgumentException e) {
      throw new InputException("--cloud-provider=magnum: " + e.getMessage(), e);
    }
    return CloudScans.scan(k8s, discovery, file, cliFlags, now);
  }
}
