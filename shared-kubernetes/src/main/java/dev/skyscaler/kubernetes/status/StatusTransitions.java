package dev.skyscaler.kubernetes.status;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The bookkeeping between two status documents: {@code lastTransitionTime} carried over while a
 * condition's {@code status} stays the same, and the comparison that decides whether anything but
 * the probe times changed. A condition is any map with {@code status} and {@code lastProbeTime};
 * node groups are matched by name.
 */
final class StatusTransitions {
  private StatusTransitions() {}

  static Map<String, Object> carryOver(
      Map<String, Object> doc, Map<String, Object> previous, Instant now) {
    return walk(doc, previous, StatusReport.rfc3339(now));
  }

  /** Equal but for {@code time} and the {@code lastProbeTime}s. */
  static boolean sameContent(Map<String, Object> doc, Map<String, Object> previous) {
    return Objects.equals(strip(doc), strip(previous));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> walk(Map<String, Object> doc, Map<?, ?> previous, String now) {
    Map<String, Object> out = new LinkedHashMap<>();
    boolean condition = doc.containsKey("status") && doc.containsKey("lastProbeTime");
    for (Map.Entry<String, Object> e : doc.entrySet()) {
      Object before = previous == null ? null : previous.get(e.getKey());
      Object value = e.getValue();
      if (value instanceof Map<?, ?> m) {
        value = walk((Map<String, Object>) m, before instanceof Map<?, ?> pm ? pm : null, now);
      } else if (value instanceof List<?> list && e.getKey().equals("nodeGroups")) {
        value = groups(list, before instanceof List<?> pl ? pl : List.of(), now);
      }
      out.put(e.getKey(), value);
      if (condition && e.getKey().equals("lastProbeTime")) {
        boolean same =
            previous != null && Objects.equals(previous.get("status"), doc.get("status"));
        Object since = same ? previous.get("lastTransitionTime") : null;
        out.put("lastTransitionTime", since instanceof String s ? s : now);
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> groups(List<?> groups, List<?> previous, String now) {
    List<Object> out = new ArrayList<>();
    for (Object g : groups) {
      Map<String, Object> group = (Map<String, Object>) g;
      Map<?, ?> before =
          previous.stream()
              .filter(
                  p ->
                      p instanceof Map<?, ?> pm
                          && Objects.equals(pm.get("name"), group.get("name")))
              .map(p -> (Map<?, ?>) p)
              .findFirst()
              .orElse(null);
      out.add(walk(group, before, now));
    }
    return out;
  }

  private static Object strip(Object value) {
    if (value instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach(
          (k, v) -> {
            if (!"time".equals(k) && !"lastProbeTime".equals(k)) {
              out.put(k, strip(v));
            }
          });
      return out;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(StatusTransitions::strip).toList();
    }
    return value;
  }
}
