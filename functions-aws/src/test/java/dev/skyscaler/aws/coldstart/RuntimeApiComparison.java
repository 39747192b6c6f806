package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.moto.LoopbackTls;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.coldstart.ChildProcess;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A custom-runtime zip against the default zip through the Runtime API, interleaved pair by pair
 * (the order swapping each pair), each environment against a freshly seeded cluster: the default
 * zip as the managed Java runtime starts it ({@link RuntimeLaunch#managed}, this JDK, the Runtime
 * Interface Client on the class path, the function in the task root), the custom runtime by its
 * {@code bootstrap} (any zip with a JRE of its own runs by its bootstrap, so two custom runtimes
 * compare too). The cold start is spawn → the invocation's response arriving at the {@link
 * LocalRuntimeApi}; the CPU is the runtime's then. Prints each pair, the medians and the ratios
 * custom / default.
 *
 * <pre>
 * ... ColdStartMeasurement --runtime-api DEFAULT_ZIP --zip CUSTOM_ZIP --runs 15
 * </pre>
 */
final class RuntimeApiComparison {
  private RuntimeApiComparison() {}

  static void run(List<String> a) throws Exception {
    Path defaultZip = Path.of(ColdStartMeasurement.option(a, "--runtime-api", ""));
    Path customZip = Path.of(ColdStartMeasurement.option(a, "--zip", ""));
    int runs = Integer.parseInt(ColdStartMeasurement.option(a, "--runs", "15"));
    int warmups = Integer.parseInt(ColdStartMeasurement.option(a, "--warmup", "1"));
    Path dir = Files.createTempDirectory("skyscaler-runtime-api-");
    LoopbackTls tls = LoopbackTls.create(dir);
    tls.trustInThisJvm();
    LambdaLaunch lambda = LambdaLaunch.fromTemplate();
    LambdaLayout managedRoot = LambdaLayout.unpack(defaultZip, dir.resolve("default"));
    LambdaLayout customRoot = LambdaLayout.unpack(customZip, dir.resolve("custom"));
    RuntimeLaunch managed = launch(managedRoot, lambda);
    RuntimeLaunch custom = launch(customRoot, lambda);
    String toolOptions = toolOptions(lambda, tls);
    System.out.printf(
        "default: %s, %,d bytes: %s%ncustom: %s, %,d bytes: %s%nJAVA_TOOL_OPTIONS=%s%n%n",
        defaultZip,
        Files.size(defaultZip),
        String.join(" ", managed.command()),
        customZip,
        Files.size(customZip),
        String.join(" ", custom.command()),
        toolOptions);
    System.out.println(
        "| Pair | Order | Load (1 min) | Default: cold start | Custom: cold start | Default: CPU"
            + " | Custom: CPU |");
    System.out.println("|---|---|---|---|---|---|---|");
    List<ColdStartComparison.Pair> pairs = new ArrayList<>();
    try (MotoServer moto = MotoServer.start(Optional.of(tls))) {
      for (int i = 1 - warmups; i <= runs; i++) {
        boolean defaultFirst = Math.floorMod(i, 2) == 1;
        double load = ColdStartMeasurement.loadAverage();
        RuntimeLaunch first = defaultFirst ? managed : custom;
        RuntimeLaunch second = defaultFirst ? custom : managed;
        RuntimeApiRun.Figures f1 = once(first, toolOptions, moto, dir, i + "a");
        RuntimeApiRun.Figures f2 = once(second, toolOptions, moto, dir, i + "b");
        RuntimeApiRun.Figures d = defaultFirst ? f1 : f2;
        RuntimeApiRun.Figures c = defaultFirst ? f2 : f1;
        System.out.printf(
            "| %s | %s | %.2f | %d ms | %d ms | %d ms | %d ms |%n",
            i < 1 ? "warm-up (not counted)" : Integer.toString(i),
            defaultFirst ? "default, custom" : "custom, default",
            load,
            d.spawnToAnswer(),
            c.spawnToAnswer(),
            d.cpu(),
            c.cpu());
        if (i >= 1) {
          pairs.add(new ColdStartComparison.Pair(figures(d), figures(c)));
        }
      }
    }
    long oldWall = ColdStartMeasurement.median(pairs, p -> p.old().spawnToDone());
    long newWall = ColdStartMeasurement.median(pairs, p -> p.updated().spawnToDone());
    long oldCpu = ColdStartMeasurement.median(pairs, p -> p.old().cpu());
    long newCpu = ColdStartMeasurement.median(pairs, p -> p.updated().cpu());
    System.out.printf(
        "| median | | | %d ms | %d ms | %d ms | %d ms |%n%n"
            + "custom/default, medians: cold start %.3f, CPU %.3f; median of the pairs' ratios:"
            + " cold start %.3f, CPU %.3f%nruntime logs in %s%n",
        oldWall,
        newWall,
        oldCpu,
        newCpu,
        (double) newWall / oldWall,
        (double) newCpu / oldCpu,
        ColdStartComparison.medianRatio(pairs, true),
        ColdStartComparison.medianRatio(pairs, false),
        dir);
  }

  /**
   * The template's {@code JAVA_TOOL_OPTIONS} plus what only the measurement needs: the function's
   * memory as the JVM's ({@code -XX:MaxRAM}, as Lambda's sandbox shows it) and trust in moto's
   * certificate.
   */
  static String toolOptions(LambdaLaunch lambda, LoopbackTls tls) {
    return (lambda.javaToolOptions()
            + " -XX:MaxRAM="
            + lambda.memoryMb()
            + "m "
            + String.join(" ", tls.jvmFlags()))
        .strip();
  }

  /** A zip with a JRE of its own by its bootstrap, any other as the managed runtime starts it. */
  private static RuntimeLaunch launch(LambdaLayout layout, LambdaLaunch lambda) {
    return layout.customRuntime()
        ? RuntimeLaunch.bootstrap(lambda, layout.root(), RuntimeLaunch.SCAN_HANDLER)
        : RuntimeLaunch.managed(
            LambdaLayout.THIS_JAVA,
            lambda,
            layout.root(),
            System.getProperty("java.class.path"),
            RuntimeLaunch.SCAN_HANDLER);
  }

  /** One environment against a freshly seeded cluster; checks that it scanned and scaled up. */
  static RuntimeApiRun.Figures once(
      RuntimeLaunch launch, String toolOptions, MotoServer moto, Path dir, String name) {
    moto.reset();
    MockCluster cluster = new MockCluster(true);
    cluster.start();
    try {
      Map<String, String> env = new HashMap<>(ColdStartCluster.seed(moto, cluster));
      env.put("JAVA_TOOL_OPTIONS", toolOptions);
      ChildRun.awaitQuiet(moto);
      Path log = dir.resolve("runtime-" + name + ".log");
      RuntimeApiRun.Figures f = RuntimeApiRun.once(launch, env, log);
      int desired = ColdStartCluster.desiredCapacity(moto);
      if (!f.outcome().kind().equals("response")
          || !f.outcome().body().contains("\"completed\":1")
          || desired != ColdStartCluster.DESIRED_AFTER) {
        throw new IllegalStateException(
            "the runtime did not do the expected work: "
                + f.outcome()
                + ", desired capacity "
                + desired
                + "; its last lines:\n"
                + ChildProcess.tail(log));
      }
      return f;
    } finally {
      cluster.stop();
    }
  }

  private static ChildProcess.Figures figures(RuntimeApiRun.Figures f) {
    return new ChildProcess.Figures(f.spawnToAnswer(), 0, 0, 0, f.cpu(), f.outcome().body());
  }
}
