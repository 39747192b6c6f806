package dev.skyscaler.core.headroom;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.NoScaleUp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The virtual pods that keep headroom and capacity buffers, and why some were not made (an unknown
 * group, a buffer without a template, ...).
 *
 * @param pods pending, unschedulable placeholder pods; {@link Headroom#isVirtual} is true for each
 */
public record HeadroomPods(List<Pod> pods, List<String> warnings) {
  public HeadroomPods {
    pods = List.copyOf(pods);
    warnings = List.copyOf(warnings);
  }

  /**
   * The entries of {@code noScaleUps} that are real pods. Virtual pods are not pods a user has, so
   * they get no {@code NotTriggerScaleUp} (CA filters its buffer pods out the same way); {@link
   * #unmet} says instead which headroom or buffer is short.
   */
  public List<NoScaleUp> withoutVirtual(List<NoScaleUp> noScaleUps) {
    if (pods.isEmpty()) {
      return List.copyOf(noScaleUps); // no virtual pod: nothing to take out
    }
    Map<String, Pod> virtual = byKey();
    return noScaleUps.stream().filter(n -> !virtual.containsKey(n.pod())).toList();
  }

  /**
   * One warning per headroom spec or buffer with units that no node group can host, e.g. {@code
   * CapacityBuffer team-a/web: 2 of 5 chunks fit no node group (ng1: max node group size reached)};
   * the reasons are those of its first such unit.
   */
  public List<String> unmet(List<NoScaleUp> noScaleUps) {
    if (pods.isEmpty()) {
      return List.of(); // no headroom and no buffer: nothing can be short
    }
    Map<String, Pod> virtual = byKey();
    Map<String, Integer> totals = new HashMap<>();
    pods.forEach(p -> totals.merge(source(p), 1, Integer::sum));
    Map<String, List<NoScaleUp>> unmetBySource = new LinkedHashMap<>();
    for (NoScaleUp n : noScaleUps) {
      Pod p = virtual.get(n.pod());
      if (p != null) {
        unmetBySource.computeIfAbsent(source(p), s -> new ArrayList<>()).add(n);
      }
    }
    List<String> result = new ArrayList<>();
    unmetBySource.forEach(
        (source, unmet) -> {
          String unit = source.startsWith("headroom") ? " units" : " chunks";
          result.add(
              source
                  + ": "
                  + unmet.size()
                  + " of "
                  + totals.get(source)
                  + unit
                  + " fit no node group ("
                  + reasons(unmet.get(0))
                  + ")");
        });
    return result;
  }

  /** The virtual pods by {@code namespace/name}. */
  public Map<String, Pod> byKey() {
    Map<String, Pod> map = new HashMap<>();
    pods.forEach(p -> map.put(p.key(), p));
    return map;
  }

  private static String source(Pod p) {
    return p.annotations().getOrDefault(Headroom.SOURCE_ANNOTATION, p.key());
  }

  private static String reasons(NoScaleUp n) {
    if (n.reasons().isEmpty()) {
      return "no node groups";
    }
    return n.reasons().entrySet().stream()
        .map(e -> e.getKey() + ": " + e.getValue())
        .collect(Collectors.joining("; "));
  }
}
