package dev.skyscaler.cli.cluster;

import java.util.Optional;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.MutuallyExclusiveArgsException;
import picocli.CommandLine.ParameterException;

/**
 * Short messages for the two ways to get the cluster source wrong, instead of picocli's spelling
 * out of the whole option group.
 */
public final class ClusterSourceErrors {
  private ClusterSourceErrors() {}

  /** The message for a cluster-source error; empty for any other error. */
  public static Optional<String> describe(ParameterException e) {
    String m = String.valueOf(e.getMessage());
    if (!m.contains("--snapshot") || !m.contains("--kubeconfig")) {
      return Optional.empty();
    }
    if (e instanceof MutuallyExclusiveArgsException) {
      return Optional.of(
          "--snapshot and --kubeconfig cannot be used together: plan from files or from a live"
              + " cluster");
    }
    if (e instanceof MissingParameterException) {
      return Optional.of(
          "missing the cluster: give --snapshot=<file-or-dir> (files) or --kubeconfig=<file>"
              + " (a live cluster, read-only)");
    }
    return Optional.empty();
  }
}
