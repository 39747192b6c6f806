package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Cluster Autoscaler's own EKS argument list, pasted as it is, reads the Auto Scaling Groups from
 * AWS (the real SDK against moto_server on loopback) and plans against the example cluster's
 * snapshot; only Describe calls reach AWS.
 */
@ExtendWith(MotoExtension.class)
class AwsCloudPlanTest {
  static final String CLUSTER = "first-contact";
  static final String ASG = "eks-general-40c6a7b2-1f3e-8d2a-9b7c-5e4d3c2b1a09";

  /** CA's EKS example (cluster-autoscaler-autodiscover.yaml), flags of the container's command. */
  static final List<String> CA_EKS_ARGUMENTS =
      List.of(
          "--v=4",
          "--stderrthreshold=info",
          "--cloud-provider=aws",
          "--skip-nodes-with-local-storage=false",
          "--expander=least-waste",
          "--node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/enabled,"
              + "k8s.io/cluster-autoscaler/"
              + CLUSTER);

  static MotoServer moto;

  @BeforeAll
  static void account(MotoServer server) {
    moto = server;
    MotoAccount account = new MotoAccount(server);
    account.launchTemplate("general-lt", "m5.large", 20, false);
    account.group(ASG, "general-lt", 0, 10, 0, MotoAccount.clusterTags(CLUSTER, Map.of()));
    account.group(
        "other-cluster-asg", "general-lt", 0, 10, 0, MotoAccount.clusterTags("other", Map.of()));
  }

  static Map<String, String> env() {
    Map<String, String> env = new HashMap<>();
    env.put("AWS_REGION", MotoServer.REGION.id());
    env.put("AWS_ENDPOINT_URL", moto.endpoint().toString());
    env.put("AWS_ACCESS_KEY_ID", "testing");
    env.put("AWS_SECRET_ACCESS_KEY", "testing");
    return env;
  }

  static CliRun plan(Map<String, String> env, List<String> arguments) {
    List<String> args =
        new ArrayList<>(List.of("plan", "--snapshot", CliRun.example("snapshot.yaml")));
    args.addAll(arguments);
    return CliRun.runWith(CloudAccess.of(env), args.toArray(String[]::new));
  }

  @Test
  void caEksArgumentListReadsTheTaggedGroupsAndSendsOnlyDescribeCalls() {
    record("reset-recording");
    record("start-recording");

    CliRun r = plan(env(), CA_EKS_ARGUMENTS);

    record("stop-recording");
    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .isEqualTo(
            "Scale-up: 1 node group, +4 nodes for 90 pending pods\n\n"
                + "  NODE GROUP                                        NODES        PODS\n"
                + "  "
                + ASG
                + "  0 -> 4 (+4)  90 pods of Deployment default/nginx\n\n"
                + "Warnings:\n"
                + "  - --stderrthreshold, --v concern only Cluster Autoscaler's own process"
                + " (logging, leader election, its endpoint): accepted, no effect\n");
    List<String> actions = recordedActions();
    assertThat(actions).isNotEmpty().allMatch(a -> a.startsWith("Describe"), "a Describe call");
  }

  @Test
  void explainReadsTheSameGroups() {
    List<String> args =
        new ArrayList<>(
            List.of(
                "explain",
                "default/nginx-7c5ddbdf54-lb4kp",
                "--snapshot",
                CliRun.example("snapshot.yaml")));
    args.addAll(CA_EKS_ARGUMENTS);

    CliRun r = CliRun.runWith(CloudAccess.of(env()), args.toArray(String[]::new));

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .startsWith("default/nginx-7c5ddbdf54-lb4kp: helped by a scale-up of " + ASG + "\n");
  }

  @Test
  void explicitNodesReadOneGroupWithTheBoundsGiven() {
    CliRun r = plan(env(), List.of("--cloud-provider=aws", "--nodes=1:3:" + ASG));

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .startsWith("Scale-up: 1 node group, +3 nodes for 75 pending pods; 15 pending pods get no")
        .contains("  " + ASG + "  0 -> 3 (+3)  75 pods of Deployment default/nginx\n")
        .endsWith("    " + ASG + ": max node group size reached\n");
  }

  record Case(String name, Map<String, String> env, List<String> args, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> errors() {
    Map<String, String> noRegion = env();
    noRegion.remove("AWS_REGION");
    noRegion.put("AWS_CONFIG_FILE", "/nonexistent/config");
    Map<String, String> halfKeys = env();
    halfKeys.remove("AWS_SECRET_ACCESS_KEY");
    Map<String, String> noProfile = env();
    noProfile.remove("AWS_ACCESS_KEY_ID");
    noProfile.remove("AWS_SECRET_ACCESS_KEY");
    noProfile.put("AWS_PROFILE", "nobody");
    noProfile.put("AWS_CONFIG_FILE", "/nonexistent/config");
    noProfile.put("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/credentials");
    Map<String, String> unreachable = env();
    unreachable.put("AWS_ENDPOINT_URL", "http://127.0.0.1:9");
    List<String> discovery =
        List.of(
            "--cloud-provider=aws",
            "--node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/" + CLUSTER);
    return Stream.of(
        new Case(
            "no region anywhere",
            noRegion,
            discovery,
            "AWS region: not set; set AWS_REGION (or AWS_DEFAULT_REGION, or a region in the"
                + " profile \"default\" of the AWS config file)"),
        new Case(
            "an access key without its secret",
            halfKeys,
            discovery,
            "AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together"),
        new Case(
            "a profile that does not exist",
            noProfile,
            discovery,
            "AWS credentials: the profile \"nobody\" (AWS_PROFILE) has no usable credentials in"
                + " the AWS config and credentials files"),
        new Case(
            "a node-groups file as well",
            env(),
            List.of(
                "--cloud-provider=aws",
                "--nodes=1:3:" + ASG,
                "--node-groups",
                CliRun.example("node-groups.yaml")),
            "--node-groups: not used with --cloud-provider=aws, whose node groups are the Auto"
                + " Scaling Groups read from AWS; give one or the other"),
        new Case(
            "a Google spec",
            env(),
            List.of("--cloud-provider=aws", "--node-group-auto-discovery=mig:namePrefix=pool"),
            "--node-group-auto-discovery: expected asg:tag=<key>[=<value>],<key>[=<value>]...,"
                + " got \"mig:namePrefix=pool\""),
        new Case(
            "neither discovery nor nodes",
            env(),
            List.of("--cloud-provider=aws"),
            "--node-group-auto-discovery / --nodes: no node groups configured; expected e.g."
                + " asg:tag=k8s.io/cluster-autoscaler/enabled,k8s.io/cluster-autoscaler/<cluster>"),
        new Case(
            "nodes for another provider",
            env(),
            List.of("--cloud-provider=clusterapi", "--nodes=1:3:" + ASG),
            "--nodes: needs --cloud-provider=aws, azure or magnum"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void badSettingsGetOneClearErrorAndNoCall(Case c) {
    CliRun r = plan(c.env(), c.args());

    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo(c.error() + "\n");
    assertThat(r.exitCode()).isEqualTo(2);
  }

  @Test
  void withoutASnapshotOrKubeconfigTheErrorIsTodays() {
    CliRun withFile = CliRun.run("plan", "--node-groups", CliRun.example("node-groups.yaml"));

    CliRun withCloud =
        CliRun.runWith(CloudAccess.of(env()), "plan", "--cloud-provider=aws", "--nodes=1:3:" + ASG);

    assertThat(withCloud.exitCode()).isEqualTo(2);
    assertThat(withCloud.out()).isEmpty();
    assertThat(withCloud.err()).isEqualTo(withFile.err()).startsWith("missing ");
  }

  @Test
  void anUnreachableEndpointIsNamedWithoutAStackTrace() {
    Map<String, String> env = env();
    env.put("AWS_ENDPOINT_URL", "http://127.0.0.1:9");

    CliRun r = plan(env, List.of("--cloud-provider=aws", "--nodes=1:3:" + ASG));

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith("--cloud-provider=aws: cannot read the Auto Scaling Groups in us-east-1: ")
        .doesNotContain("\tat ");
  }

  @Test
  void theCliHasNoWayToWriteToAws(@TempDir Path dir) throws IOException {
    // The commands that act (run) do not take aws: the CLI only reads the cloud.
    CliRun r =
        CliRun.runWith(
            CloudAccess.of(env()),
            "run",
            "--kubeconfig",
            Files.writeString(dir.resolve("kubeconfig"), "apiVersion: v1\n").toString(),
            "--cloud-provider=aws");

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "--cloud-provider: expected clusterapi or magnum, got \"aws\" (other clouds' node"
                + " groups come from --node-groups)");
  }

  private static void record(String what) {
    try {
      HttpURLConnection c =
          (HttpURLConnection)
              URI.create(moto.endpoint() + "/moto-api/recorder/" + what).toURL().openConnection();
      c.setRequestMethod("POST");
      c.setDoOutput(true);
      c.getOutputStream().close();
      assertThat(c.getResponseCode()).as("moto recorder " + what).isEqualTo(200);
    } catch (IOException e) {
      throw new IllegalStateException("moto recorder " + what + ": " + e.getMessage(), e);
    }
  }

  /** The Query-protocol actions moto received while recording. */
  private static List<String> recordedActions() {
    String log;
    try {
      HttpURLConnection c =
          (HttpURLConnection)
              URI.create(moto.endpoint() + "/moto-api/recorder/download-recording")
                  .toURL()
                  .openConnection();
      try (InputStream in = c.getInputStream()) {
        log = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new IllegalStateException("moto recorder download: " + e.getMessage(), e);
    }
    List<String> actions = new ArrayList<>();
    Pattern body = Pattern.compile("\"body\": \"([^\"]*)\", \"body_encoded\": (true|false)");
    Pattern action = Pattern.compile("(?:^|&)Action=([A-Za-z]+)");
    Pattern method = Pattern.compile("\"method\": \"([A-Z]+)\"");
    for (String line : log.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      Matcher b = body.matcher(line);
      String text = "";
      if (b.find()) {
        text =
            "true".equals(b.group(2))
                ? new String(Base64.getDecoder().decode(b.group(1)), StandardCharsets.UTF_8)
                : b.group(1);
      }
      Matcher a = action.matcher(text);
      Matcher m = method.matcher(line);
      if (a.find()) {
        actions.add(a.group(1));
      } else {
        // REST calls (EKS): only GETs read
        actions.add(m.find() && m.group(1).equals("GET") ? "Describe (GET)" : "write: " + line);
      }
    }
    return actions;
  }
}
