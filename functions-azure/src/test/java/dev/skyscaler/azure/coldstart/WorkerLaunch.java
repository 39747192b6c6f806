package dev.skyscaler.azure.coldstart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the Functions host starts the Java worker's JVM on an instance of {@code memoryMb}: the
 * arguments of the worker's {@code worker.config.json} ({@code -XX:+TieredCompilation
 * -XX:TieredStopAtLevel=1 -noverify -Djava.net.preferIPv4Stack=true}, then {@code JAVA_OPTS}, which
 * the Bicep template leaves unset), and {@code -XX:MaxRAM} at the instance's memory so that the JVM
 * sizes its heap as on the instance. The memory is the Flex Consumption plan's {@code
 * instanceMemoryMB} in {@code infra/azure/main.bicep}.
 */
record WorkerLaunch(int memoryMb) {
  static final List<String> WORKER_ARGUMENTS =
      List.of(
          "-XX:+TieredCompilation",
          "-XX:TieredStopAtLevel=1",
          "-noverify",
          "-Djava.net.preferIPv4Stack=true");

  private static final Pattern MEMORY =
      Pattern.compile("(?m)^\\s*instanceMemoryMB:\\s*(\\d+)\\s*$");

  WorkerLaunch {
    if (memoryMb < 512 || memoryMb > 4096) {
      throw new IllegalArgumentException(
          "instanceMemoryMB: expected 512 to 4096 as Flex Consumption allows, got " + memoryMb);
    }
  }

  /** The launch for the template's instances (found from the module or the root). */
  static WorkerLaunch fromTemplate() {
    Path inModule = Path.of("..", "infra", "azure", "main.bicep");
    return of(Files.exists(inModule) ? inModule : Path.of("infra", "azure", "main.bicep"));
  }

  /** Reads the one {@code instanceMemoryMB} of {@code bicep}. */
  static WorkerLaunch of(Path bicep) {
    String text;
    try {
      text = Files.readString(bicep);
    } catch (IOException e) {
      throw new IllegalArgumentException(bicep + ": cannot read the Bicep template", e);
    }
    Matcher m = MEMORY.matcher(text);
    if (!m.find()) {
      throw new IllegalArgumentException(bicep + ": expected one instanceMemoryMB, found none");
    }
    int memory = Integer.parseInt(m.group(1));
    if (m.find()) {
      throw new IllegalArgumentException(
          bicep + ": expected one instanceMemoryMB, found more than one");
    }
    return new WorkerLaunch(memory);
  }

  /** The worker's arguments, the instance's memory, then {@code extra}. */
  List<String> flags(List<String> extra) {
    List<String> flags = new ArrayList<>(WORKER_ARGUMENTS);
    flags.add("-XX:MaxRAM=" + memoryMb + "m");
    flags.addAll(extra);
    return List.copyOf(flags);
  }
}
