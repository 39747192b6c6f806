package dev.skyscaler.kubernetes;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * The priority expander's configuration, read as Cluster Autoscaler reads its ConfigMap {@code
 * cluster-autoscaler-priority-expander}: key {@code priorities}, a YAML map from an integer
 * priority to a list of regular expressions over node-group names.
 */
final class ExpanderPriorities {
  static final String CONFIG_MAP_NAME = "cluster-autoscaler-priority-expander";
  static final String KEY = "priorities";
  private static final String EXPECTED =
      "expected a YAML map of integer priority to a list of node-group regexes,"
          + " e.g. {10: [\".*spot.*\"], 50: [\"ng-a\"]}";

  private ExpanderPriorities() {}

  /** Parses the {@code data} of the ConfigMap; failures name {@code data.priorities}. */
  static Map<Integer, List<String>> parse(Map<String, String> data) {
    String text = data == null ? null : data.get(KEY);
    String path = "data." + KEY;
    if (text == null) {
      throw new FieldException(path, "missing: " + EXPECTED);
    }
    Object parsed;
    try {
      parsed = new Load(LoadSettings.builder().build()).loadFromString(text);
    } catch (YamlEngineException e) {
      throw new FieldException(
          path, "invalid YAML (" + firstLine(e.getMessage()) + "): " + EXPECTED);
    }
    if (!(parsed instanceof Map<?, ?> map)) {
      throw new FieldException(path, EXPECTED);
    }
    Map<Integer, List<String>> result = new TreeMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (!(e.getKey() instanceof Integer priority)) {
        throw new FieldException(
            path, "priority \"" + e.getKey() + "\" is not an integer: " + EXPECTED);
      }
      result.put(priority, regexes(e.getValue(), path + "[" + priority + "]"));
    }
    return result;
  }

  private static List<String> regexes(Object value, String path) {
    if (!(value instanceof List<?> list)) {
      throw new FieldException(path, "expected a list of regexes, found " + value);
    }
    List<String> result = new ArrayList<>();
    for (Object item : list) {
      if (!(item instanceof String regex)) {
        throw new FieldException(path, "expected a list of regexes, found " + item);
      }
      try {
        Pattern.compile(regex);
      } catch (PatternSyntaxException bad) {
        throw new FieldException(
            path, "invalid regex \"" + regex + "\": " + firstLine(bad.getDescription()));
      }
      result.add(regex);
    }
    return result;
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.lines().findFirst().orElse("").trim();
  }
}
