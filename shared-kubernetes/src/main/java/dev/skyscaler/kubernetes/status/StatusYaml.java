package dev.skyscaler.kubernetes.status;

import java.util.List;
import java.util.Map;

/**
 * Renders a status document as CA does: block YAML, keys plain, strings double-quoted (so a time
 * stays a string for every YAML reader), numbers plain. The document holds only maps, lists of
 * maps, strings and numbers.
 */
final class StatusYaml {
  private StatusYaml() {}

  static String render(Map<?, ?> doc) {
    StringBuilder sb = new StringBuilder();
    map(doc, 0, sb, false);
    return sb.toString();
  }

  private static void map(Map<?, ?> m, int indent, StringBuilder sb, boolean afterDash) {
    boolean first = true;
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (!(first && afterDash)) {
        sb.append(" ".repeat(indent));
      }
      first = false;
      sb.append(e.getKey()).append(':');
      Object v = e.getValue();
      if (v instanceof Map<?, ?> child) {
        sb.append('\n');
        map(child, indent + 2, sb, false);
      } else if (v instanceof List<?> list) {
        sb.append('\n');
        for (Object item : list) {
          sb.append(" ".repeat(indent)).append("- ");
          if (item instanceof Map<?, ?> itemMap) {
            map(itemMap, indent + 2, sb, true);
          } else {
            sb.append(scalar(item)).append('\n');
          }
        }
      } else {
        sb.append(' ').append(scalar(v)).append('\n');
      }
    }
  }

  private static String scalar(Object v) {
    if (v instanceof Number || v instanceof Boolean) {
      return v.toString();
    }
    String s = String.valueOf(v);
    StringBuilder q = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> q.append("\\\"");
        case '\\' -> q.append("\\\\");
        case '\n' -> q.append("\\n");
        case '\t' -> q.append("\\t");
        default -> {
          if (c < 0x20) {
            q.append(String.format("\\x%02x", (int) c));
          } else {
            q.append(c);
          }
        }
      }
    }
    return q.append('"').toString();
  }
}
