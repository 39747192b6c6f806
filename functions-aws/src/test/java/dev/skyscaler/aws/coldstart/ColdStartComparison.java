package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.HandlerCalls;
import dev.skyscaler.aws.InterruptionHandler;
import dev.skyscaler.aws.moto.LoopbackTls;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.coldstart.ChildProcess;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.Node;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Two Lambda zips' cold starts in one run, interleaved: for each pair of fresh JVMs, one on each
 * zip, in alternating order (old then new, new then old, ...), each against a freshly seeded
 * cluster ({@link ColdStartCluster}) on a quiet machine ({@link QuietMachine}), so that what the
 * machine does meanwhile falls on both alike. Prints each pair, the medians and the ratios new/old.
 *
 * <pre>
 * ./mvnw -B -pl functions-aws -am package -DskipTests -Pcold-start \
 *   -Dcold-start.args="--compare /tmp/old/skyscaler-aws-lambda.zip --handler interruption --runs 10"
 * </pre>
 *
 * <p>Arguments: {@code --compare OLD_ZIP} (required), {@code --zip NEW_ZIP} (this build's), {@code
 * --handler scan|interruption} (scan: {@code ScanHandler} runs one scan and scales up, as {@link
 * ColdStartMeasurement} measures; interruption: {@link InterruptionHandler} gets an SQS batch of
 * three messages, a spot warning for the first node's instance, a lifecycle action of another
 * cluster's group and a test notification, and must cordon the node and acknowledge the batch),
 * {@code --runs N} pairs (10), {@code --warmup N} pairs not counted (1), {@code --init
 * on-demand|snap-start} (on-demand: the {@code AWS_LAMBDA_INITIALIZATION_TYPE} the children see;
 * snap-start builds the clients and primes the deserializers before the constructor returns). The
 * JVM is started as Lambda starts it ({@link LambdaLaunch}), or by a custom-runtime zip's own JRE
 * and options ({@link LambdaLayout}); moto and the mock API server serve HTTPS. Besides spawn →
 * first scan done (the cold start) it prints handler constructed → first scan done (the first scan)
 * and the load average before each pair.
 */
final class ColdStartComparison {
  private ColdStartComparison() {}

  record Pair(ChildProcess.Figures old, ChildProcess.Figures updated) {}

  static void run(List<String> a) throws Exception {
    Path oldZip = Path.of(ColdStartMeasurement.option(a, "--compare", ""));
    Path newZip =
        Path.of(ColdStartMeasurement.option(a, "--zip", ColdStartMeasurement.defaultZip()));
    String handler = ColdStartMeasurement.option(a, "--handler", "interruption");
    if (!handler.equals("scan") && !handler.equals("interruption")) {
      throw new IllegalArgumentException(
          "--handler: expected scan or interruption, got " + handler);
    }
    int runs = Integer.parseInt(ColdStartMeasurement.option(a, "--runs", "10"));
    int warmups = Integer.parseInt(ColdStartMeasurement.option(a, "--warmup", "1"));
    String init = ColdStartMeasurement.option(a, "--init", "on-demand");
    if (!init.equals("on-demand") && !init.equals("snap-start")) {
      throw new IllegalArgumentException("--init: expected on-demand or snap-start, got " + init);
    }
    Path dir = Files.createTempDirectory("skyscaler-cold-start-compare-");
    LoopbackTls tls = LoopbackTls.create(dir);
    tls.trustInThisJvm();
    LambdaLayout old = LambdaLayout.unpack(oldZip, dir.resolve("old"));
    LambdaLayout updated = LambdaLayout.unpack(newZip, dir.resolve("new"));
    LambdaLaunch lambda = LambdaLaunch.fromTemplate();
    List<String> flags = lambda.flags(tls.jvmFlags());
    Map<String, String> jvmEnv = new HashMap<>(lambda.environment());
    jvmEnv.put("AWS_LAMBDA_INITIALIZATION_TYPE", init);
    System.out.printf(
        "old: %s, %,d bytes%nnew: %s, %,d bytes%nhandler: %s; %s; servers over TLS;"
            + " initialisation %s%n%n",
        oldZip,
        Files.size(oldZip),
        newZip,
        Files.size(newZip),
        handler,
        lambda.describe(List.of()),
        init);
    System.out.println(
        "| Pair | Order | Load (1 min) | Old: cold start | New: cold start | Old: first scan"
            + " | New: first scan | Old: CPU | New: CPU |");
    System.out.println("|---|---|---|---|---|---|---|---|---|");
    List<Pair> pairs = new ArrayList<>();
    try (MotoServer moto = MotoServer.start(Optional.of(tls))) {
      for (int i = 1 - warmups; i <= runs; i++) {
        boolean oldFirst = Math.floorMod(i, 2) == 1;
        double load = ColdStartMeasurement.loadAverage();
        ChildProcess.Figures first =
            oldFirst
                ? child(handler, old, flags, jvmEnv, moto, dir, i + "a")
                : child(handler, updated, flags, jvmEnv, moto, dir, i + "a");
        ChildProcess.Figures second =
            oldFirst
                ? child(handler, updated, flags, jvmEnv, moto, dir, i + "b")
                : child(handler, old, flags, jvmEnv, moto, dir, i + "b");
        Pair p = oldFirst ? new Pair(first, second) : new Pair(second, first);
        String label = i < 1 ? "warm-up (not counted)" : Integer.toString(i);
        System.out.printf(
            "| %s | %s | %.2f | %d ms | %d ms | %d ms | %d ms | %d ms | %d ms |%n",
            label,
            oldFirst ? "old, new" : "new, old",
            load,
            p.old().spawnToDone(),
            p.updated().spawnToDone(),
            p.old().constructedToDone(),
            p.updated().constructedToDone(),
            p.old().cpu(),
            p.updated().cpu());
        if (i >= 1) {
          pairs.add(p);
        }
      }
    }
    long oldWall = ColdStartMeasurement.median(pairs, p -> p.old().spawnToDone());
    long newWall = ColdStartMeasurement.median(pairs, p -> p.updated().spawnToDone());
    long oldCpu = ColdStartMeasurement.median(pairs, p -> p.old().cpu());
    long newCpu = ColdStartMeasurement.median(pairs, p -> p.updated().cpu());
    long oldScan = ColdStartMeasurement.median(pairs, p -> p.old().constructedToDone());
    long newScan = ColdStartMeasurement.median(pairs, p -> p.updated().constructedToDone());
    System.out.printf(
        "| median | | | %d ms | %d ms | %d ms | %d ms | %d ms | %d ms |%n%n",
        oldWall, newWall, oldScan, newScan, oldCpu, newCpu);
    System.out.printf(
        "new/old, medians: cold start %.3f, first scan %.3f, CPU %.3f; median of the pairs'"
            + " ratios: cold start %.3f, CPU %.3f%nchild logs in %s%n",
        (double) newWall / oldWall,
        (double) newScan / oldScan,
        (double) newCpu / oldCpu,
        medianRatio(pairs, true),
        medianRatio(pairs, false),
        dir);
  }

  /** The median over the pairs of new / old: the cold start's ({@code wall}) or the CPU's. */
  static double medianRatio(List<Pair> pairs, boolean wall) {
    double[] r =
        pairs.stream()
            .mapToDouble(
                p ->
                    wall
                        ? (double) p.updated().spawnToDone() / p.old().spawnToDone()
                        : (double) p.updated().cpu() / p.old().cpu())
            .sorted()
            .toArray();
    return r.length % 2 == 1 ? r[r.length / 2] : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
  }

  /** One fresh JVM on {@code layout} against a freshly seeded cluster; checks it did the work. */
  private static ChildProcess.Figures child(
      String handler,
      LambdaLayout layout,
      List<String> flags,
      Map<String, String> jvmEnv,
      MotoServer moto,
      Path dir,
      String name)
      throws Exception {
    moto.reset();
    MockCluster cluster = new MockCluster(true);
    cluster.start();
    try {
      Map<String, String> env = new HashMap<>(ColdStartCluster.seed(moto, cluster));
      env.putAll(jvmEnv);
      Path log = dir.resolve("child-" + name + ".log");
      ChildRun.awaitQuiet(moto);
      if (handler.equals("scan")) {
        ChildProcess.Figures f = ChildRun.run(flags, layout, env, dir, log);
        check(f.output().contains("\"completed\":1"), f, log);
        return f;
      }
      String warned = ColdStartCluster.nodeName(0);
      String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
      String batch =
          HandlerCalls.fixture("sqs-batch.json")
              .replace("i-0b662ef9931388ba0", instanceOf(cluster, warned))
              .replace("2026-11-21T12:00:00Z", now)
              .replace("2026-11-21T12:01:10Z", now);
      Path event = Files.writeString(dir.resolve("event-" + name + ".json"), batch);
      ChildProcess.Figures f =
          ChildRun.runHandler(
              flags, layout, InterruptionHandler.class.getName(), event, env, dir, log);
      Node node = cluster.admin().nodes().withName(warned).get();
      check(
          f.output().equals("{\"batchItemFailures\":[]}")
              && Boolean.TRUE.equals(node.getSpec().getUnschedulable()),
          f,
          log);
      return f;
    } finally {
      cluster.stop();
    }
  }

  private static void check(boolean done, ChildProcess.Figures f, Path log) {
    if (!done) {
      throw new IllegalStateException(
          "the child did not do the expected work: output "
              + f.output()
              + "; its last lines:\n"
              + ChildProcess.tail(log));
    }
  }

  private static String instanceOf(MockCluster cluster, String node) {
    String providerId = cluster.admin().nodes().withName(node).get().getSpec().getProviderID();
    return providerId.substring(providerId.lastIndexOf('/') + 1);
  }
}
