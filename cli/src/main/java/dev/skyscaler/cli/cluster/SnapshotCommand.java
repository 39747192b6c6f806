package dev.skyscaler.cli.cluster;

import dev.skyscaler.kubernetes.ClusterObjects;
import dev.skyscaler.kubernetes.SnapshotWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code skyscaler snapshot}: reads a live cluster once (read-only) and writes what a scan needs as
 * YAML files that {@code plan}, {@code explain} and {@code simulate} accept with {@code
 * --snapshot}, so production can be planned on a laptop.
 */
@Command(
    name = "snapshot",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Reads the nodes, pods, PodDisruptionBudgets, DaemonSets, CapacityBuffers and the priority"
          + " expander's ConfigMap of a live cluster (read-only) and writes them as YAML that"
          + " `skyscaler plan --snapshot` reads."
    },
    footer = {
      "",
      "Example:",
      "  skyscaler snapshot --kubeconfig ~/.kube/config --context prod -o prod-snapshot",
      "  skyscaler plan --snapshot prod-snapshot --node-groups node-groups.yaml",
      "",
      "Exit codes: 0 success, 1 the cluster could not be read, 2 bad input (message on stderr)."
    })
public final class SnapshotCommand implements Callable<Integer> {
  @Mixin LiveClusterOptions cluster;

  @Option(
      names = {"-o", "--output-dir"},
      required = true,
      paramLabel = "<dir>",
      description = "The directory to write into (created if missing); files there are replaced.")
  Path outputDir;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    ClusterObjects objects = cluster.read();
    List<Path> files = SnapshotWriter.write(objects, outputDir);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "Read %d nodes, %d pods, %d PodDisruptionBudgets, %d DaemonSets, %d CapacityBuffers%s.%n",
        objects.nodes().size(),
        objects.pods().size(),
        objects.pdbs().size(),
        objects.daemonSets().size(),
        objects.capacityBuffers().size(),
        objects.priorityExpander().isPresent() ? " and the priority expander's ConfigMap" : "");
    files.forEach(f -> out.println("  wrote " + f));
    out.flush();
    return 0;
  }
}
