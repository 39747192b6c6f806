package dev.skyscaler.aws.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The custom-runtime zip ({@code benchmarks/custom-runtime.sh}) as Lambda's {@code provided.al2023}
 * runs it: unpacked as the task root, its {@code bootstrap} started with {@code
 * AWS_LAMBDA_RUNTIME_API} pointing at a {@link LocalRuntimeApi} and {@code _HANDLER} set; the zip's
 * JRE runs the Runtime Interface Client (its native part included), which fetches a scheduled
 * event, and the scan function scans the seeded cluster once against moto and the mock API server.
 * The archive is the one trained on the zip's jars, and jars whose times changed (as an extraction
 * may leave them) still start with it.
 *
 * <p>Not in the default build (the zip takes a jlink and a training run to make): {@code ./mvnw -B
 * -pl functions-aws -am verify -Pcustom-runtime -Dit.test=CustomRuntimeIT}, the zip from {@code
 * -Dcustom-runtime.zip} (default: the JDK 25 one in {@code target/}). A missing zip fails.
 */
@ExtendWith(MotoExtension.class)
class CustomRuntimeIT {
  static final Path ZIP =
      Path.of(
              System.getProperty(
                  "custom-runtime.zip", "target/skyscaler-aws-custom-runtime-25.zip"))
          .toAbsolutePath();

  @RegisterExtension final MockCluster cluster = new MockCluster(true);
  @TempDir Path dir;
  private final MotoServer moto;
  private LambdaLayout layout;

  CustomRuntimeIT(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void unpack() {
    moto.reset();
    layout = LambdaLayout.unpack(ZIP, dir);
    assertThat(layout.customRuntime()).as("%s holds a JRE", ZIP).isTrue();
  }

  @Test
  void theBootstrapRunsTheClientOnTheZipsJreWithItsArchiveAndAnswersTheScheduledScan()
      throws IOException {
    RuntimeApiRun.Figures f = run("runtime.log");

    assertThat(f.outcome().kind()).isEqualTo("response");
    assertThat(f.outcome().body())
        .isEqualTo("{\"scans\":1,\"completed\":1,\"held\":0,\"skipped\":0,\"failed\":0}");
    assertThat(ColdStartCluster.desiredCapacity(moto)).isEqualTo(ColdStartCluster.DESIRED_AFTER);
    assertThat(Files.readString(dir.resolve("runtime.log")))
        .as("the runtime's log")
        .doesNotContain("[warning][aot]")
        .doesNotContain("[warning][cds]");
  }

  @Test
  void theArchiveWasTrainedOnExactlyTheJarsTheZipHolds() throws Exception {
    List<String> recorded = Files.readAllLines(layout.root().resolve("archive.sha256"));

    List<String> now = new ArrayList<>();
    try (var jars = Files.list(layout.root().resolve("lib"))) {
      for (Path jar : jars.sorted().toList()) {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(jar));
        now.add(HexFormat.of().formatHex(digest) + "  lib/" + jar.getFileName());
      }
    }

    assertThat(now).containsExactlyElementsOf(recorded);
  }

  /**
   * Whether Lambda's extraction keeps the zip's file times is not known here. JDK 25's AOT cache
   * does not look at the jars' times or sizes (JDK-8377932; docs/performance.md), so jars with
   * other times than at training still start with the cache, and answer.
   */
  @Test
  void jarsWithOtherTimesThanAtTrainingStillStartWithTheCacheAndAnswer() throws IOException {
    try (var jars = Files.list(layout.root().resolve("lib"))) {
      for (Path jar : jars.toList()) {
        Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2026-11-27T00:00:00Z")));
      }
    }

    RuntimeApiRun.Figures f = run("runtime.log", "-Xlog:aot=info");

    assertThat(f.outcome().kind()).isEqualTo("response");
    assertThat(f.outcome().body()).contains("\"completed\":1");
    assertThat(Files.readString(dir.resolve("runtime.log")))
        .as("the runtime's log")
        .contains("Opened AOT cache app.aot.")
        .doesNotContain("Unable to use AOT cache");
  }

  private RuntimeApiRun.Figures run(String log, String... extraToolOptions) {
    Map<String, String> env = new HashMap<>(ColdStartCluster.seed(moto, cluster));
    LambdaLaunch lambda = LambdaLaunch.fromTemplate();
    env.put(
        "JAVA_TOOL_OPTIONS",
        (lambda.javaToolOptions() + " " + String.join(" ", extraToolOptions)).strip());
    return RuntimeApiRun.once(
        RuntimeLaunch.bootstrap(lambda, layout.root(), RuntimeLaunch.SCAN_HANDLER),
        env,
        dir.resolve(log));
  }
}
