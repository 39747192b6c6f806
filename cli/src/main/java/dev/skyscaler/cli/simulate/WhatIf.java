package dev.skyscaler.cli.simulate;

import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.config.ConfigException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a scenario as given and under each {@link Variant}: the same file, seed and events, with the
 * variant's Cluster Autoscaler flags winning over the scenario's and the command line's. The runs
 * share nothing, so they run side by side on the machine's cores; each is as deterministic as one
 * run, so the results do not depend on how they were scheduled.
 */
final class WhatIf {
  private WhatIf() {}

  /**
   * Reads the scenario once per run and runs them all.
   *
   * @param base the scenario as given (read already, for its errors to come first)
   * @param seed the command line's seed, if any
   * @throws InputException for variants of the same name or too many of them; ConfigException
   *     naming the variant when its flags clash with the others
   */
  static List<NamedRun> run(
      Path file,
      Scenario base,
      Map<String, List<String>> cliFlags,
      Optional<ClusterApiOptions> clusterApi,
      Long seed,
      List<Variant> variants,
      Simulation.Progress progress) {
    check(variants);
    List<String> names = new ArrayList<>(List.of(NamedRun.BASE));
    List<String> flags = new ArrayList<>(List.of(""));
    List<Scenario> scenarios = new ArrayList<>(List.of(base));
    for (Variant v : variants) {
      Map<String, List<String>> merged = new LinkedHashMap<>(cliFlags);
      merged.putAll(v.options());
      Scenario s;
      try {
        s = ScenarioFile.read(file, merged, clusterApi);
      } catch (ConfigException e) {
        throw new ConfigException(
            e.errors().stream().map(error -> "--variant " + v.name() + ": " + error).toList());
      }
      scenarios.add(seed == null ? s : s.withSeed(seed));
      names.add(v.name());
      flags.add(v.flags());
    }
    List<SimulationResult> results = runAll(scenarios, progress);
    List<NamedRun> runs = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      runs.add(new NamedRun(names.get(i), flags.get(i), results.get(i)));
    }
    return runs;
  }

  private static void check(List<Variant> variants) {
    if (variants.size() > Variant.MAX) {
      throw new InputException(
          "--variant: "
              + variants.size()
              + " variants given; at most "
              + Variant.MAX
              + " are compared in one run");
    }
    Set<String> seen = new HashSet<>();
    for (Variant v : variants) {
      if (!seen.add(v.name())) {
        throw new InputException(
            "--variant " + v.name() + ": given twice; each variant needs a name of its own");
      }
    }
  }

  private static List<SimulationResult> runAll(List<Scenario> scenarios, Simulation.Progress out) {
    int total = scenarios.stream().mapToInt(Scenario::scans).sum();
    int[] done = new int[scenarios.size()];
    int threads = Math.min(scenarios.size(), Runtime.getRuntime().availableProcessors());
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      List<Future<SimulationResult>> futures = new ArrayList<>();
      for (int i = 0; i < scenarios.size(); i++) {
        int run = i;
        Simulation.Progress mine =
            (scansDone, scans, simulated) -> {
              synchronized (done) {
                done[run] = scansDone;
                int sum = 0;
                for (int d : done) {
                  sum += d;
                }
                out.scanned(sum, total, Duration.ZERO);
              }
            };
        futures.add(pool.submit(() -> Simulation.run(scenarios.get(run), mine)));
      }
      List<SimulationResult> results = new ArrayList<>();
      for (Future<SimulationResult> f : futures) {
        results.add(f.get());
      }
      return results;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
