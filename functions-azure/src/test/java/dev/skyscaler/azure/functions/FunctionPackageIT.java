package dev.skyscaler.azure.functions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What {@code azure-functions-maven-plugin:package} produced in the {@code package} phase: one
 * {@code function.json} per function with the bindings the host reads, the app jar, its libraries
 * and {@code host.json} with the extension bundle (so no extension install is needed).
 */
class FunctionPackageIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path APP = Path.of("target", "azure-functions", "skyscaler");

  private static JsonNode function(String name) throws IOException {
    Path file = APP.resolve(name).resolve("function.json");
    assertThat(file).as("the plugin generates %s", file).exists();
    return JSON.readTree(file.toFile());
  }

  private static JsonNode onlyBinding(JsonNode function) {
    assertThat(function.path("bindings")).hasSize(1);
    return function.path("bindings").get(0);
  }

  @Test
  void theScanIsATimerOnTheScanScheduleSetting() throws IOException {
    JsonNode scan = function("Scan");

    assertThat(scan.path("entryPoint").asText()).isEqualTo(ScanFunction.class.getName() + ".run");
    JsonNode timer = onlyBinding(scan);
    assertThat(timer.path("type").asText()).isEqualTo("timerTrigger");
    assertThat(timer.path("direction").asText()).isEqualTo("in");
    assertThat(timer.path("name").asText()).isEqualTo("tick");
    assertThat(timer.path("schedule").asText()).isEqualTo("%SCAN_SCHEDULE%");
  }

  @Test
  void theHealthCheckIsATimerOnTheHealthScheduleSetting() throws IOException {
    JsonNode health = function("NodeHealth");

    assertThat(health.path("entryPoint").asText())
        .isEqualTo(NodeHealthFunction.class.getName() + ".run");
    assertThat(onlyBinding(health).path("type").asText()).isEqualTo("timerTrigger");
    assertThat(onlyBinding(health).path("schedule").asText()).isEqualTo("%HEALTH_SCHEDULE%");
  }

  @Test
  void preemptionsArriveThroughAnEventGridTrigger() throws IOException {
    JsonNode preemption = function("Preemption");

    assertThat(preemption.path("entryPoint").asText())
        .isEqualTo(PreemptionFunction.class.getName() + ".run");
    JsonNode trigger = onlyBinding(preemption);
    assertThat(trigger.path("type").asText()).isEqualTo("eventGridTrigger");
    assertThat(trigger.path("direction").asText()).isEqualTo("in");
    assertThat(trigger.path("name").asText()).isEqualTo("event");
  }

  @Test
  void theAppCarriesItsJarLibrariesAndExtensionBundle() throws IOException {
    String jar = function("Scan").path("scriptFile").asText();
    assertThat(APP.resolve("Scan").resolve(jar).normalize()).exists();
    try (Stream<Path> libs = Files.list(APP.resolve("lib"))) {
      assertThat(libs.map(p -> p.getFileName().toString()))
          .anyMatch(n -> n.startsWith("azure-resourcemanager-compute-"))
          .anyMatch(n -> n.startsWith("shared-core-"))
          .anyMatch(n -> n.startsWith("shared-kubernetes-"))
          .noneMatch(n -> n.startsWith("azure-core-http-netty"));
    }
    JsonNode host = JSON.readTree(APP.resolve("host.json").toFile());
    assertThat(host.path("extensionBundle").path("id").asText())
        .isEqualTo("Microsoft.Azure.Functions.ExtensionBundle");
    try (Stream<Path> dirs = Files.list(APP)) {
      assertThat(
              dirs.filter(p -> Files.exists(p.resolve("function.json")))
                  .map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("Scan", "NodeHealth", "Preemption");
    }
  }

  @Test
  void theWorkerFindsTheInjectorInTheAppJarAndTheInjectorInterfaceOnlyInItself()
      throws IOException {
    String jar = function("Scan").path("scriptFile").asText();
    try (JarFile app = new JarFile(APP.resolve("Scan").resolve(jar).normalize().toFile())) {
      JarEntry services =
          app.getJarEntry(
              "META-INF/services/com.microsoft.azure.functions.spi.inject.FunctionInstanceInjector");
      assertThat(services).as("the injector's service file").isNotNull();
      try (InputStream in = app.getInputStream(services)) {
        assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim())
            .isEqualTo(FunctionInjector.class.getName());
      }
    }
    try (Stream<Path> libs = Files.list(APP.resolve("lib"))) {
      assertThat(libs.map(p -> p.getFileName().toString()))
          .noneMatch(n -> n.startsWith("azure-functions-java-spi"));
    }
  }
}
