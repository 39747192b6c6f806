package dev.skyscaler.azure.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.coldstart.ChildProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Azure cold-start measurement's pieces that need no child: the medians and ratios, the
 * worker's launch from the Bicep template and the app's layout (how a child's line is read and the
 * quiet machine are the shared {@code dev.skyscaler.coldstart}'s, tested there). No timing is
 * asserted. The child itself runs in {@link ScanChildIT}, on the package.
 */
class ColdStartMeasurementTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "the median of {0} is {1}")
  @CsvSource({"'3,1,2', 2", "'4,1,3,2', 2", "'5', 5"})
  void theMedianIsTheMiddleRunOrTheMeanOfTheTwoMiddleOnes(String values, long median) {
    List<Long> runs = Arrays.stream(values.split(",")).map(Long::parseLong).toList();

    assertThat(ColdStartComparison.median(runs, Long::longValue)).isEqualTo(median);
  }

  @Test
  void theRatioIsTheMedianOfEachPairsNewOverOld() {
    // ratios 0.5, 2.0, 0.8: the median pair's is 0.8, not the ratio of the medians (600 / 500)
    List<ColdStartComparison.Pair> pairs = List.of(pair(1000, 500), pair(300, 600), pair(500, 400));

    assertThat(
            ColdStartComparison.medianRatio(
                pairs, p -> p.updated().spawnToDone(), p -> p.old().spawnToDone()))
        .isEqualTo(0.8);
  }

  @Test
  void theWorkerStartsTheJvmWithItsArgumentsAndTheInstancesMemory() throws IOException {
    Path bicep = Files.writeString(dir.resolve("main.bicep"), "    instanceMemoryMB: 2048\n");

    assertThat(WorkerLaunch.of(bicep).flags(List.of("-Dx=1")))
        .containsExactly(
            "-XX:+TieredCompilation",
            "-XX:TieredStopAtLevel=1",
            "-noverify",
            "-Djava.net.preferIPv4Stack=true",
            "-XX:MaxRAM=2048m",
            "-Dx=1");
  }

  @Test
  void theDeployedTemplatesInstanceMemoryIsRead() {
    assertThat(WorkerLaunch.fromTemplate().memoryMb()).isEqualTo(2048);
  }

  @Test
  void aTemplateWithTwoMemoriesIsNamed() throws IOException {
    Path bicep =
        Files.writeString(
            dir.resolve("main.bicep"), "  instanceMemoryMB: 2048\n  instanceMemoryMB: 4096\n");

    assertThatThrownBy(() -> WorkerLaunch.of(bicep))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(bicep + ": expected one instanceMemoryMB, found more than one");
  }

  @Test
  void theClasspathIsTheAppJarItsLibrariesInNameOrderTheWorkersJarsAndTheChild()
      throws IOException {
    Path app = dir.resolve("app");
    Files.createDirectories(app.resolve("Scan"));
    Files.createDirectories(app.resolve("lib"));
    Files.writeString(
        app.resolve("Scan/function.json"), "{\"scriptFile\":\"../functions-azure-1.jar\"}");
    Files.writeString(app.resolve("lib/b.jar"), "b");
    Files.writeString(app.resolve("lib/a.jar"), "a");

    FunctionAppLayout layout = FunctionAppLayout.of(app, dir.resolve("out"));

    assertThat(layout.classpath().split(java.io.File.pathSeparator))
        .containsExactly(
            app.resolve("functions-azure-1.jar").toString(),
            app.resolve("lib/a.jar").toString(),
            app.resolve("lib/b.jar").toString(),
            layout.workerJars().get(0).toString(),
            layout.workerJars().get(1).toString(),
            dir.resolve("out/child").toString());
    assertThat(layout.workerJars())
        .extracting(j -> j.getFileName().toString().replaceFirst("-[0-9.]+\\.jar$", ""))
        .containsExactly("azure-functions-java-core-library", "azure-functions-java-spi");
    assertThat(dir.resolve("out/child/dev/skyscaler/azure/coldstart/ScanChild.class"))
        .isRegularFile();
  }

  @Test
  void aDirectoryWithoutAPackagedAppIsNamedWithTheCommandThatBuildsIt() {
    assertThatThrownBy(() -> FunctionAppLayout.of(dir, dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            dir.toAbsolutePath()
                + ": no packaged function app here (no Scan/function.json); build it first with"
                + " ./mvnw -B -q -pl functions-azure -am package -DskipTests");
  }

  @Test
  void theIdentityEndpointAnswersAppServicesTokenShapeOnlyWithItsHeaderSecret() throws Exception {
    try (IdentityEndpoint identity = IdentityEndpoint.start()) {
      URI uri =
          URI.create(
              identity.uri()
                  + "?api-version=2019-08-01&resource=https%3A%2F%2Fvault.azure.net&client_id=c1");
      HttpClient http = HttpClient.newHttpClient();

      HttpResponse<String> without =
          http.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString());
      HttpResponse<String> with =
          http.send(
              HttpRequest.newBuilder(uri)
                  .header("X-IDENTITY-HEADER", IdentityEndpoint.SECRET)
                  .build(),
              BodyHandlers.ofString());

      assertThat(without.statusCode()).isEqualTo(401);
      assertThat(with.statusCode()).isEqualTo(200);
      assertThat(with.body())
          .startsWith("{\"access_token\":\"" + FakeArm.TOKEN + "\",\"expires_on\":\"")
          .endsWith(
              "\",\"resource\":\"https://vault.azure.net\",\"token_type\":\"Bearer\","
                  + "\"client_id\":\"c1\"}");
      assertThat(identity.resources()).containsExactly("https://vault.azure.net");
    }
  }

  @Test
  void theOlderAppIsRequired() {
    assertThatThrownBy(() -> ColdStartComparison.main(new String[] {"--runs", "1"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--compare: required");
  }

  private static ColdStartComparison.Pair pair(long old, long updated) {
    return new ColdStartComparison.Pair(figures(old), figures(updated));
  }

  private static ChildProcess.Figures figures(long spawnToDone) {
    return new ChildProcess.Figures(spawnToDone, 0, 0, 0, 0, "");
  }
}
