package dev.skyscaler.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import picocli.CommandLine;

/** One in-process run of the {@code skyscaler} command, with what it printed. */
record CliRun(int exitCode, String out, String err) {
  /** A scan time after every pod of the example was created. */
  static final Instant EXAMPLE_TIME = Instant.parse("2025-06-02T09:31:00Z");

  static final Path EXAMPLE = locateExample();

  static CliRun run(String... args) {
    return runAt(Clock.fixed(EXAMPLE_TIME, ZoneOffset.UTC), args);
  }

  static CliRun runAt(Clock clock, String... args) {
    return runWith(clock, SkyscalerCommand.commandLine(clock), args);
  }

  /** A run whose cloud reads use {@code access}'s environment and connections. */
  static CliRun runWith(CloudAccess access, String... args) {
    Clock clock = Clock.fixed(EXAMPLE_TIME, ZoneOffset.UTC);
    return runWith(clock, SkyscalerCommand.commandLine(clock, access), args);
  }

  private static CliRun runWith(Clock clock, CommandLine cl, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }

  static String example(String file) {
    return EXAMPLE.resolve(file).toString();
  }

  private static Path locateExample() {
    // Surefire runs in the module directory; the examples live at the repository root.
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("examples/first-contact");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("examples/first-contact not found above " + Path.of(""));
  }
}
