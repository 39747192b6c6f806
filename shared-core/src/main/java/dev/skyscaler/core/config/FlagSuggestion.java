package dev.skyscaler.core.config;

/** "Did you mean" hints for mistyped option names, against {@link OptionFlag#SUPPORTED}. */
public final class FlagSuggestion {
  private FlagSuggestion() {}

  /**
   * {@code "; did you mean --max-nodes-total?"} when a supported option is close to {@code name} (a
   * typo, or the camelCase spelling of a flag name), otherwise the empty string.
   */
  public static String didYouMean(String name) {
    String kebab = name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (OptionFlag f : OptionFlag.SUPPORTED) {
      int d = Math.min(distance(name, f.name()), distance(kebab, f.name()));
      if (d < bestDistance) {
        bestDistance = d;
        best = f.name();
      }
    }
    int tolerance = Math.max(2, name.length() / 5);
    return best != null && bestDistance <= tolerance ? "; did you mean --" + best + "?" : "";
  }

  /** The edit (Levenshtein) distance between two names. */
  public static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
