package dev.skyscaler.cli.input;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The options file ({@code --options opts.yaml}): Cluster Autoscaler options under their flag names
 * as keys, plus the priority expander's table:
 *
 * <pre>
 * expander: priority,least-waste
 * max-nodes-total: 100
 * balancing-ignore-label: [example.com/pool, team]
 * expanderPriorities:
 *   10: [".*spot.*"]
 *   1: [".*"]
 * </pre>
 *
 * <p>Values are read as text and checked later by {@link dev.skyscaler.core.config.OptionsParser},
 * like command-line values.
 *
 * @param file the file, for error messages
 * @param flags option name to its values (a list value gives a repeatable option several values)
 * @param expanderPriorities priority to node-group name regexes; empty when not given
 */
public record OptionsFile(
    Path file, Map<String, List<String>> flags, Map<Integer, List<String>> expanderPriorities) {

  public static final String PRIORITIES = "expanderPriorities";

  public OptionsFile {
    flags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(flags));
    expanderPriorities = Map.copyOf(expanderPriorities);
  }

  /**
   * Reads the file. Option names and values are not checked here beyond their YAML shape.
   *
   * @throws InputException when the file is missing or unreadable, is not YAML, or a value has the
   *     wrong shape
   */
  public static OptionsFile read(Path file) {
    return from(file, YamlFiles.readMapping(file, "a mapping of option names to values"));
  }

  /**
   * The options in a mapping read elsewhere, such as the {@code options} of a simulation scenario;
   * errors name the mapping as {@code root} describes it.
   *
   * @param file the file the mapping is in
   */
  public static OptionsFile from(Path file, YamlObject root) {
    Map<String, List<String>> flags = new LinkedHashMap<>();
    Map<Integer, List<String>> priorities = new TreeMap<>();
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (name.equals(PRIORITIES)) {
        priorities.putAll(priorities(root));
      } else {
        flags.put(name, values(root, name));
      }
    }
    return new OptionsFile(file, flags, priorities);
  }

  private static List<String> values(YamlObject root, String name) {
    JsonNode value = root.get(name).orElse(null);
    if (value == null) {
      return List.of();
    }
    if (!value.isArray()) {
      return List.of(root.text(name).orElseThrow());
    }
    List<JsonNode> items = root.list(name);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      values.add(root.textItem(name, i, items.get(i)));
    }
    return values;
  }

  private static Map<Integer, List<String>> priorities(YamlObject root) {
    YamlObject table =
        root.object(PRIORITIES)
            .orElseThrow(
                () ->
                    root.error(PRIORITIES, "expected a mapping of priorities to lists of regexes"));
    Map<Integer, List<String>> result = new TreeMap<>();
    for (Iterator<String> it = table.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      int priority;
      try {
        priority = Integer.parseInt(key);
      } catch (NumberFormatException e) {
        throw root.error(PRIORITIES, "expected whole-number priorities, got \"" + key + "\"");
      }
      result.put(priority, values(table, key));
    }
    return result;
  }
}
