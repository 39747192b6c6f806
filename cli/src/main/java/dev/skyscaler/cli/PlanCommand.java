package dev.skyscaler.cli;

import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.cli.output.OutputFormat;
import dev.skyscaler.cli.output.PlanJson;
import dev.skyscaler.cli.output.PlanText;
import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.state.AutoscalerState;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code skyscaler plan}: one scan over a snapshot, printed as text or JSON. */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = {
      "skyscaler plan (--snapshot=<file-or-dir>... | --kubeconfig=<file>",
      "         [--context=<name>]) (--node-groups=<file> |",
      "         --cloud-provider=aws|azure|clusterapi|magnum",
      "         [--node-group-auto-discovery=<spec>]...",
      "         [--nodes=<min>:<max>:<name>]...)",
      "         [--options=<file.yaml>] [--output=text|json] [--now=<RFC3339>]",
      "         [Cluster Autoscaler options]"
    },
    description = {
      "Shows what one autoscaler scan would do with the snapshot: the node groups to grow, by how"
          + " many nodes, for which pending pods, and why the other pending pods get no scale-up."
    },
    footer = {
      "",
      "Example:",
      "  skyscaler plan --snapshot examples/first-contact/snapshot.yaml \\",
      "      --node-groups examples/first-contact/node-groups.yaml \\",
      "      --max-nodes-total=20 --expander=priority,least-waste",
      "  skyscaler plan --kubeconfig ~/.kube/config --context prod --node-groups groups.yaml",
      "  skyscaler plan --snapshot examples/cluster-api/snapshot --cloud-provider=clusterapi",
      "  AWS_PROFILE=prod skyscaler plan --kubeconfig ~/.kube/config --cloud-provider=aws \\",
      "      --node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/enabled",
      "      (reads the Auto Scaling Groups with your credentials; sends no write)",
      "",
      "Exit codes: 0 success, 1 internal error, 2 bad input (message on stderr)."
    })
final class PlanCommand implements Callable<Integer> {
  private final Clock clock;

  @Mixin ScanInputs inputs;

  @Spec CommandSpec spec;

  private final CloudAccess access;

  PlanCommand(Clock clock, CloudAccess access) {
    this.clock = clock;
    this.access = access;
  }

  @Override
  public Integer call() {
    Scan scan =
        Scan.load(inputs, CaOptions.given(spec.commandLine().getParseResult()), clock, access);
    Plan plan =
        Autoscaler.runOnce(scan.snapshot(), AutoscalerState.EMPTY, scan.options(), scan.now());
    List<String> warnings = new ArrayList<>(scan.warnings());
    warnings.addAll(plan.warnings());
    CaOptions.noEffectNote(spec.commandLine().getParseResult()).ifPresent(warnings::add);
    String rendered =
        inputs.output == OutputFormat.JSON
            ? PlanJson.render(plan, warnings)
            : PlanText.render(plan, podsByKey(scan), warnings);
    PrintWriter out = spec.commandLine().getOut();
    out.print(rendered);
    out.flush();
    return 0;
  }

  static Map<String, Pod> podsByKey(Scan scan) {
    return scan.snapshot().pods().stream()
        .collect(Collectors.toMap(Pod::key, Function.identity(), (a, b) -> a));
  }
}
