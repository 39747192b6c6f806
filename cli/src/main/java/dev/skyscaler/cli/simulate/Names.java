package dev.skyscaler.cli.simulate;

import java.util.Random;
import java.util.function.Predicate;

/** Names for the objects the simulation creates, the way Kubernetes makes them, from a seed. */
final class Names {
  /** What Kubernetes uses for generated name suffixes: no vowels, no look-alike digits. */
  private static final String CHARS = "bcdfghjklmnpqrstvwxz2456789";

  private final Random random;
  private long uids;

  Names(long seed) {
    this.random = new Random(seed);
  }

  /** {@code base-xxxxx}, drawn again until {@code taken} says no. */
  String generated(String base, Predicate<String> taken) {
    while (true) {
      StringBuilder name = new StringBuilder(base.length() + 6).append(base).append('-');
      for (int i = 0; i < 5; i++) {
        name.append(CHARS.charAt(random.nextInt(CHARS.length())));
      }
      String candidate = name.toString();
      if (!taken.test(candidate)) {
        return candidate;
      }
    }
  }

  String uid() {
    return "sim-" + ++uids;
  }
}
