package dev.skyscaler.cli;

import dev.skyscaler.cli.cluster.LiveClusterOptions;
import dev.skyscaler.cli.options.CloudProviderOptions;
import dev.skyscaler.cli.output.OutputFormat;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** What every scanning command reads: the snapshot, the node groups, options, time and format. */
final class ScanInputs {
  @ArgGroup(exclusive = true, multiplicity = "1")
  ClusterSource source;

  /** Where the cluster objects come from: snapshot files or a live cluster. */
  static final class ClusterSource {
    @Option(
        names = "--snapshot",
        required = true,
        split = ",",
        paramLabel = "<file-or-dir>",
        description =
            "Cluster objects as `kubectl get namespaces,nodes,pods,pdb,daemonsets -A -o yaml` or"
                + " `skyscaler snapshot` writes them; a directory is read file by file."
                + " Repeatable.")
    List<Path> snapshots;

    @ArgGroup(exclusive = false, multiplicity = "1")
    LiveClusterOptions live;
  }

  @Option(
      names = "--node-groups",
      paramLabel = "<file>",
      description =
          "The node groups (ASGs, VM Scale Sets): sizes, members and templates. Not with"
              + " --cloud-provider, which reads them.")
  Path nodeGroups;

  @Mixin CloudProviderOptions provider;

  @Option(
      names = "--cloud-config",
      paramLabel = "<file>",
      description =
          "With --cloud-provider=magnum: Cluster Autoscaler's magnum cloud-config (Keystone"
              + " auth-url and credentials). Only read: no resize is sent.")
  Path cloudConfig;

  @Option(
      names = "--options",
      paramLabel = "<file.yaml>",
      description =
          "Cluster Autoscaler options as YAML (flag names as keys), plus expanderPriorities."
              + " Options on the command line win.")
  Path optionsFile;

  @Option(
      names = "--now",
      paramLabel = "<RFC3339>",
      converter = Rfc3339.class,
      description = "The scan's time, e.g. 2025-01-31T12:00:00Z. Default: the current time.")
  Instant now;

  @Option(
      names = "--output",
      paramLabel = "text|json",
      defaultValue = "text",
      converter = OutputFormat.Converter.class,
      description = "text (default) for people, json for programs (a stable format).")
  OutputFormat output;

  /** The snapshot files, or the live cluster, for messages. */
  String source() {
    return source.live != null
        ? source.live.describe()
        : String.join(", ", source.snapshots.stream().map(Path::toString).toList());
  }

  /** Parses {@code --now}; RFC 3339 requires the offset ({@code Z} or {@code +02:00}). */
  static final class Rfc3339 implements ITypeConverter<Instant> {
    @Override
    public Instant convert(String value) {
      try {
        return OffsetDateTime.parse(value).toInstant();
      } catch (DateTimeParseException e) {
        throw new TypeConversionException(
            "expected an RFC 3339 time like 2025-01-31T12:00:00Z, got \"" + value + "\"");
      }
    }
  }
}
