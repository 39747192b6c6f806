package dev.skyscaler.coldstart;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One fresh child JVM of a cold-start measurement: spawned with the given command and environment
 * (and nothing of this JVM's environment), timed from just before the spawn to the moment its
 * invocation returned (the child's {@code done}, on the same clock), so that its printing is not
 * counted. The child prints one result line, {@code <prefix>jvmStart=<ms> constructed=<ms>
 * done=<ms> cpu=<ms> output=<text>}; its command and every other line are kept in a log file.
 */
public final class ChildProcess {
  private static final long TIMEOUT_SECONDS = 120;
  private static final int TAIL = 40;

  private ChildProcess() {}

  /** What one child measured; times in milliseconds. */
  public record Figures(
      long spawnToDone,
      long spawnToJvmStart,
      long jvmToConstructed,
      long jvmToDone,
      long cpu,
      String output) {
    /** Function instance made → first invocation done: the first invocation, wiring included. */
    public long constructedToDone() {
      return jvmToDone - jvmToConstructed;
    }
  }

  /**
   * Runs {@code command} in {@code workDir} and reads its line starting with {@code prefix}.
   *
   * @throws IllegalStateException when it cannot start, runs over two minutes, or ends without a
   *     result or with a failure (with its last lines)
   */
  public static Figures run(
      List<String> command, Map<String, String> env, Path workDir, Path log, String prefix) {
    ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
    pb.environment().clear();
    pb.environment().putAll(env);
    pb.redirectErrorStream(true);
    // the log's first line is the command, to run the child again by hand
    List<String> lines = new ArrayList<>(List.of("command: " + String.join(" ", command)));
    String result = null;
    try {
      long spawnMillis = System.currentTimeMillis();
      Process p = pb.start();
      try (BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          if (result == null && line.startsWith(prefix)) {
            result = line;
          } else {
            lines.add(line);
          }
        }
      }
      Files.write(log, lines);
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("the child did not end within " + TIMEOUT_SECONDS + " s");
      }
      if (result == null || p.exitValue() != 0) {
        throw new IllegalStateException(
            "the child exited with "
                + p.exitValue()
                + " without a result; its last lines:\n"
                + tail(log));
      }
      return parse(result, prefix, spawnMillis);
    } catch (IOException e) {
      throw new IllegalStateException("cannot run the child: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the child ran", e);
    }
  }

  /** The last lines of a child's log, for a failure's message. */
  public static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL), lines.size()));
    } catch (IOException e) {
      return log + ": cannot read: " + e.getMessage();
    }
  }

  /** Reads a child's result line, which starts with {@code prefix}. */
  public static Figures parse(String line, String prefix, long spawnMillis) {
    String[] parts = line.substring(prefix.length()).split(" ", 5);
    if (parts.length < 5 || !parts[4].startsWith("output=")) {
      throw new IllegalArgumentException("no output= in the child's line: " + line);
    }
    long jvmStart = value(parts[0], "jvmStart=");
    long constructed = value(parts[1], "constructed=");
    long done = value(parts[2], "done=");
    long cpu = value(parts[3], "cpu=");
    return new Figures(
        done - spawnMillis,
        jvmStart - spawnMillis,
        constructed - jvmStart,
        done - jvmStart,
        cpu,
        parts[4].substring("output=".length()));
  }

  private static long value(String part, String key) {
    if (!part.startsWith(key)) {
      throw new IllegalArgumentException(
          "expected " + key + "<ms> in the child's line, got " + part);
    }
    return Long.parseLong(part.substring(key.length()));
  }
}
