package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.Comparator;
import java.util.List;

/**
 * CA's {@code random}: picks exactly one option. Unlike CA it is reproducible: the choice depends
 * only on the seed and on the set of options (not on their order), so a plan can be replayed.
 * Because it always returns one option it must be the last expander of a chain.
 */
public final class RandomExpander implements Expander {
  private final long seed;

  /**
   * @param seed {@code ScaleUpOptions.randomSeed()}; the same seed and options always give the same
   *     choice
   */
  public RandomExpander(long seed) {
    this.seed = seed;
  }

  @Override
  public List<ExpansionOption> bestOptions(List<ExpansionOption> options) {
    if (options.isEmpty()) {
      return List.of();
    }
    List<ExpansionOption> sorted =
        options.stream().sorted(Comparator.comparing(ExpansionOption::groupName)).toList();
    // String.hashCode and List.hashCode are specified, so this is stable across JVMs and runs.
    long namesHash = sorted.stream().map(ExpansionOption::groupName).toList().hashCode();
    int index = (int) Math.floorMod(mix(seed ^ namesHash), (long) sorted.size());
    return List.of(sorted.get(index));
  }

  /**
   * SplitMix64's finaliser. {@code new Random(seed).nextInt(n)} is a poor choice here: for nearby
   * seeds (0, 1, 2...) its first value barely moves, so most seeds would pick the same option.
   * Written out rather than borrowed so the choice can never change with the JDK.
   */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
