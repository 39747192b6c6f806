package dev.skyscaler.aws.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scan function through the Lambda Runtime Interface Client, as a custom runtime runs it, on
 * this JDK (no jlink, no archive: the custom-runtime zip's own run is {@code CustomRuntimeIT}): a
 * fresh JVM starts the client with the handler's name and {@code AWS_LAMBDA_RUNTIME_API} pointing
 * at a {@link LocalRuntimeApi}; the client's native part (JNI) fetches the scheduled event, the
 * handler scans the seeded cluster once against moto and the mock API server, and the answer is
 * posted back. Its failures are the Runtime API's documented ones.
 */
@ExtendWith(MotoExtension.class)
class RuntimeApiTest {
  @RegisterExtension final MockCluster cluster = new MockCluster(true);
  @TempDir Path dir;
  private final MotoServer moto;

  RuntimeApiTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void emptyAccount() {
    // the seeded names are fixed: each test starts from an empty moto account
    moto.reset();
  }

  @Test
  void theClientTakesTheScheduledEventFromTheRuntimeApiAndPostsTheScansAnswer() {
    Map<String, String> env = ColdStartCluster.seed(moto, cluster);

    RuntimeApiRun.Figures f = RuntimeApiRun.once(launch(), env, dir.resolve("runtime.log"));

    assertThat(f.outcome().kind()).isEqualTo("response");
    assertThat(f.outcome().requestId()).isEqualTo("req-1");
    assertThat(f.outcome().body())
        .isEqualTo("{\"scans\":1,\"completed\":1,\"held\":0,\"skipped\":0,\"failed\":0}");
    assertThat(ColdStartCluster.desiredCapacity(moto)).isEqualTo(ColdStartCluster.DESIRED_AFTER);
    assertThat(f.cpu()).isPositive();
  }

  @Test
  void aHandlerThatCannotBeBuiltIsReportedAsAnInitErrorNamingTheSetting() {
    Map<String, String> env = Map.of("AWS_REGION", "us-east-1");

    RuntimeApiRun.Figures f = RuntimeApiRun.once(launch(), env, dir.resolve("runtime.log"));

    assertThat(f.outcome().kind()).isEqualTo("init-error");
    assertThat(f.outcome().errorType()).isEqualTo("Runtime.BadFunctionCode");
    assertThat(f.outcome().body()).contains("CLUSTER_NAME");
  }

  @Test
  void aClasspathWithoutTheClientIsNamed() {
    assertThatThrownBy(() -> RuntimeLaunch.clientClasspath("/x/aws-lambda-java-core-1.4.0.jar"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "no aws-lambda-java-runtime-interface-client-<version>.jar on the class path: the"
                + " Runtime Interface Client needs it");
  }

  private RuntimeLaunch launch() {
    return RuntimeLaunch.onClasspath(
        LambdaLayout.THIS_JAVA,
        LambdaLaunch.fromTemplate(),
        dir,
        System.getProperty("java.class.path"),
        RuntimeLaunch.SCAN_HANDLER);
  }
}
