package dev.skyscaler.magnum.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The gcfg (git-config style INI) text Cluster Autoscaler and the OpenStack cloud provider read
 * their {@code cloud-config} from: {@code [Section]} headers, {@code key = value} lines, comments
 * after {@code ;} or {@code #}, values optionally in double quotes with {@code \"}, {@code \\},
 * {@code \n} and {@code \t} escapes. Section and key names are case-insensitive (kept lower-case
 * here). At most {@value #MAX_LINES} lines; a key given twice in a section is an error, as gcfg
 * makes it for single-valued keys.
 *
 * @param sections section name (lower-case) to its keys (lower-case) and values
 */
record IniFile(Map<String, Map<String, String>> sections) {
  static final int MAX_LINES = 2_000;

  IniFile {
    Map<String, Map<String, String>> copy = new LinkedHashMap<>();
    sections.forEach((k, v) -> copy.put(k, Map.copyOf(v)));
    sections = java.util.Collections.unmodifiableMap(copy);
  }

  /**
   * Parses {@code text}; every malformed line is reported in {@code errors} as {@code
   * <file>:<line>: <what>}.
   */
  static IniFile parse(String text, String file, List<String> errors) {
    Map<String, Map<String, String>> sections = new LinkedHashMap<>();
    String[] lines = text.split("\r?\n", -1);
    if (lines.length > MAX_LINES) {
      errors.add(file + ": more than " + MAX_LINES + " lines");
      return new IniFile(sections);
    }
    Map<String, String> current = null;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      String where = file + ":" + (i + 1) + ": ";
      if (line.isEmpty() || line.startsWith(";") || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("[")) {
        int end = line.indexOf(']');
        String name = end < 0 ? "" : line.substring(1, end).strip();
        if (end < 0 || name.isEmpty() || !isComment(line.substring(end + 1))) {
          errors.add(where + "expected a section header such as [Global], got \"" + line + "\"");
          current = null;
          continue;
        }
        current =
            sections.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new LinkedHashMap<>());
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        errors.add(where + "expected key = value, got \"" + line + "\"");
        continue;
      }
      if (current == null) {
        errors.add(where + "a key before any section header");
        continue;
      }
      String key = line.substring(0, eq).strip().toLowerCase(Locale.ROOT);
      String value = value(line.substring(eq + 1).strip(), where, errors);
      if (current.put(key, value) != null) {
        errors.add(where + "key " + key + " is given twice");
      }
    }
    return new IniFile(sections);
  }

  private static boolean isComment(String rest) {
    String r = rest.strip();
    return r.isEmpty() || r.startsWith(";") || r.startsWith("#");
  }

  private static String value(String raw, String where, List<String> errors) {
    StringBuilder out = new StringBuilder();
    boolean quoted = false;
    int keep = 0; // what a quote protects from the trailing strip
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '"') {
        quoted = !quoted;
        keep = out.length();
      } else if (c == '\\' && i + 1 < raw.length()) {
        char n = raw.charAt(++i);
        out.append(
            switch (n) {
              case 'n' -> '\n';
              case 't' -> '\t';
              default -> n;
            });
        keep = out.length();
      } else if (!quoted && (c == ';' || c == '#')) {
        break;
      } else {
        out.append(c);
        if (quoted) {
          keep = out.length();
        }
      }
    }
    if (quoted) {
      errors.add(where + "a quoted value is not closed");
      return "";
    }
    int end = out.length();
    while (end > keep && Character.isWhitespace(out.charAt(end - 1))) {
      end--;
    }
    return out.substring(0, end);
  }

  /** The keys of a section, empty when it is absent. */
  Map<String, String> section(String name) {
    return sections.getOrDefault(name, Map.of());
  }

  List<String> sectionNames() {
    return new ArrayList<>(sections.keySet());
  }
}
