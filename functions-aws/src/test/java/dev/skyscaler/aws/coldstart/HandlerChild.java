package dev.skyscaler.aws.coldstart;

import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.skyscaler.aws.FakeContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A fresh JVM's one invocation of a Lambda handler, what Lambda does in a new execution environment
 * and nothing else: the handler class is loaded by name and built with its public no-arg
 * constructor (configuration from the environment), invoked once with an event and a context whose
 * remaining time allows exactly one scan, and one line is printed:
 *
 * <pre>{@code
 * coldstart jvmStart=<epoch ms> constructed=<epoch ms> done=<epoch ms> cpu=<ms> output=<json>
 * }</pre>
 *
 * <p>{@code output} is the handler's JSON answer; {@code done} is the moment the invocation
 * returned; {@code cpu} is the process's CPU time then, all threads (JIT and GC included): less
 * sensitive than wall time to other work on the machine. Both are read before anything else that
 * only the measurement needs (the JVM's start time, the printing).
 *
 * <p>Arguments: {@code <handler class> <event file>}. It runs on a classpath of the unpacked Lambda
 * zip plus the child classes alone ({@link LambdaLayout}), so it must use nothing but the JDK and
 * what the zip holds: no test class, no test library.
 */
public final class HandlerChild {
  /** The prefix of the result line; the handler's own log lines come before it. */
  static final String PREFIX = "coldstart ";

  /**
   * The invocation's time, counted down from the call as Lambda does: one scan starts, a second
   * would start {@code SCAN_INTERVAL} (10 s) later with under the 10 s a scan needs left, so it
   * does not, however long the first scan takes.
   */
  static final int REMAINING_MILLIS = 15_000;

  private HandlerChild() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException(
          "expected the arguments <handler class> <event file>, got " + Arrays.toString(args));
    }
    run(args[0], Files.readAllBytes(Path.of(args[1])));
  }

  /** Builds the handler, invokes it once with {@code event} and prints the result line. */
  static void run(String handlerClass, byte[] event) throws IOException {
    RequestStreamHandler handler = construct(handlerClass);
    long constructed = System.currentTimeMillis();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long start = System.nanoTime();
    handler.handleRequest(
        new ByteArrayInputStream(event),
        out,
        // REMAINING_MILLIS counted down from the call, as Lambda does
        new FakeContext(
            "cold-start-" + ProcessHandle.current().pid(),
            () -> Math.max(0, REMAINING_MILLIS - (System.nanoTime() - start) / 1_000_000)));
    long done = System.currentTimeMillis();
    // Read once the work is done, so that neither the management beans' own start-up nor the
    // result's printing is measured; the CPU time in clock ticks, from /proc.
    long cpuMillis = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toMillis();
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    System.out.println(
        PREFIX
            + "jvmStart="
            + jvmStart
            + " constructed="
            + constructed
            + " done="
            + done
            + " cpu="
            + cpuMillis
            + " output="
            + out.toString(StandardCharsets.UTF_8));
    System.out.flush();
  }

  /** As Lambda's runtime does: by name, with the public no-arg constructor. */
  private static RequestStreamHandler construct(String handlerClass) {
    Object handler;
    try {
      handler = Class.forName(handlerClass).getConstructor().newInstance();
    } catch (InvocationTargetException e) {
      // the constructor's own error (a configuration problem), not the reflection around it
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(handlerClass + ": constructor failed", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          handlerClass + ": not a class with a public no-arg constructor on the classpath", e);
    }
    if (!(handler instanceof RequestStreamHandler h)) {
      throw new IllegalArgumentException(handlerClass + ": not a RequestStreamHandler");
    }
    return h;
  }
}
