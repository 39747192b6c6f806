package dev.skyscaler.cli.shadow;

import dev.skyscaler.cli.output.OutputFormat;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.kubernetes.shadow.ShadowOptions;
import dev.skyscaler.kubernetes.shadow.ShadowRecord;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code skyscaler shadow-report}: summarises a window of shadow mode's comparisons with Cluster
 * Autoscaler from the record its scans keep in {@code skyscaler-status} ({@link ShadowRecord}),
 * read live (GET only) or from a file.
 */
@Command(
    name = "shadow-report",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = {
      "skyscaler shadow-report (--kubeconfig=<file> [--context=<name>] | --snapshot=<file>)",
      "         [--namespace=<name>] [--since=<duration>] [--output=text|json] [--now=<RFC3339>]"
    },
    description = {
      "Summarises shadow mode (DRY_RUN=true) next to Cluster Autoscaler: how many scans and group"
          + " decisions, how many agreed, the disagreements by kind with examples, and whether"
          + " switching looks safe."
    },
    footer = {
      "",
      "Examples:",
      "  skyscaler shadow-report --kubeconfig ~/.kube/config --context prod",
      "  kubectl get configmap skyscaler-status -n kube-system -o yaml > shadow.yaml",
      "  skyscaler shadow-report --snapshot shadow.yaml --since 6h --output json",
      "",
      "Exit codes: 0 success, 1 internal error, 2 bad input (message on stderr)."
    })
public final class ShadowReportCommand implements Callable<Integer> {
  private final Clock clock;

  @Spec CommandSpec spec;

  @Option(
      names = "--kubeconfig",
      paramLabel = "<file>",
      description = "Read the record live, with this kubeconfig's credentials (one GET).")
  Path kubeconfig;

  @Option(
      names = "--context",
      paramLabel = "<name>",
      description = "The kubeconfig context to use. Default: its current context.")
  String context;

  @Option(
      names = "--snapshot",
      paramLabel = "<file>",
      description = "Read the record from this file: the ConfigMap skyscaler-status as YAML/JSON.")
  Path snapshot;

  @Option(
      names = "--namespace",
      paramLabel = "<name>",
      defaultValue = "kube-system",
      description =
          "Where Skyscaler keeps its status (its --namespace). Default: ${DEFAULT-VALUE}.")
  String namespace;

  @Option(
      names = "--since",
      paramLabel = "<duration>",
      defaultValue = "24h",
      converter = Since.class,
      description =
          "The window summarised, ending now, as a Go duration. Default: ${DEFAULT-VALUE}.")
  Duration since;

  @Option(
      names = "--output",
      paramLabel = "text|json",
      defaultValue = "text",
      converter = OutputFormat.Converter.class,
      description = "text (default) or json.")
  OutputFormat output;

  @Option(
      names = "--now",
      paramLabel = "<RFC3339>",
      converter = Rfc3339.class,
      description = "The end of the window. Default: the current time.")
  Instant now;

  public ShadowReportCommand(Clock clock) {
    this.clock = clock;
  }

  @Override
  public Integer call() {
    if ((kubeconfig == null) == (snapshot == null)) {
      throw new ParameterException(
          spec.commandLine(),
          kubeconfig == null
              ? "missing the record: give --kubeconfig=<file> (a live cluster, read-only) or"
                  + " --snapshot=<file> (the ConfigMap skyscaler-status as YAML)"
              : "--kubeconfig and --snapshot cannot be used together: read the record from a live"
                  + " cluster or from a file");
    }
    if (context != null && kubeconfig == null) {
      throw new ParameterException(spec.commandLine(), "--context needs --kubeconfig");
    }
    String name = ShadowOptions.DEFAULTS.ownStatus().name();
    ShadowRecord record =
        kubeconfig != null
            ? RecordSource.live(kubeconfig, Optional.ofNullable(context), namespace, name)
            : RecordSource.file(snapshot, name);
    ShadowReport report = ShadowReport.of(record, now == null ? clock.instant() : now, since);
    PrintWriter out = spec.commandLine().getOut();
    out.print(
        output == OutputFormat.JSON
            ? ShadowReportJson.render(report)
            : ShadowReportText.render(report));
    out.flush();
    return 0;
  }

  /** A positive Go duration of at most 31 days (the record keeps far less). */
  static final class Since implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      Optional<Duration> d = GoDuration.parse(value);
      if (d.isEmpty() || d.get().isZero() || d.get().compareTo(Duration.ofDays(31)) > 0) {
        throw new TypeConversionException(
            "expected a Go duration between 1s and 744h such as 24h or 90m, got \"" + value + "\"");
      }
      return d.get();
    }
  }

  /** RFC 3339 with its offset. */
  static final class Rfc3339 implements ITypeConverter<Instant> {
    @Override
    public Instant convert(String value) {
      try {
        return OffsetDateTime.parse(value).toInstant();
      } catch (DateTimeParseException e) {
        throw new TypeConversionException(
            "expected an RFC 3339 time such as 2026-11-27T06:00:00Z, got \"" + value + "\"");
      }
    }
  }
}
