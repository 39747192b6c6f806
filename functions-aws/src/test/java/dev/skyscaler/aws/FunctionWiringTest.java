package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.aws.cluster.EksConnector;
import dev.skyscaler.aws.cluster.KubeconfigSecretConnector;
import dev.skyscaler.core.config.ConfigException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The wiring each handler builds at initialisation: the way to the cluster it chooses, and that
 * building it reaches nothing (SnapStart: no connection, no credential in the snapshot).
 */
class FunctionWiringTest {
  /** A closed port and no credentials: any call or credential lookup at build time would fail. */
  private static final Map<String, String> NOWHERE =
      Map.of(
          "CLUSTER_NAME", "prod",
          "AWS_REGION", "eu-west-1",
          "AWS_ENDPOINT_URL", "http://127.0.0.1:1");

  @Test
  void anEksClusterIsReachedThroughDescribeClusterAndBuildingItCallsNothing() {
    FunctionWiring wiring = FunctionWiring.fromEnvironment(NOWHERE, Clock.systemUTC());

    assertThat(wiring.cluster()).isInstanceOf(EksConnector.class);
    assertThat(wiring.cluster()).hasToString("EKS cluster prod in eu-west-1");
    wiring.gateways().close();
  }

  @Test
  void aSelfManagedClusterIsReachedThroughItsKubeconfigSecret() {
    String arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod-kubeconfig-AbCdEf";
    var env = new HashMap<>(NOWHERE);
    env.put("KUBECONFIG_SECRET_ARN", arn);

    FunctionWiring wiring = FunctionWiring.fromEnvironment(env, Clock.systemUTC());

    assertThat(wiring.cluster()).isInstanceOf(KubeconfigSecretConnector.class);
    assertThat(wiring.cluster()).hasToString("kubeconfig in secret " + arn);
    wiring.gateways().close();
  }

  @Test
  void reachingTheClusterIsTriedAtTheFirstScanNotAtInitialisation() {
    FunctionWiring wiring = FunctionWiring.fromEnvironment(NOWHERE, Clock.systemUTC());

    assertThatThrownBy(() -> wiring.cluster().connect())
        .as("no credentials in this environment: found only when asked for")
        .hasMessageContaining("eks:DescribeCluster prod failed");
    wiring.gateways().close();
  }

  @Test
  void aBadEnvironmentFailsInitialisationListingEveryError() {
    assertThatThrownBy(
            () ->
                FunctionWiring.fromEnvironment(
                    Map.of("SCAN_INTERVAL", "2s", "KUBECONFIG_SECRET_ARN", "x"), Clock.systemUTC()))
        .isInstanceOf(ConfigException.class)
        .satisfies(
            e ->
                assertThat(((ConfigException) e).errors())
                    .hasSize(4)
                    .anyMatch(m -> m.startsWith("CLUSTER_NAME"))
                    .anyMatch(m -> m.startsWith("AWS_REGION"))
                    .anyMatch(m -> m.startsWith("SCAN_INTERVAL"))
                    .anyMatch(m -> m.startsWith("KUBECONFIG_SECRET_ARN")));
  }

  @Test
  void casProcessFlagsAreNotedOnceAtInitialisationAsHavingNoEffect() {
    var out = new ByteArrayOutputStream();
    JsonLog log =
        new JsonLog(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            Clock.fixed(Instant.parse("2026-11-27T04:00:00Z"), ZoneOffset.UTC));
    var env = new HashMap<>(NOWHERE);
    env.put("LOGTOSTDERR", "true");
    env.put("CLUSTER_AUTOSCALER_ARGS", "--v=4 --expander=least-waste");

    FunctionWiring.noteNoEffect(env, log);

    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("\"level\":\"INFO\"")
        .contains("settings with no effect: Cluster Autoscaler's process flags")
        .contains("\"settings\":[\"CLUSTER_AUTOSCALER_ARGS: --v\",\"LOGTOSTDERR\"]");
  }

  @Test
  void nothingIsNotedWhenNoProcessFlagIsSet() {
    var out = new ByteArrayOutputStream();
    FunctionWiring.noteNoEffect(
        NOWHERE,
        new JsonLog(new PrintStream(out, true, StandardCharsets.UTF_8), Clock.systemUTC()));

    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }
}
