package dev.skyscaler.aws.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The JVM as Lambda's Java runtime starts it for the functions the template deploys. */
class LambdaLaunchTest {
  @TempDir Path dir;

  @Test
  void theRuntimeGivesTheHeap85PercentOfTheMemoryAndTheSerialCollector() throws IOException {
    LambdaLaunch launch = LambdaLaunch.of(template("512", "-XX:+UseStringDeduplication"));

    assertThat(launch.flags(List.of("-Xlog:gc")))
        .containsExactly(
            "-XX:MaxHeapSize=445645k",
            "-XX:MaxRAM=512m",
            "-XX:+UseSerialGC",
            "-XX:+TieredCompilation",
            "-XX:TieredStopAtLevel=1",
            "-Xlog:gc");
    assertThat(launch.environment())
        .containsExactlyEntriesOf(
            java.util.Map.of("JAVA_TOOL_OPTIONS", "-XX:+UseStringDeduplication"));
  }

  @Test
  void theMeasuredFunctionIsTheOneTheRepositorysTemplateDeploys() {
    LambdaLaunch launch = LambdaLaunch.fromTemplate();

    assertThat(launch.memoryMb()).isEqualTo(1024);
    assertThat(launch.flags(List.of())).contains("-XX:MaxHeapSize=891290k");
    assertThat(launch.javaToolOptions())
        .contains("-XX:TieredStopAtLevel=1", "-XX:InitialRAMPercentage=", "-XX:MetaspaceSize=");
  }

  @ParameterizedTest(name = "at {0} MB")
  @ValueSource(ints = {128, 512, 1024, 3008, 10_240})
  void theTemplatesJvmOptionsStartTheJvmAtEveryMemoryLambdaAllows(int memoryMb)
      throws IOException, InterruptedException {
    LambdaLaunch launch = new LambdaLaunch(memoryMb, LambdaLaunch.fromTemplate().javaToolOptions());
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(launch.flags(List.of()));
    command.add("-version");
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().putAll(launch.environment());

    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).contains("Picked up JAVA_TOOL_OPTIONS: " + launch.javaToolOptions());
  }

  @Test
  void aTemplateWithoutTheMemoryNamesWhatIsMissing() throws IOException {
    Path t = Files.writeString(dir.resolve("template.yaml"), "Globals:\n  Function:\n");

    assertThatThrownBy(() -> LambdaLaunch.of(t))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(t + ": expected one MemorySize, found none");
  }

  @Test
  void aTemplateThatSetsTheOptionsTwiceIsNotGuessedAt() throws IOException {
    Path t =
        Files.writeString(
            dir.resolve("template.yaml"),
            "    MemorySize: 1024\n        JAVA_TOOL_OPTIONS: -Xss1m\n        JAVA_TOOL_OPTIONS: -Xss2m\n");

    assertThatThrownBy(() -> LambdaLaunch.of(t))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(t + ": expected one JAVA_TOOL_OPTIONS (in Globals), found more than one");
  }

  @Test
  void aMemoryLambdaDoesNotAllowIsRefused() {
    assertThatThrownBy(() -> new LambdaLaunch(64, ""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("memory: expected 128 to 10240 MB as Lambda allows, got 64");
  }

  private Path template(String memory, String options) throws IOException {
    return Files.writeString(
        dir.resolve("template.yaml"),
        """
        Globals:
          Function:
            Runtime: java21
            MemorySize: %s
            Environment:
              Variables:
                JAVA_TOOL_OPTIONS: %s
        """
            .formatted(memory, options));
  }
}
