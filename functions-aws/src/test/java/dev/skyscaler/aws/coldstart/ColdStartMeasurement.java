package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.moto.LoopbackTls;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.coldstart.ChildProcess;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * PATH} (target/skyscaler-aws-lambda.zip), {@code --flags lambda|default|both} (both: the JVM as
 * Lambda's runtime starts it for the template's memory and {@code JAVA_TOOL_OPTIONS}, see {@link
 * LambdaLaunch}, and the JDK's defaults), {@code --extra "FLAGS"} (more JVM flags for both), {@code
 * --tls on|off} (on: moto serves HTTPS, as AWS does, so the child pays its TLS handshakes; the
 * child trusts it through a trust store of the JDK's CAs plus moto's certificate, {@link
 * LoopbackTls}; the mock API server serves HTTPS either way, trusted through the kubeconfig's CA
 * data, which a kubeconfig from a secret must carry), {@code --profile} (one more run with {@code
 * -Xlog:class+load}, counted by jar); {@code --compare OLD_ZIP}: another zip's cold start against
 * this one's, interleaved pair by pair, for the scan or the interruption handler ({@link
 * ColdStartComparison}); {@code --runtime-api ZIP --zip ZIP}: two zips through a local Lambda
 * Runtime API ({@link RuntimeApiComparison}); {@code --train LAYOUT_DIR}: a custom runtime's
 * training run ({@link TrainingRun}).
 *
 * <p>Before each child, the measurement waits until the machine is quiet ({@link QuietMachine}):
 * the child's cores are then its own, less what the servers spend answering it.
 */
public final class ColdStartMeasurement {
  private static final java.util.concurrent.atomic.AtomicInteger RUNS =
      new java.util.concurrent.atomic.AtomicInteger();

  private ColdStartMeasurement() {}

  public static void main(String[] args) throws Exception {
    List<String> a = Arrays.asList(args);
    if (a.contains("--compare")) {
      ColdStartComparison.run(a);
      return;
    }
    if (a.contains("--runtime-api")) {
      RuntimeApiComparison.run(a);
      return;
    }
    if (a.contains("--train")) {
      TrainingRun.run(Path.of(option(a, "--train", "")).toAbsolutePath());
      return;
    }
    int runs = Integer.parseInt(option(a, "--runs", "5"));
    int warmups = Integer.parseInt(option(a, "--warmup", "1"));
    Path zip = Path.of(option(a, "--zip", defaultZip()));
    String flags = option(a, "--flags", "both");
    List<String> extra =
        Arrays.stream(option(a, "--extra", "").split(" ")).filter(x -> !x.isBlank()).toList();
    boolean overTls = overTls(option(a, "--tls", "on"));
    Path dir = Files.createTempDirectory("skyscaler-cold-start-");
    // first: this JVM's default trust is fixed by its first TLS context
    Optional<LoopbackTls> tls = overTls ? Optional.of(LoopbackTls.create(dir)) : Optional.empty();
    tls.ifPresent(LoopbackTls::trustInThisJvm);
    List<String> trust = tls.map(LoopbackTls::jvmFlags).orElse(List.of());
    List<String> childExtra = new ArrayList<>(trust);
    childExtra.addAll(extra);
    String servers = tls.isPresent() ? "servers over TLS" : "servers over plain HTTP";
    LambdaLayout layout = LambdaLayout.unpack(zip, dir);
    System.out.printf(
        "artifact: %s, %,d bytes%nJDK: %s (%s)%nCPUs: %d%n%n",
        zip,
        Files.size(zip),
        System.getProperty("java.vm.version"),
        System.getProperty("java.vm.name"),
        Runtime.getRuntime().availableProcessors());
    LambdaLaunch lambda = LambdaLaunch.fromTemplate();
    try (MotoServer moto = MotoServer.start(tls)) {
      if (!flags.equals("default")) {
        measure(
            lambda.describe(extra) + "; " + servers,
            lambda.flags(childExtra),
            lambda.environment(),
            warmups,
            runs,
            moto,
            layout,
            dir);
      }
      if (!flags.equals("lambda")) {
        measure(
            ("no flags (JDK defaults) " + String.join(" ", extra)).strip() + "; " + servers,
            childExtra,
            Map.of(),
            warmups,
            runs,
            moto,
            layout,
            dir);
      }
      if (a.contains("--profile")) {
        profile(lambda, trust, moto, layout, dir);
      }
    }
  }

  private static void measure(
      String label,
      List<String> jvmFlags,
      Map<String, String> jvmEnv,
      int warmups,
      int runs,
      MotoServer moto,
      LambdaLayout layout,
      Path dir) {
    System.out.println("### " + label);
    System.out.println();
    System.out.println(
        "| Run | Load (1 min) | Quiet wait | Spawn → JVM start | JVM start → handler constructed"
            + " | → first scan done | Spawn → first scan done | CPU time |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    // Warm-up children are as cold as the others; what they warm is this JVM's mock API server,
    // moto's Python backends and the OS, which serve every child and are warm in AWS.
    for (int w = 1; w <= warmups; w++) {
      double load = loadAverage();
      printRow(
          "warm-up " + w + " (not counted)",
          false,
          load,
          measured(jvmFlags, jvmEnv, moto, layout, dir));
    }
    List<ChildProcess.Figures> all = new ArrayList<>();
    List<Double> loads = new ArrayList<>();
    List<Long> waits = new ArrayList<>();
    for (int run = 1; run <= runs; run++) {
      double load = loadAverage();
      Measured m = measured(jvmFlags, jvmEnv, moto, layout, dir);
      all.add(m.figures());
      loads.add(load);
      waits.add(m.quietWait().toMillis());
      printRow(Integer.toString(run), true, load, m);
    }
    System.out.printf(
        "| median | %.2f | %d ms | %d ms | %d ms | %d ms | **%d ms** | %d ms |%n%n",
        median(loads),
        median(waits, Long::longValue),
        median(all, ChildProcess.Figures::spawnToJvmStart),
        median(all, ChildProcess.Figures::jvmToConstructed),
        median(all, ChildProcess.Figures::jvmToDone),
        median(all, ChildProcess.Figures::spawnToDone),
        median(all, ChildProcess.Figures::cpu));
    System.out.println(
        "Handler output of the last run: "
            + all.get(all.size() - 1).output()
            + "; child logs in "
            + dir);
    System.out.println();
  }

  /** One table row; the cold start in bold when the run is {@code counted}. */
  private static void printRow(String label, boolean counted, double load, Measured m) {
    ChildProcess.Figures f = m.figures();
    String total = counted ? "**" + f.spawnToDone() + " ms**" : f.spawnToDone() + " ms";
    System.out.printf(
        "| %s | %.2f | %d ms | %d ms | %d ms | %d ms | %s | %d ms |%n",
        label,
        load,
        m.quietWait().toMillis(),
        f.spawnToJvmStart(),
        f.jvmToConstructed(),
        f.jvmToDone(),
        total,
        f.cpu());
  }

  /** A child's figures, and how long the machine took to be quiet before it started. */
  record Measured(Duration quietWait, ChildProcess.Figures figures) {}

  /**
   * One child against a freshly seeded cluster, started once the servers are quiet; checks that it
   * scanned and scaled up. {@code jvmEnv} joins the child's environment (JAVA_TOOL_OPTIONS). The
   * mock API server serves HTTPS.
   */
  static ChildProcess.Figures once(
      List<String> jvmFlags,
      Map<String, String> jvmEnv,
      MotoServer moto,
      LambdaLayout layout,
      Path dir) {
    return measured(jvmFlags, jvmEnv, moto, layout, dir).figures();
  }

  private static Measured measured(
      List<String> jvmFlags,
      Map<String, String> jvmEnv,
      MotoServer moto,
      LambdaLayout layout,
      Path dir) {
    moto.reset();
    // always HTTPS: a kubeconfig from a secret must name an https:// server and carry its CA
    MockCluster cluster = new MockCluster(true);
    cluster.start();
    try {
      Map<String, String> env = new HashMap<>(ColdStartCluster.seed(moto, cluster));
      env.putAll(jvmEnv);
      Duration quietWait = ChildRun.awaitQuiet(moto);
      Path log = dir.resolve("child-" + RUNS.incrementAndGet() + ".log");
      ChildProcess.Figures f = ChildRun.run(jvmFlags, layout, env, dir, log);
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
                + ChildProcess.tail(log));
      }
      return new Measured(quietWait, f);
    } finally {
      cluster.stop();
    }
  }

  private static void profile(
      LambdaLaunch lambda, List<String> trust, MotoServer moto, LambdaLayout layout, Path dir)
      throws IOException {
    Path log = dir.resolve("class-load.log");
    List<String> extra = new ArrayList<>(trust);
    extra.add("-Xlog:class+load=info:file=" + log);
    List<String> flags = lambda.flags(extra);
    ChildProcess.Figures f = once(flags, lambda.environment(), moto, layout, dir);
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

  static <T> long median(List<T> items, ToLongFunction<T> f) {
    long[] v = items.stream().mapToLong(f).sorted().toArray();
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

  /** The {@code --tls} option's value: {@code on} or {@code off}. */
  static boolean overTls(String value) {
    return switch (value) {
      case "on" -> true;
      case "off" -> false;
      default -> throw new IllegalArgumentException("--tls: expected on or off, got " + value);
    };
  }

  static String defaultZip() {
    Path inModule = Path.of("target", "skyscaler-aws-lambda.zip");
    return Files.exists(inModule)
        ? inModule.toString()
        : Path.of("functions-aws", "target", "skyscaler-aws-lambda.zip").toString();
  }

  static String option(List<String> args, String name, String fallback) {
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
