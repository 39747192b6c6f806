package dev.skyscaler.cli.cluster;

import dev.skyscaler.kubernetes.ClusterObjects;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.LiveSnapshotReader;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --kubeconfig <file> [--context <name>]}: read the cluster objects from a live cluster, as
 * the user's kubeconfig allows. Read-only: list and get requests only.
 */
public final class LiveClusterOptions {
  @Option(
      names = "--kubeconfig",
      required = true,
      paramLabel = "<file>",
      description = "Read the cluster live, with this kubeconfig's credentials (read-only).")
  Path kubeconfig;

  @Option(
      names = "--context",
      paramLabel = "<name>",
      description = "The kubeconfig context to use. Default: its current context.")
  String context;

  /** {@code the cluster of kubeconfig <file>, context <name>}. */
  public String describe() {
    return "the cluster of kubeconfig "
        + kubeconfig
        + (context == null ? "" : ", context " + context);
  }

  /**
   * Reads the cluster's nodes, pods, PDBs, DaemonSets, CapacityBuffers and priority-expander
   * ConfigMap.
   *
   * @throws dev.skyscaler.kubernetes.ConnectionException for a bad kubeconfig or context
   * @throws dev.skyscaler.kubernetes.KubernetesApiException when the cluster cannot be read
   */
  public ClusterObjects read() {
    try (KubernetesConnection c = connect()) {
      return read(c);
    }
  }

  /** {@link #read()} with the priority-expander ConfigMap read from {@code namespace}. */
  public ClusterObjects read(String namespace) {
    try (KubernetesConnection c = connect()) {
      return read(c, namespace);
    }
  }

  /** {@link #read()} on a connection of the caller's. */
  public static ClusterObjects read(KubernetesConnection c) {
    return new LiveSnapshotReader(c, ReadOptions.DEFAULTS).readObjects();
  }

  /**
   * {@link #read(KubernetesConnection)}, the priority-expander ConfigMap read from {@code
   * namespace} (CA's {@code --namespace}).
   */
  public static ClusterObjects read(KubernetesConnection c, String namespace) {
    return new LiveSnapshotReader(c, new ReadOptions(ReadOptions.DEFAULTS.pageSize(), namespace))
        .readObjects();
  }

  /**
   * A connection as the kubeconfig says; the caller closes it.
   *
   * @throws dev.skyscaler.kubernetes.ConnectionException for a bad kubeconfig or context
   */
  public KubernetesConnection connect() {
    return KubernetesConnection.fromKubeconfig(
        kubeconfig, Optional.ofNullable(context), ConnectionOptions.DEFAULTS);
  }
}
