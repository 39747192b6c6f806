package dev.skyscaler.aws.coldstart;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How an execution environment's JVM is started and what it is told, for a run through the Runtime
 * API ({@link LocalRuntimeApi}): the command, the working directory (the task root) and the
 * variables Lambda sets for every runtime ({@code AWS_LAMBDA_RUNTIME_API}, {@code _HANDLER}, {@code
 * LAMBDA_TASK_ROOT}, the function's name, version, memory and log names).
 *
 * <ul>
 *   <li>{@link #managed}: the default zip as Lambda's managed Java runtime runs it: its JVM with
 *       the runtime's flags ({@link LambdaLaunch}), the Runtime Interface Client and its libraries
 *       alone on the class path, the handler given by name; the client loads the function from the
 *       task root (its classes and {@code lib/}'s jars) in a class loader of its own.
 *   <li>{@link #bootstrap}: a custom runtime ({@code provided.al2023}): Lambda runs the zip's
 *       {@code bootstrap} in the task root, which starts the zip's own JVM.
 * </ul>
 */
record RuntimeLaunch(List<String> command, Path taskRoot, Map<String, String> environment) {
  /** The Runtime Interface Client's entry point. */
  static final String CLIENT = "com.amazonaws.services.lambda.runtime.api.client.AWSLambda";

  /** The scan function's handler, as {@code template.yaml} names it. */
  static final String SCAN_HANDLER = "dev.skyscaler.aws.ScanHandler::handleRequest";

  /** The jars of the client and what it needs that a function need not bring. */
  private static final List<String> CLIENT_JARS =
      List.of(
          "aws-lambda-java-runtime-interface-client",
          "aws-lambda-java-serialization",
          "aws-lambda-java-core",
          "utils-lite");

  RuntimeLaunch {
    command = List.copyOf(command);
    environment = Map.copyOf(environment);
  }

  /**
   * The managed runtime's start of a function unpacked in {@code taskRoot}, on {@code java} with
   * {@code launch}'s flags; the client's jars from {@code classpath} (this JVM's, in tests).
   */
  static RuntimeLaunch managed(
      Path java, LambdaLaunch launch, Path taskRoot, String classpath, String handler) {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(launch.flags(List.of()));
    command.addAll(List.of("-cp", clientClasspath(classpath), CLIENT, handler));
    return new RuntimeLaunch(command, taskRoot, lambdaVariables(launch, taskRoot, handler));
  }

  /**
   * The managed runtime's start, with the function on the JVM's class path ({@code classpath}: this
   * JVM's, in tests, which holds the client's jars too) and an empty task root.
   */
  static RuntimeLaunch onClasspath(
      Path java, LambdaLaunch launch, Path taskRoot, String classpath, String handler) {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(launch.flags(List.of()));
    command.addAll(List.of("-cp", classpath, CLIENT, handler));
    return new RuntimeLaunch(command, taskRoot, lambdaVariables(launch, taskRoot, handler));
  }

  /** A custom runtime laid out in {@code taskRoot}: its {@code bootstrap}. */
  static RuntimeLaunch bootstrap(LambdaLaunch launch, Path taskRoot, String handler) {
    return new RuntimeLaunch(
        List.of(taskRoot.resolve("bootstrap").toString()),
        taskRoot,
        lambdaVariables(launch, taskRoot, handler));
  }

  /** The same launch with more variables (the function's own, the Runtime API's address). */
  RuntimeLaunch with(Map<String, String> more) {
    Map<String, String> all = new TreeMap<>(environment);
    all.putAll(more);
    return new RuntimeLaunch(command, taskRoot, all);
  }

  /**
   * The entries of {@code classpath} that are the client's jars, in {@link #CLIENT_JARS}' order.
   *
   * @throws IllegalArgumentException naming the jar that is missing
   */
  static String clientClasspath(String classpath) {
    List<String> entries = Arrays.asList(classpath.split(File.pathSeparator));
    List<String> found = new ArrayList<>();
    for (String jar : CLIENT_JARS) {
      found.add(
          entries.stream()
              .filter(e -> Path.of(e).getFileName().toString().matches(jar + "-[0-9.]+\\.jar"))
              .findFirst()
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "no "
                              + jar
                              + "-<version>.jar on the class path: the Runtime Interface"
                              + " Client needs it")));
    }
    return String.join(File.pathSeparator, found);
  }

  private static Map<String, String> lambdaVariables(
      LambdaLaunch launch, Path taskRoot, String handler) {
    Map<String, String> env = new TreeMap<>(launch.environment());
    env.put("_HANDLER", handler);
    env.put("LAMBDA_TASK_ROOT", taskRoot.toString());
    env.put("AWS_LAMBDA_FUNCTION_NAME", "skyscaler-scan");
    env.put("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST");
    env.put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(launch.memoryMb()));
    env.put("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/skyscaler-scan");
    env.put("AWS_LAMBDA_LOG_STREAM_NAME", "2026/11/27/[$LATEST]0123456789abcdef");
    env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    return env;
  }
}
