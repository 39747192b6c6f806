package dev.skyscaler.azure.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.coldstart.ChildProcess;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cold-start child on the packaged function app ({@code target/azure-functions/skyscaler}, made
 * at {@code package}): a fresh JVM started as the Functions host starts the Java worker, whose
 * class path is the app jar, its {@code lib/} and the worker's SPI alone, takes the Scan function
 * from the injector, signs in through the identity endpoint and scans the seeded cluster once,
 * scaling the scale set up for the pending pods. A class missing from the package fails here.
 */
class ScanChildIT {
  private static final Path APP = Path.of("target", "azure-functions", "skyscaler");

  @TempDir Path dir;

  @Test
  void theFirstTickOfTheScanFunctionSignsInScansOnceAndScalesTheScaleSetUp() {
    FunctionAppLayout layout = FunctionAppLayout.of(APP, dir);
    List<String> flags = WorkerLaunch.fromTemplate().flags(ChildTrust.write(dir).jvmFlags());

    ChildProcess.Figures f;
    List<String> resources;
    try (IdentityEndpoint identity = IdentityEndpoint.start()) {
      f = ScanRun.once(layout, flags, identity, dir, "it");
      resources = identity.resources();
    }

    assertThat(f.output())
        .startsWith("INFO scan=azure-functions/cold-start-")
        .contains(" kind=full result=completed ")
        .contains(" scale_up=\"" + ColdStartCluster.SCALE_SET + " +1 (2->3)\" ");
    assertThat(resources)
        .as("the tokens the managed identity asked for: Key Vault's, then Resource Manager's")
        .containsExactly("https://vault.azure.net", "https://management.core.windows.net/");
    assertThat(f.jvmToDone()).isGreaterThanOrEqualTo(f.jvmToConstructed());
    assertThat(f.cpu()).isPositive();
  }
}
