package dev.skyscaler.cli;

import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.cli.output.ExplanationOutput;
import dev.skyscaler.cli.output.OutputFormat;
import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.plan.PodExplanation;
import dev.skyscaler.core.state.AutoscalerState;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code skyscaler explain <namespace/pod>}: why one pod gets (or does not get) a scale-up. */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = {
      "skyscaler explain <namespace/pod>",
      "         (--snapshot=<file-or-dir>... | --kubeconfig=<file> [--context=<name>])",
      "         (--node-groups=<file> | --cloud-provider=aws|azure|clusterapi|magnum",
      "         [--node-group-auto-discovery=<spec>]...",
      "         [--nodes=<min>:<max>:<name>]...)",
      "         [--options=<file.yaml>] [--output=text|json] [--now=<RFC3339>]",
      "         [Cluster Autoscaler options]"
    },
    description = {
      "Explains, node group by node group, why a pod does or does not get a scale-up in the plan"
          + " `skyscaler plan` would make."
    },
    footer = {
      "",
      "Example:",
      "  skyscaler explain default/nginx-7c5ddbdf54-2xq8v \\",
      "      --snapshot examples/first-contact/snapshot.yaml \\",
      "      --node-groups examples/first-contact/node-groups.yaml",
      "",
      "Exit codes: 0 success, 1 internal error, 2 bad input (message on stderr)."
    })
final class ExplainCommand implements Callable<Integer> {
  private final Clock clock;

  @Parameters(
      index = "0",
      paramLabel = "<namespace/pod>",
      description = "The pod to explain, e.g. default/web-5d4f8-abcde.")
  String pod;

  @Mixin ScanInputs inputs;

  @Spec CommandSpec spec;

  private final CloudAccess access;

  ExplainCommand(Clock clock, CloudAccess access) {
    this.clock = clock;
    this.access = access;
  }

  @Override
  public Integer call() {
    int slash = pod.indexOf('/');
    if (slash <= 0 || slash == pod.length() - 1 || pod.indexOf('/', slash + 1) >= 0) {
      throw new InputException("pod \"" + pod + "\": expected <namespace>/<name>");
    }
    Scan scan =
        Scan.load(inputs, CaOptions.given(spec.commandLine().getParseResult()), clock, access);
    if (scan.snapshot().pods().stream().noneMatch(p -> p.key().equals(pod))) {
      throw new InputException("pod " + pod + ": not in the snapshot (" + inputs.source() + ")");
    }
    PodExplanation e =
        Autoscaler.explain(scan.snapshot(), AutoscalerState.EMPTY, scan.options(), scan.now(), pod);
    PrintWriter out = spec.commandLine().getOut();
    out.print(
        inputs.output == OutputFormat.JSON ? ExplanationOutput.json(e) : ExplanationOutput.text(e));
    out.flush();
    return 0;
  }
}
