package dev.skyscaler.cli.simulate;

import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.cli.options.CloudProviderOptions;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code skyscaler simulate}: runs a scenario on a virtual clock and prints the timeline and a
 * summary; {@code --report} writes the same as one self-contained HTML page with charts.
 */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = {
      "skyscaler simulate --scenario=<file.yaml> [--report=<file.html>] [--seed=<n>]",
      "         [--variant=NAME=\"<CA flags>\"]... [--output=text|json]",
      "         [--cloud-provider=clusterapi] [--node-group-auto-discovery=<spec>]...",
      "         [Cluster Autoscaler options]"
    },
    description = {
      "Runs the autoscaler against a simulated cluster over time: nodes that boot with a delay,"
          + " a scheduler, Deployments and Jobs that change, spot interruptions and node failures."
          + " Prints what happened when and why, and what it cost. The same scenario and seed"
          + " always give the same output."
    },
    footer = {
      "",
      "Example:",
      "  skyscaler simulate --scenario examples/first-contact-scenario/scenario.yaml \\",
      "      --report report.html",
      "  skyscaler simulate --scenario examples/whatif-from-snapshot/scenario.yaml \\",
      "      --variant price=\"--expander=price\" \\",
      "      --variant quick=\"--scale-down-unneeded-time=2m\" --report whatif.html",
      "",
      "The scenario format is in docs/simulate.md.",
      "Exit codes: 0 success, 1 internal error, 2 bad input (message on stderr)."
    })
public final class SimulateCommand implements Callable<Integer> {
  /** Wall-clock time after which a run reports its progress on stderr, and how often. */
  static final Duration PROGRESS_AFTER = Duration.ofSeconds(2);

  private final Clock clock;

  @Spec CommandSpec spec;

  @Mixin CloudProviderOptions provider;

  @Option(
      names = "--scenario",
      required = true,
      paramLabel = "<file.yaml>",
      description = "The scenario: snapshot, node groups, duration, events (docs/simulate.md).")
  Path scenarioFile;

  @Option(
      names = "--report",
      paramLabel = "<file.html>",
      description = "Also write a self-contained HTML report with charts and the timeline.")
  Path report;

  @Option(
      names = "--seed",
      paramLabel = "<n>",
      description =
          "Seed for every random draw (boot jitter, random interruptions, names)."
              + " Default: the scenario's seed, else 1.")
  Long seed;

  @Option(
      names = "--variant",
      paramLabel = "NAME=\"<CA flags>\"",
      converter = Variant.Converter.class,
      description =
          "Also run the same scenario, seed and events with these Cluster Autoscaler flags"
              + " (winning over the scenario's and the command line's), and compare the runs:"
              + " cost, node-hours, peak nodes, pods' waits, evictions. Repeatable, at most 8.")
  List<Variant> variants = new ArrayList<>();

  @Option(
      names = "--output",
      paramLabel = "text|json",
      defaultValue = "text",
      converter = Format.class,
      description = "text (default) for people, json for programs.")
  String output;

  public SimulateCommand(Clock clock) {
    this.clock = clock;
  }

  @Override
  public Integer call() {
    Map<String, List<String>> cliFlags = CaOptions.given(spec.commandLine().getParseResult());
    Optional<ClusterApiOptions> clusterApi = provider.clusterApiOptions(System.getenv());
    if (provider.magnum()) {
      throw new dev.skyscaler.cli.input.InputException(
          "--cloud-provider=magnum: not for simulate, whose scenario holds no OpenStack state;"
              + " give the scenario's node groups in its file, or use plan against the live cluster");
    }
    Scenario scenario = ScenarioFile.read(scenarioFile, cliFlags, clusterApi);
    if (seed != null) {
      scenario = scenario.withSeed(seed);
    }
    PrintWriter err = spec.commandLine().getErr();
    ProgressLine progress = new ProgressLine(clock, err, 1 + variants.size());
    List<NamedRun> runs =
        variants.isEmpty()
            ? List.of(new NamedRun(NamedRun.BASE, "", Simulation.run(scenario, progress)))
            : WhatIf.run(scenarioFile, scenario, cliFlags, clusterApi, seed, variants, progress);
    PrintWriter out = spec.commandLine().getOut();
    out.print(output.equals("json") ? SimulationJson.render(runs) : SimulationText.render(runs));
    out.flush();
    if (report != null) {
      try {
        Files.writeString(report, HtmlReport.render(runs), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new InputException(report + ": cannot write the report: " + e.getMessage(), e);
      }
      err.println("Report written to " + report);
      err.flush();
    }
    return 0;
  }

  /** Accepts text and json. */
  static final class Format implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
      if (!value.equals("text") && !value.equals("json")) {
        throw new TypeConversionException("expected text or json, got \"" + value + "\"");
      }
      return value;
    }
  }

  /**
   * A progress line on stderr, only for runs that take a while: the first after {@link
   * #PROGRESS_AFTER} of wall-clock time, then at most one per {@link #PROGRESS_AFTER}.
   */
  static final class ProgressLine implements Simulation.Progress {
    private final Clock clock;
    private final PrintWriter err;
    private final int runs;
    private final long started;
    private long next;

    /**
     * @param runs how many runs report their scans together (a what-if); with more than one, the
     *     line counts the scans of all and no simulated time
     */
    ProgressLine(Clock clock, PrintWriter err, int runs) {
      this.clock = clock;
      this.err = err;
      this.runs = runs;
      this.started = clock.millis();
      this.next = started + PROGRESS_AFTER.toMillis();
    }

    @Override
    public void scanned(int done, int scans, Duration simulated) {
      long now = clock.millis();
      if (now >= next && done < scans) {
        next = now + PROGRESS_AFTER.toMillis();
        if (runs > 1) {
          err.printf(
              java.util.Locale.ROOT,
              "simulate: %d runs, scan %d of %d (%d%%), %ds%n",
              runs,
              done,
              scans,
              100L * done / scans,
              (now - started) / 1000);
          err.flush();
          return;
        }
        err.printf(
            java.util.Locale.ROOT,
            "simulate: %s simulated, scan %d of %d (%d%%), %ds%n",
            TimelineEntry.clock(simulated),
            done,
            scans,
            100L * done / scans,
            (now - started) / 1000);
        err.flush();
      }
    }
  }
}
