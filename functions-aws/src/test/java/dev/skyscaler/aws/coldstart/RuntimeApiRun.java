package dev.skyscaler.aws.coldstart;

import dev.skyscaler.coldstart.ChildProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One execution environment's first invocation through the Runtime API: a {@link LocalRuntimeApi}
 * with one scheduled event queued, the runtime started ({@link RuntimeLaunch}) with {@code
 * AWS_LAMBDA_RUNTIME_API} pointing at it, timed from just before the spawn to the moment its answer
 * (response, error or init error) arrived; the runtime's CPU time is read from {@code /proc} then,
 * before it is stopped (SIGTERM, then waited for: a training run writes its archive at exit). The
 * runtime's whole output is kept in a log file.
 */
final class RuntimeApiRun {
  /** The invocation's timeout: one scan, as {@link HandlerChild#REMAINING_MILLIS}. */
  static final Duration TIMEOUT = Duration.ofMillis(HandlerChild.REMAINING_MILLIS);

  private static final Duration WAIT = Duration.ofSeconds(120);

  private RuntimeApiRun() {}

  /** What one runtime did; times in milliseconds. */
  record Figures(long spawnToAnswer, long cpu, LocalRuntimeApi.Outcome outcome) {}

  static Figures once(RuntimeLaunch launch, Map<String, String> function, Path log) {
    try (LocalRuntimeApi api = LocalRuntimeApi.start()) {
      api.invoke(ColdStartChild.SCHEDULED_EVENT, TIMEOUT);
      Map<String, String> env = new HashMap<>(function);
      env.put("AWS_LAMBDA_RUNTIME_API", api.address());
      RuntimeLaunch l = launch.with(env);
      ProcessBuilder pb =
          new ProcessBuilder(l.command())
              .directory(l.taskRoot().toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile());
      pb.environment().clear();
      pb.environment().putAll(l.environment());
      long spawn = System.currentTimeMillis();
      Process p = pb.start();
      LocalRuntimeApi.Outcome outcome;
      long cpu;
      try {
        outcome = api.await(WAIT);
        cpu = cpuMillis(p);
      } catch (IllegalStateException e) {
        throw new IllegalStateException(
            e.getMessage() + "; the runtime's last lines:\n" + ChildProcess.tail(log), e);
      } finally {
        stop(p);
      }
      return new Figures(outcome.atMillis() - spawn, cpu, outcome);
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the runtime: " + e.getMessage(), e);
    }
  }

  /** The process's CPU time so far, all threads, from /proc (clock ticks, 10 ms). */
  private static long cpuMillis(Process p) {
    // the bootstrap execs its JVM: the process is the JVM itself
    return p.info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
  }

  /** SIGTERM, as Lambda ends an environment, then waits for the exit (archives are written). */
  private static void stop(Process p) {
    p.destroy();
    try {
      if (!p.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
    }
  }
}
