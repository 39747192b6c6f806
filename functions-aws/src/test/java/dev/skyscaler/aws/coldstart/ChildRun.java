package dev.skyscaler.aws.coldstart;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One fresh JVM running {@link HandlerChild} (or its scan case {@link ColdStartChild}): spawned
 * with the given flags, classpath and environment (and nothing of this JVM's environment), timed
 * from just before the spawn to the moment its invocation returned (the child's {@code done}, on
 * the same clock), so that the child's printing and the pipe are not counted.
 */
final class ChildRun {
  private static final long TIMEOUT_SECONDS = 120;
  private static final int TAIL = 40;

  private ChildRun() {}

  /** What one child measured; times in milliseconds. */
  record Figures(
      long spawnToDone,
      long spawnToJvmStart,
      long jvmToConstructed,
      long jvmToDone,
      long cpu,
      String output) {
    long constructedToDone() {
      return jvmToDone - jvmToConstructed;
    }
  }

  /** Runs {@link ColdStartChild}, one scan; its whole output is kept in {@code log}. */
  static Figures run(
      List<String> jvmFlags, LambdaLayout layout, Map<String, String> env, Path workDir, Path log) {
    return run(jvmFlags, layout, List.of(ColdStartChild.class.getName()), env, workDir, log);
  }

  /** {@link ColdStartChild} on this JVM's java and a given classpath (tests). */
  static Figures run(
      List<String> jvmFlags, String classpath, Map<String, String> env, Path workDir, Path log) {
    List<String> flags = new ArrayList<>(jvmFlags);
    flags.addAll(List.of("-cp", classpath));
    return spawn(
        LambdaLayout.THIS_JAVA, flags, List.of(ColdStartChild.class.getName()), env, workDir, log);
  }

  /**
   * Runs {@link HandlerChild}: one invocation of {@code handlerClass} with the event in {@code
   * event}; its whole output is kept in {@code log}.
   */
  static Figures runHandler(
      List<String> jvmFlags,
      LambdaLayout layout,
      String handlerClass,
      Path event,
      Map<String, String> env,
      Path workDir,
      Path log) {
    return run(
        jvmFlags,
        layout,
        List.of(HandlerChild.class.getName(), handlerClass, event.toString()),
        env,
        workDir,
        log);
  }

  private static Figures run(
      List<String> jvmFlags,
      LambdaLayout layout,
      List<String> mainAndArgs,
      Map<String, String> env,
      Path workDir,
      Path log) {
    // a custom runtime's JVM, its options (its archive) and its task root as working directory
    List<String> flags = new ArrayList<>(jvmFlags);
    flags.addAll(layout.jvmOptions());
    flags.addAll(List.of("-cp", layout.classpath()));
    return spawn(layout.java(), flags, mainAndArgs, env, layout.workDir().orElse(workDir), log);
  }

  private static Figures spawn(
      Path javaBinary,
      List<String> flags,
      List<String> mainAndArgs,
      Map<String, String> env,
      Path workDir,
      Path log) {
    List<String> command = new ArrayList<>();
    command.add(javaBinary.toString());
    command.addAll(flags);
    command.addAll(mainAndArgs);
    ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
    pb.environment().clear();
    pb.environment().putAll(env);
    pb.redirectErrorStream(true);
    Deque<String> tail = new ArrayDeque<>();
    List<String> lines = new ArrayList<>();
    try {
      long spawnMillis = System.currentTimeMillis();
      Process p = pb.start();
      String result = null;
      try (BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          if (result == null && line.startsWith(HandlerChild.PREFIX)) {
            result = line;
          } else {
            lines.add(line);
            tail.addLast(line);
            if (tail.size() > TAIL) {
              tail.removeFirst();
            }
          }
        }
      }
      java.nio.file.Files.write(log, lines);
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("the child did not end within " + TIMEOUT_SECONDS + " s");
      }
      if (result == null || p.exitValue() != 0) {
        throw new IllegalStateException(
            "the child exited with "
                + p.exitValue()
                + " without a result; its last lines:\n"
                + String.join("\n", tail));
      }
      return parse(result, spawnMillis);
    } catch (IOException e) {
      throw new IllegalStateException("cannot run the child: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the child ran", e);
    }
  }

  /** The last lines of a child's log, for a failure's message. */
  static String tail(Path log) {
    try {
      List<String> lines = java.nio.file.Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL), lines.size()));
    } catch (IOException e) {
      return log + ": cannot read: " + e.getMessage();
    }
  }

  /** Reads the child's result line. */
  static Figures parse(String line, long spawnMillis) {
    String[] parts = line.substring(HandlerChild.PREFIX.length()).split(" ", 5);
    long jvmStart = value(parts[0], "jvmStart=");
    long constructed = value(parts[1], "constructed=");
    long done = value(parts[2], "done=");
    long cpu = value(parts[3], "cpu=");
    if (parts.length < 5 || !parts[4].startsWith("output=")) {
      throw new IllegalArgumentException("no output= in the child's line: " + line);
    }
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
