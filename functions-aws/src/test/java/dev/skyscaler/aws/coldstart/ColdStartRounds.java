package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.moto.MotoServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Two Lambda zips' cold starts interleaved in the same rounds, as {@code benchmarks/compare.sh}
 * compares benchmarks: child by child, the order alternating, each child against a freshly seeded
 * cluster, so the machine's drift falls on both alike. Prints every child, each round's medians and
 * their ratio (new / old), and the medians and ratio over all rounds.
 *
 * <p>{@link ColdStartMeasurement} runs it when given {@code --baseline OLD.zip}: {@code --zip} is
 * the new zip, {@code --rounds N} (3) rounds of {@code --runs N} (5) children of each.
 */
final class ColdStartRounds {
  private ColdStartRounds() {}

  /** One child's figures of each zip, in the order they ran. */
  private record Pair(ChildRun.Figures newer, ChildRun.Figures older, boolean newFirst) {}

  static void run(
      String label,
      List<String> jvmFlags,
      Map<String, String> jvmEnv,
      int warmups,
      int rounds,
      int runs,
      MotoServer moto,
      LambdaLayout newer,
      LambdaLayout older,
      Path dir) {
    System.out.println("### " + label + ": new against old, interleaved");
    System.out.println();
    for (int w = 0; w < warmups; w++) {
      ColdStartMeasurement.once(jvmFlags, jvmEnv, moto, newer, dir);
      ColdStartMeasurement.once(jvmFlags, jvmEnv, moto, older, dir);
    }
    System.out.println(
        "| Round | Run | First | New: spawn → first scan done | New CPU | Old: spawn → first scan"
            + " done | Old CPU | New / old |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    List<Pair> all = new ArrayList<>();
    List<String> roundLines = new ArrayList<>();
    for (int round = 1; round <= rounds; round++) {
      List<Pair> pairs = new ArrayList<>();
      for (int run = 1; run <= runs; run++) {
        boolean newFirst = (round + run) % 2 == 0;
        ChildRun.Figures first =
            ColdStartMeasurement.once(jvmFlags, jvmEnv, moto, newFirst ? newer : older, dir);
        ChildRun.Figures second =
            ColdStartMeasurement.once(jvmFlags, jvmEnv, moto, newFirst ? older : newer, dir);
        Pair p = newFirst ? new Pair(first, second, true) : new Pair(second, first, false);
        pairs.add(p);
        System.out.printf(
            "| %d | %d | %s | %d ms | %d ms | %d ms | %d ms | %.2f |%n",
            round,
            run,
            newFirst ? "new" : "old",
            p.newer().spawnToDone(),
            p.newer().cpu(),
            p.older().spawnToDone(),
            p.older().cpu(),
            (double) p.newer().spawnToDone() / p.older().spawnToDone());
      }
      all.addAll(pairs);
      roundLines.add(summary("round " + round, pairs));
    }
    System.out.println();
    System.out.println(
        "| Rounds | New: median spawn → first scan done | New: median CPU | Old: median |"
            + " Old: median CPU | New / old (time) | New / old (CPU) |");
    System.out.println("|---|---|---|---|---|---|---|");
    roundLines.forEach(System.out::println);
    System.out.println(summary("**all " + rounds + " rounds**", all));
    System.out.println();
  }

  private static String summary(String label, List<Pair> pairs) {
    long newTime = ColdStartMeasurement.median(pairs, p -> p.newer().spawnToDone());
    long oldTime = ColdStartMeasurement.median(pairs, p -> p.older().spawnToDone());
    long newCpu = ColdStartMeasurement.median(pairs, p -> p.newer().cpu());
    long oldCpu = ColdStartMeasurement.median(pairs, p -> p.older().cpu());
    return String.format(
        "| %s | %d ms | %d ms | %d ms | %d ms | **%.2f** | %.2f |",
        label,
        newTime,
        newCpu,
        oldTime,
        oldCpu,
        (double) newTime / oldTime,
        (double) newCpu / oldCpu);
  }
}
