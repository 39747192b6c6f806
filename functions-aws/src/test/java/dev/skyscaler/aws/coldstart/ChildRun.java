package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.coldstart.ChildProcess;
import dev.skyscaler.coldstart.QuietMachine;
import dev.skyscaler.coldstart.QuietMachine.CpuTicks;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One fresh JVM running {@link HandlerChild} (or its scan case {@link ColdStartChild}): spawned
 * with the given flags, classpath and environment (and nothing of this JVM's environment), timed
 * from just before the spawn to the moment its invocation returned (the child's {@code done}, on
 * the same clock), so that the child's printing and the pipe are not counted ({@link ChildProcess},
 * which the Azure measurement shares).
 */
final class ChildRun {
  private ChildRun() {}

  /** Runs {@link ColdStartChild}, one scan; its whole output is kept in {@code log}. */
  static ChildProcess.Figures run(
      List<String> jvmFlags, LambdaLayout layout, Map<String, String> env, Path workDir, Path log) {
    return run(jvmFlags, layout, List.of(ColdStartChild.class.getName()), env, workDir, log);
  }

  /** {@link ColdStartChild} on this JVM's java and a given classpath (tests). */
  static ChildProcess.Figures run(
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
  static ChildProcess.Figures runHandler(
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

  private static ChildProcess.Figures run(
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

  private static ChildProcess.Figures spawn(
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
    return ChildProcess.run(command, env, workDir, log, HandlerChild.PREFIX);
  }

  /**
   * Waits for a quiet machine ({@link QuietMachine}); where {@code /proc/stat} cannot be read, for
   * this JVM and moto to be quiet.
   */
  static Duration awaitQuiet(MotoServer moto) {
    int processors = Runtime.getRuntime().availableProcessors();
    return QuietMachine.await(
        () -> {
          long own =
              ((com.sun.management.OperatingSystemMXBean)
                      ManagementFactory.getOperatingSystemMXBean())
                  .getProcessCpuTime();
          return new CpuTicks(own + moto.cpuTime().toNanos(), System.nanoTime() * processors);
        });
  }
}
