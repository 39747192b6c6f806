package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Measures the scan function's cold start: a fresh JVM whose classpath is the unpacked Lambda zip
 * constructs {@code ScanHandler} as Lambda does and runs one scan of a small cluster ({@link
 * ColdStartCluster}: moto and a fabric8 mock API server, reached through a kubeconfig in Secrets
 * Manager). Each run gets a freshly seeded cluster, so every run does the same work. Prints each
 * run, the medians and the load average; see {@code docs/performance.md}.
 *
 * <pre>
 * ./mvnw -B -q -pl functions-aws -am package -DskipTests
 * ./mvnw -B -q -pl functions-aws -am verify -DskipTests -Pcold-start [-Dcold-start.args="--runs 5"]
 * </pre>
 *
 * <p>Arguments: {@code --runs N} (5), {@code --warmup N} (1: children run first and shown but not
 * counted, so that the servers they call are warm, as AWS's and the API server are), {@code --zip
 * PATH} (target/skyscaler-aws-lambda.zip), {@code --flags lambda|default|both} (both: the JVM flags
 * of Lambda's Java 17 runtime, and none), {@code --profile} (one more run with {@code
 * -Xlog:class+load}, counted by jar).
 */
public final class ColdStartMeasurement {
  /** Lambda's Java 17 runtime stops tiered compilation at C1 by default. */
  static final List<String> LAMBDA_FLAGS =
      List.of("-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1");

  private static final java.util.concurrent.atomic.AtomicInteger RUNS =
      new java.util.concurrent.atomic.AtomicInteger();

  private ColdStartMeasurement() {}

  public static void main(String[] args) throws Exception {
    List<String> a = Arrays.asList(args);
    int runs = Integer.parseInt(option(a, "--runs", "5"));
    int warmups = Integer.parseInt(option(a, "--warmup", "1"));
    Path zip = Path.of(option(a, "--zip", defaultZip()));
    String flags = option(a, "--flags", "both");
    List<String> extra =
        Arrays.stream(option(a, "--extra", "").split(" ")).filter(x -> !x.isBlank()).toList();
    Path dir = Files.createTempDirectory("skyscaler-cold-start-");
    LambdaLayout layout = LambdaLayout.unpack(zip, dir);
    System.out.printf(
        "artifact: %s, %,d bytes%nJDK: %s (%s)%nCPUs: %d%n%n",
        zip,
        Files.size(zip),
        System.getProperty("java.vm.version"),
        System.getProperty("java.vm.name"),
        Runtime.getRuntime().availableProcessors());
    try (MotoServer moto = MotoServer.start()) {
      if (!flags.equals("default")) {
        measure(
            "Lambda's flags " + String.join(" ", concat(LAMBDA_FLAGS, extra)),
            concat(LAMBDA_FLAGS, extra),
            warmups,
            runs,
            moto,
            layout,
            dir);
      }
      if (!flags.equals("lambda")) {
        measure(
            "no flags (JDK defaults) " + String.join(" ", extra),
            extra,
            warmups,
            runs,
            moto,
            layout,
            dir);
      }
      if (a.contains("--profile")) {
        profile(moto, layout, dir);
      }
    }
  }

  private static void measure(
      String label,
      List<String> jvmFlags,
      int warmups,
      int runs,
      MotoServer moto,
      LambdaLayout layout,
      Path dir) {
    System.out.println("### " + label);
    System.out.println();
    System.out.println(
        "| Run | Load (1 min) | Spawn → JVM start | JVM start → handler constructed"
            + " | → first scan done | Spawn → first scan done | CPU time |");
    System.out.println("|---|---|---|---|---|---|---|");
    // Warm-up children are as cold as the others; what they warm is this JVM's mock API server,
    // moto's Python backends and the OS, which serve every child and are warm in AWS.
    for (int w = 1; w <= warmups; w++) {
      double load = loadAverage();
      ChildRun.Figures f = once(jvmFlags, moto, layout, dir);
      System.out.printf(
          "| warm-up %d (not counted) | %.2f | %d ms | %d ms | %d ms | %d ms | %d ms |%n",
          w,
          load,
          f.spawnToJvmStart(),
          f.jvmToConstructed(),
          f.jvmToDone(),
          f.spawnToDone(),
          f.cpu());
    }
    List<ChildRun.Figures> all = new ArrayList<>();
    List<Double> loads = new ArrayList<>();
    for (int run = 1; run <= runs; run++) {
      double load = loadAverage();
      ChildRun.Figures f = once(jvmFlags, moto, layout, dir);
      all.add(f);
      loads.add(load);
      System.out.printf(
          "| %d | %.2f | %d ms | %d ms | %d ms | **%d ms** | %d ms |%n",
          run,
          load,
          f.spawnToJvmStart(),
          f.jvmToConstructed(),
          f.jvmToDone(),
          f.spawnToDone(),
          f.cpu());
    }
    System.out.printf(
        "| median | %.2f | %d ms | %d ms | %d ms | **%d ms** | %d ms |%n%n",
        median(loads),
        median(all, ChildRun.Figures::spawnToJvmStart),
        median(all, ChildRun.Figures::jvmToConstructed),
        median(all, ChildRun.Figures::jvmToDone),
        median(all, ChildRun.Figures::spawnToDone),
        median(all, ChildRun.Figures::cpu));
    System.out.println(
        "Handler output of the last run: "
            + all.get(all.size() - 1).output()
            + "; child logs in "
            + dir);
    System.out.println();
  }

  /** One child against a freshly seeded cluster; checks that it scanned and scaled up. */
  static ChildRun.Figures once(
      List<String> jvmFlags, MotoServer moto, LambdaLayout layout, Path dir) {
    moto.reset();
    MockCluster cluster = new MockCluster();
    cluster.start();
    try {
      Map<String, String> env = ColdStartCluster.seed(moto, cluster);
      Path log = dir.resolve("child-" + RUNS.incrementAndGet() + ".log");
      ChildRun.Figures f = ChildRun.run(jvmFlags, layout.classpath(), env, dir, log);
      int desired = ColdStartCluster.desiredCapacity(moto);
      if (!f.output().contains("\"completed\":1") || desired != ColdStartCluster.DESIRED_AFTER) {
        throw new IllegalStateException(
            "the child's scan did not do the expected work: output "
                + f.output()
                + ", desired capacity "
                + desired
                + " (expected "
                + ColdStartCluster.DESIRED_AFTER
                + "); its last lines:\n"
                + ChildRun.tail(log));
      }
      return f;
    } finally {
      cluster.stop();
    }
  }

  private static void profile(MotoServer moto, LambdaLayout layout, Path dir) throws IOException {
    Path log = dir.resolve("class-load.log");
    List<String> flags = new ArrayList<>(LAMBDA_FLAGS);
    flags.add("-Xlog:class+load=info:file=" + log);
    ChildRun.Figures f = once(flags, moto, layout, dir);
    ClassLoadProfile p = ClassLoadProfile.of(Files.readAllLines(log), f.jvmToConstructed());
    System.out.printf(
        "### Classes loaded (one run with -Xlog:class+load, %d ms to first scan)%n%n",
        f.spawnToDone());
    System.out.printf(
        "Until the handler is constructed: %d classes%n```%n%s%n```%n",
        ClassLoadProfile.total(p.init()), String.join("\n", ClassLoadProfile.top(p.init(), 15)));
    System.out.printf(
        "During the first scan: %d classes%n```%n%s%n```%n",
        ClassLoadProfile.total(p.firstScan()),
        String.join("\n", ClassLoadProfile.top(p.firstScan(), 15)));
  }

  static long median(List<ChildRun.Figures> figures, ToLongFunction<ChildRun.Figures> f) {
    long[] v = figures.stream().mapToLong(f).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  private static double median(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  /** The 1-minute load average, from /proc/loadavg (NaN where there is none). */
  static double loadAverage() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static String defaultZip() {
    Path inModule = Path.of("target", "skyscaler-aws-lambda.zip");
    return Files.exists(inModule)
        ? inModule.toString()
        : Path.of("functions-aws", "target", "skyscaler-aws-lambda.zip").toString();
  }

  private static String option(List<String> args, String name, String fallback) {
    int i = args.indexOf(name);
    if (i < 0) {
      return fallback;
    }
    if (i + 1 >= args.size()) {
      throw new IllegalArgumentException(name + ": expected a value after it");
    }
    return args.get(i + 1);
  }
}
