package dev.skyscaler.azure.coldstart;

import dev.skyscaler.coldstart.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Two function apps' cold starts in one run, interleaved (the twin of the AWS measurement's {@code
 * ColdStartComparison}): for each pair of fresh JVMs, one on each app, in alternating order (old
 * then new, new then old, ...), each against a freshly seeded cluster ({@link ScanRun}), so that
 * what the machine does meanwhile falls on both alike. Prints each pair, the medians and the ratios
 * new/old.
 *
 * <pre>
 * ./mvnw -B -pl functions-azure -am package -DskipTests -Pcold-start \
 *   -Dcold-start.args="--compare /tmp/old/azure-functions/skyscaler --runs 15"
 * </pre>
 *
 * <p>Arguments: {@code --compare OLD_APP} (required: an app directory {@code
 * azure-functions-maven-plugin:package} made), {@code --app NEW_APP} (this build's, {@code
 * target/azure-functions/skyscaler}), {@code --runs N} pairs (15), {@code --warmup N} pairs not
 * counted (1). The JVM is started as the Functions host starts the Java worker ({@link
 * WorkerLaunch}). Besides spawn → first scan done (the cold start) it prints the first invocation
 * alone (function instance made → first scan done) and the load average before each pair.
 */
public final class ColdStartComparison {
  private ColdStartComparison() {}

  record Pair(ChildProcess.Figures old, ChildProcess.Figures updated) {}

  public static void main(String[] args) throws IOException {
    List<String> a = Arrays.asList(args);
    Path oldApp = Path.of(option(a, "--compare", ""));
    Path newApp = Path.of(option(a, "--app", defaultApp()));
    int runs = Integer.parseInt(option(a, "--runs", "15"));
    int warmups = Integer.parseInt(option(a, "--warmup", "1"));
    Path dir = Files.createTempDirectory("skyscaler-azure-cold-start-");
    FunctionAppLayout old = FunctionAppLayout.of(oldApp, dir.resolve("old"));
    FunctionAppLayout updated = FunctionAppLayout.of(newApp, dir.resolve("new"));
    WorkerLaunch launch = WorkerLaunch.fromTemplate();
    List<String> flags = launch.flags(ChildTrust.write(dir).jvmFlags());
    System.out.printf(
        "old: %s%nnew: %s%nthe Java worker's launch: %s%n%n",
        oldApp, newApp, String.join(" ", launch.flags(List.of())));
    System.out.println(
        "| Pair | Order | Load (1 min) | Old: cold start | New: cold start | Old: first invocation"
            + " | New: first invocation | Old: CPU | New: CPU |");
    System.out.println("|---|---|---|---|---|---|---|---|---|");
    List<Pair> pairs = new ArrayList<>();
    try (IdentityEndpoint identity = IdentityEndpoint.start()) {
      for (int i = 1 - warmups; i <= runs; i++) {
        boolean oldFirst = Math.floorMod(i, 2) == 1;
        double load = loadAverage();
        FunctionAppLayout first = oldFirst ? old : updated;
        FunctionAppLayout second = oldFirst ? updated : old;
        ChildProcess.Figures a1 = ScanRun.once(first, flags, identity, dir, i + "a");
        ChildProcess.Figures b1 = ScanRun.once(second, flags, identity, dir, i + "b");
        Pair p = oldFirst ? new Pair(a1, b1) : new Pair(b1, a1);
        System.out.printf(
            "| %s | %s | %.2f | %d ms | %d ms | %d ms | %d ms | %d ms | %d ms |%n",
            i < 1 ? "warm-up (not counted)" : Integer.toString(i),
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
    printSummary(pairs);
    System.out.println("child logs in " + dir);
  }

  private static void printSummary(List<Pair> pairs) {
    long oldWall = median(pairs, p -> p.old().spawnToDone());
    long newWall = median(pairs, p -> p.updated().spawnToDone());
    long oldCpu = median(pairs, p -> p.old().cpu());
    long newCpu = median(pairs, p -> p.updated().cpu());
    System.out.printf(
        "| median | | | %d ms | %d ms | %d ms | %d ms | %d ms | %d ms |%n%n",
        oldWall,
        newWall,
        median(pairs, p -> p.old().constructedToDone()),
        median(pairs, p -> p.updated().constructedToDone()),
        oldCpu,
        newCpu);
    System.out.printf(
        "new/old, medians: cold start %.3f, CPU %.3f; median of the pairs' ratios: cold start"
            + " %.3f, CPU %.3f%n",
        (double) newWall / oldWall,
        (double) newCpu / oldCpu,
        medianRatio(pairs, p -> p.updated().spawnToDone(), p -> p.old().spawnToDone()),
        medianRatio(pairs, p -> p.updated().cpu(), p -> p.old().cpu()));
  }

  /** The median of {@code f} over {@code items}: the middle one, or the mean of the two middle. */
  static <T> long median(List<T> items, ToLongFunction<T> f) {
    long[] v = items.stream().mapToLong(f).sorted().toArray();
    if (v.length == 0) {
      throw new IllegalArgumentException("no runs to take a median of");
    }
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  /** The median over the pairs of each pair's {@code top / bottom}. */
  static double medianRatio(
      List<Pair> pairs, ToLongFunction<Pair> top, ToLongFunction<Pair> bottom) {
    double[] r =
        pairs.stream()
            .mapToDouble(p -> (double) top.applyAsLong(p) / bottom.applyAsLong(p))
            .sorted()
            .toArray();
    if (r.length == 0) {
      throw new IllegalArgumentException("no pairs to take a median of");
    }
    return r.length % 2 == 1 ? r[r.length / 2] : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
  }

  /** The 1-minute load average, from /proc/loadavg (NaN where there is none). */
  static double loadAverage() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  static String option(List<String> args, String name, String fallback) {
    int i = args.indexOf(name);
    if (i < 0) {
      if (fallback.isEmpty()) {
        throw new IllegalArgumentException(name + ": required");
      }
      return fallback;
    }
    if (i + 1 >= args.size()) {
      throw new IllegalArgumentException(name + ": expected a value after it");
    }
    return args.get(i + 1);
  }

  private static String defaultApp() {
    Path inModule = Path.of("target", "azure-functions", "skyscaler");
    return Files.exists(inModule)
        ? inModule.toString()
        : Path.of("functions-azure", "target", "azure-functions", "skyscaler").toString();
  }
}
