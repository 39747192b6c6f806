package dev.skyscaler.cli;

import dev.skyscaler.cli.cluster.ClusterSourceErrors;
import dev.skyscaler.cli.cluster.SnapshotCommand;
import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.cli.options.UnknownOptions;
import dev.skyscaler.cli.run.RunCommand;
import dev.skyscaler.cli.shadow.ShadowReportCommand;
import dev.skyscaler.cli.simulate.SimulateCommand;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.kubernetes.ConnectionException;
import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.SnapshotException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * The {@code skyscaler} command. Exit codes: 0 success, 1 internal error, 2 bad input (an unknown
 * option, a bad value, a missing or malformed file): then one message on stderr names the file,
 * object and field, and nothing is printed on stdout.
 */
@Command(
    name = "skyscaler",
    mixinStandardHelpOptions = true,
    versionProvider = SkyscalerCommand.Version.class,
    description = {
      "Plans what a Cluster Autoscaler-compatible autoscaler does with a cluster:",
      "which node groups grow, by how many nodes, for which pending pods, and why not."
    },
    synopsisSubcommandLabel = "COMMAND",
    commandListHeading = "%nCommands:%n",
    footer = {"", "Run 'skyscaler COMMAND --help' for a command's options."})
public final class SkyscalerCommand implements Runnable {
  static final int BAD_INPUT = 2;
  static final int INTERNAL_ERROR = 1;

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(),
        "missing command: plan, explain, simulate, snapshot, run or shadow-report");
  }

  public static void main(String[] args) {
    System.exit(commandLine(Clock.systemUTC()).execute(args));
  }

  /** The command, wired and ready to {@code execute}; {@code clock} gives the default scan time. */
  public static CommandLine commandLine(Clock clock) {
    return commandLine(clock, CloudAccess.of(System.getenv()));
  }

  /** As {@link #commandLine(Clock)}, with the cloud reads' environment and connections. */
  static CommandLine commandLine(Clock clock, CloudAccess access) {
    CommandLine cl = new CommandLine(new SkyscalerCommand());
    cl.addSubcommand(new PlanCommand(clock, access));
    cl.addSubcommand(new ExplainCommand(clock, access));
    cl.addSubcommand(new SimulateCommand(clock));
    cl.addSubcommand(new RunCommand(clock));
    for (CommandLine sub : cl.getSubcommands().values()) {
      CaOptions.addTo(sub.getCommandSpec());
    }
    cl.addSubcommand(new SnapshotCommand());
    cl.addSubcommand(new ShadowReportCommand(clock));
    cl.setParameterExceptionHandler(SkyscalerCommand::usageError);
    cl.setExecutionExceptionHandler(SkyscalerCommand::failure);
    cl.setUsageHelpAutoWidth(true);
    return cl;
  }

  private static int usageError(ParameterException e, String[] args) {
    CommandLine cl = e.getCommandLine();
    PrintWriter err = cl.getErr();
    String message = e.getMessage();
    if (e instanceof CommandLine.UnmatchedArgumentException unmatched) {
      message = UnknownOptions.describe(unmatched);
    } else if (ClusterSourceErrors.describe(e).isPresent()) {
      message = ClusterSourceErrors.describe(e).get();
    } else if (e.getCause() instanceof CommandLine.TypeConversionException bad
        && e.getArgSpec() instanceof CommandLine.Model.OptionSpec option) {
      message = option.longestName() + ": " + bad.getMessage();
    }
    err.println(message);
    err.println("Run '" + cl.getCommandSpec().qualifiedName() + " --help' for usage.");
    err.flush();
    return BAD_INPUT;
  }

  static int failure(Exception e, CommandLine cl, ParseResult parsed) {
    PrintWriter err = cl.getErr();
    if (e instanceof InputException
        || e instanceof ConfigException
        || e instanceof SnapshotException
        || e instanceof ConnectionException) {
      err.println(e.getMessage());
      err.flush();
      return BAD_INPUT;
    }
    if (e instanceof KubernetesApiException) {
      err.println("skyscaler: cannot read the cluster: " + e.getMessage());
      err.flush();
      return INTERNAL_ERROR;
    }
    err.println("skyscaler: internal error: " + e);
    e.printStackTrace(err);
    err.flush();
    return INTERNAL_ERROR;
  }

  /** The version the build wrote into the jar. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties p = new Properties();
      try (InputStream in = SkyscalerCommand.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      return new String[] {"skyscaler " + p.getProperty("version", "unknown")};
    }
  }
}
