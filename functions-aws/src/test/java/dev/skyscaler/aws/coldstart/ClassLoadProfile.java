package dev.skyscaler.aws.coldstart;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which classes a child loaded, and from where, before the handler was constructed and during the
 * first scan: read from the JVM's {@code -Xlog:class+load} output ({@code
 * [0.512s][info][class,load] io.fabric8.X source: file:/.../lib/kubernetes-client-7.8.0.jar}).
 */
record ClassLoadProfile(Map<String, Integer> init, Map<String, Integer> firstScan) {
  private static final Pattern LINE =
      Pattern.compile("^\\[(\\d+\\.\\d+)s\\].*\\[class,load\\] \\S+ source: (.*)$");

  /**
   * @param constructedMillis milliseconds after JVM start at which the handler was constructed
   */
  static ClassLoadProfile of(List<String> log, long constructedMillis) {
    Map<String, Integer> init = new TreeMap<>();
    Map<String, Integer> scan = new TreeMap<>();
    for (String line : log) {
      Matcher m = LINE.matcher(line);
      if (m.matches()) {
        double seconds = Double.parseDouble(m.group(1));
        Map<String, Integer> phase = seconds * 1000 <= constructedMillis ? init : scan;
        phase.merge(origin(m.group(2)), 1, Integer::sum);
      }
    }
    return new ClassLoadProfile(init, scan);
  }

  /** A jar's file name, the function's own classes, the JDK, or classes generated at run time. */
  static String origin(String source) {
    if (source.startsWith("shared objects file") || source.startsWith("jrt:/")) {
      return "JDK";
    }
    if (source.startsWith("file:") || source.startsWith("jar:")) {
      String path = source.replaceFirst("!/.*$", "");
      if (path.endsWith(".jar")) {
        return path.substring(path.lastIndexOf('/') + 1);
      }
      return path.contains("/child") ? "cold-start child" : "function classes (zip root)";
    }
    return "generated (lambdas, proxies, reflection)";
  }

  static int total(Map<String, Integer> counts) {
    return counts.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** The sources with the most classes, most first, as {@code count source} lines. */
  static List<String> top(Map<String, Integer> counts, int n) {
    return counts.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
        .limit(n)
        .map(e -> String.format("%6d  %s", e.getValue(), e.getKey()))
        .toList();
  }
}
