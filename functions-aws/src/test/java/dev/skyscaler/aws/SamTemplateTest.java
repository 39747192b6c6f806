package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.kubernetes.runner.EnvironmentOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SAM template at the repository root and the sample node groups: {@code cfn-lint} (installed
 * on the build machines) passes them, and the template names the handlers that exist. A missing
 * {@code cfn-lint} fails the run.
 */
class SamTemplateTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path TEMPLATE = ROOT.resolve("template.yaml");

  @ParameterizedTest(name = "cfn-lint passes {0}")
  @ValueSource(strings = {"template.yaml", "infra/aws/node-groups.yaml"})
  void cfnLintPassesTheTemplate(String file) throws IOException, InterruptedException {
    Path template = ROOT.resolve(file);
    assertThat(template).exists();

    assertCfnLintPasses(template);
  }

  /** ADR 0059: the custom-runtime package's template is template.yaml with four Globals changed. */
  @Test
  void cfnLintPassesTheCustomRuntimesTemplate(@TempDir Path dir)
      throws IOException, InterruptedException {
    String derived =
        CustomRuntimeTemplate.derive(
            Files.readString(TEMPLATE), "functions-aws/target/skyscaler-aws-custom-runtime-25.zip");
    Path template = Files.writeString(dir.resolve("custom-runtime.yaml"), derived);

    assertCfnLintPasses(template);
    assertThat(derived)
        .contains("    Runtime: provided.al2023\n    Architectures: [x86_64]\n")
        .doesNotContain("SnapStart")
        .contains("Handler: dev.skyscaler.aws.ScanHandler::handleRequest");
  }

  @Test
  void aTemplateWhoseGlobalsChangedIsNamedBeforeAnythingIsDerived() {
    assertThatThrownBy(() -> CustomRuntimeTemplate.derive("Globals:\n", "x.zip"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "template.yaml: expected the Globals line 'CodeUri:"
                + " functions-aws/target/skyscaler-aws-lambda.zip' once, to derive the custom"
                + " runtime's template");
  }

  private static void assertCfnLintPasses(Path template) throws IOException, InterruptedException {
    Process lint;
    try {
      lint = new ProcessBuilder("cfn-lint", template.toString()).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "cfn-lint is not on the PATH: the template test needs it (pip install cfn-lint); see"
              + " functions-aws/README.md");
    }
    String output = new String(lint.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(lint.waitFor(120, TimeUnit.SECONDS)).as("cfn-lint finished").isTrue();

    assertThat(output).as("cfn-lint findings").isEmpty();
    assertThat(lint.exitValue()).isZero();
  }

  @Test
  void everyHandlerTheTemplateNamesExists() throws IOException {
    Matcher m =
        Pattern.compile("Handler: ([\\w.]+)::handleRequest").matcher(Files.readString(TEMPLATE));
    List<String> handlers = new ArrayList<>();
    while (m.find()) {
      handlers.add(m.group(1));
    }

    assertThat(handlers)
        .containsExactly(
            ScanHandler.class.getName(),
            NodeHealthHandler.class.getName(),
            InterruptionHandler.class.getName());
  }

  @Test
  void theScanRunsAloneAndDropsMissedTicks() throws IOException {
    String scan = resource(Files.readString(TEMPLATE), "ScanFunction");

    assertThat(scan)
        .contains("ReservedConcurrentExecutions: 1")
        .contains("MaximumEventAgeInSeconds: 60")
        .contains("MaximumRetryAttempts: 0")
        .contains("Schedule: rate(1 minute)");
  }

  @Test
  void everyVariableTheTemplateSetsIsOneTheFunctionsRead() throws IOException {
    String template = Files.readString(TEMPLATE);
    String variables =
        template.substring(
            template.indexOf("      Variables:\n"), template.indexOf("\nResources:"));
    Matcher m = Pattern.compile("\n        ([A-Z_]+):").matcher(variables);
    List<String> names = new ArrayList<>();
    while (m.find()) {
      names.add(m.group(1));
    }
    List<String> known =
        new ArrayList<>(
            new EnvironmentOptions(Map.of(), FunctionSettings.ownVariables()).accepted());
    known.add("JAVA_TOOL_OPTIONS");

    assertThat(names).contains("CLUSTER_NAME", "KUBECONFIG_SECRET_ARN").isSubsetOf(known);
  }

  @Test
  void theOnlySecretTheFunctionsMayReadIsTheKubeconfigSecret() throws IOException {
    String role = resource(Files.readString(TEMPLATE), "FunctionRole");

    assertThat(role)
        .containsOnlyOnce("secretsmanager:")
        .contains(
            "Action: secretsmanager:GetSecretValue\n"
                + "                  Resource: !Ref KubeconfigSecretArn");
  }

  @ParameterizedTest(name = "the argument-list parameter accepts {0}")
  @ValueSource(
      strings = {
        "",
        "--v=4 --balance-similar-node-groups --expander=least-waste",
        "--node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/enabled,k8s.io/cluster-autoscaler/prod"
            + "  --skip-nodes-with-local-storage=false --scale-down-unneeded-time=5m"
      })
  void theArgumentListParameterAcceptsWhatCaDeploymentsPass(String args) throws IOException {
    assertThat(args).matches(argumentListPattern());
  }

  @ParameterizedTest(name = "the argument-list parameter refuses {0} at deploy time")
  @ValueSource(strings = {"--expander least-waste", "expander=price", "--Expander=price"})
  void theArgumentListParameterRefusesWhatIsNoArgumentList(String args) throws IOException {
    assertThat(args).doesNotMatch(argumentListPattern());
  }

  /** The ClusterAutoscalerArgs parameter's AllowedPattern, as CloudFormation checks it. */
  private static String argumentListPattern() throws IOException {
    String parameter = resource(Files.readString(TEMPLATE), "ClusterAutoscalerArgs");
    Matcher m = Pattern.compile("AllowedPattern: \"(.*)\"\n").matcher(parameter);
    assertThat(m.find()).as("ClusterAutoscalerArgs has an AllowedPattern").isTrue();
    return m.group(1).replace("\\\\", "\\");
  }

  /** The text of one top-level resource, up to the next. */
  private static String resource(String template, String name) {
    int start = template.indexOf("\n  " + name + ":\n");
    assertThat(start).as("resource " + name).isPositive();
    Matcher next = Pattern.compile("\n  [A-Za-z]+:\n").matcher(template);
    int end = next.find(start + 1) ? next.start() : template.length();
    return template.substring(start, end);
  }
}
