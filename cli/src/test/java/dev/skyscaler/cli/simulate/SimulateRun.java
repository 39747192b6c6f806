package dev.skyscaler.cli.simulate;

import dev.skyscaler.cli.SkyscalerCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import picocli.CommandLine;

/** One in-process run of {@code skyscaler simulate ...}, with what it printed. */
record SimulateRun(int exitCode, String out, String err) {
  static final Path EXAMPLES = locate("examples");
  static final Path FIRST_CONTACT = EXAMPLES.resolve("first-contact-scenario/scenario.yaml");

  /** Runs {@code skyscaler <args>} with a stopped clock, so no progress line is printed. */
  static SimulateRun run(String... args) {
    CommandLine cl =
        SkyscalerCommand.commandLine(
            Clock.fixed(Instant.parse("2025-06-02T12:00:00Z"), ZoneOffset.UTC));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new SimulateRun(code, out.toString(), err.toString());
  }

  private static Path locate(String name) {
    // Surefire runs in the module directory; the examples live at the repository root.
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(name);
      if (Files.isDirectory(candidate.resolve("first-contact"))) {
        return candidate;
      }
    }
    throw new IllegalStateException(name + " not found above " + Path.of(""));
  }
}
