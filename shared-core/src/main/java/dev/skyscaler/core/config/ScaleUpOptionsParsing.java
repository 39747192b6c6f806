package dev.skyscaler.core.config;

import dev.skyscaler.core.config.ScaleUpOptions.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The scale-up part of {@link OptionsParser}: resource ranges, GPU totals, balancing labels, the
 * expander chain and the priority expander's table. It records problems in the parser's error list,
 * so that every parse reports everything at once.
 */
final class ScaleUpOptionsParsing {
  private final OptionsParser p;

  ScaleUpOptionsParsing(OptionsParser parser) {
    this.p = parser;
  }

  Optional<Range> range(String name, String text) {
    String[] parts = text.split(":", -1);
    Optional<Range> range = parts.length == 2 ? bounds(parts[0], parts[1]) : Optional.empty();
    if (range.isEmpty()) {
      p.errors.add(
          "--"
              + name
              + ": expected <min>:<max> with 0 <= min <= max, got "
              + FlagTexts.quoted(text));
    }
    return range;
  }

  private static Optional<Range> bounds(String min, String max) {
    Optional<Long> lo = FlagTexts.parseLong(min);
    Optional<Long> hi = FlagTexts.parseLong(max);
    if (lo.isEmpty() || hi.isEmpty() || lo.get() < 0 || hi.get() < lo.get()) {
      return Optional.empty();
    }
    return Optional.of(new Range(lo.get(), hi.get()));
  }

  Map<String, Range> gpuTotal() {
    Map<String, Range> result = new TreeMap<>();
    for (String text : p.flags.getOrDefault("gpu-total", List.of())) {
      int last = text.lastIndexOf(':');
      int first = last < 0 ? -1 : text.lastIndexOf(':', last - 1);
      String resource = first < 0 ? "" : text.substring(0, first);
      Optional<Range> range =
          first <= 0 || resource.contains(":")
              ? Optional.empty()
              : bounds(text.substring(first + 1, last), text.substring(last + 1));
      if (range.isEmpty()) {
        p.errors.add(
            "--gpu-total: expected <resource>:<min>:<max> with 0 <= min <= max"
                + " (e.g. nvidia.com/gpu:0:16), got "
                + FlagTexts.quoted(text));
      } else if (result.put(resource, range.get()) != null) {
        p.errors.add("--gpu-total: " + resource + " is given more than once");
      }
    }
    return result;
  }

  List<String> labels(String name) {
    List<String> result = new ArrayList<>();
    for (String label : p.flags.getOrDefault(name, List.of())) {
      if (label.isBlank() || label.contains("=")) {
        p.errors.add("--" + name + ": expected a label key, got " + FlagTexts.quoted(label));
      } else {
        result.add(label);
      }
    }
    return result;
  }

  /** The chain, or empty after an error (recorded; the default stands in until it is thrown). */
  Optional<List<ExpanderName>> expanders(String text) {
    List<ExpanderName> chain = new ArrayList<>();
    for (String name : text.split(",", -1)) {
      if (name.isBlank()) {
        p.errors.add(
            "--expander: expected a comma-separated list of expanders, got "
                + FlagTexts.quoted(text));
        return Optional.empty();
      }
      try {
        ExpanderName e = ExpanderName.parse(name.trim());
        if (chain.contains(e)) {
          p.errors.add(
              "--expander: " + FlagTexts.quoted(e.flagName()) + " appears twice in the chain");
        }
        chain.add(e);
      } catch (IllegalArgumentException unknown) {
        p.errors.add("--expander: " + unknown.getMessage());
      }
    }
    int random = chain.indexOf(ExpanderName.RANDOM);
    if (random >= 0 && random < chain.size() - 1) {
      p.errors.add("--expander: \"random\" must be last in the chain (it always picks one option)");
    }
    return chain.isEmpty() ? Optional.empty() : Optional.of(chain);
  }

  Map<Integer, List<String>> priorities(Map<Integer, List<String>> table) {
    Map<Integer, List<String>> result = new TreeMap<>();
    table.forEach(
        (priority, regexes) -> {
          for (String regex : regexes == null ? List.<String>of() : regexes) {
            try {
              Pattern.compile(regex);
            } catch (PatternSyntaxException bad) {
              p.errors.add(
                  "expanderPriorities: priority "
                      + priority
                      + ": invalid regex "
                      + FlagTexts.quoted(regex)
                      + ": "
                      + bad.getDescription());
            }
          }
          result.put(priority, regexes == null ? List.of() : List.copyOf(regexes));
        });
    return result;
  }
}
