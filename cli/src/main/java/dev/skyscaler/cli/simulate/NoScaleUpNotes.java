package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Says on the timeline why pending pods get no scale-up, when the reasons change: every scan plans
 * again, so repeating an unchanged answer would only bury the rest of the timeline.
 */
final class NoScaleUpNotes {
  private static final int SHOWN = 3;

  private final Timeline timeline;
  private List<Map<String, String>> lastReasons = List.of();

  NoScaleUpNotes(Timeline timeline) {
    this.timeline = timeline;
  }

  void note(Plan plan, Instant now) {
    Map<Map<String, String>, Integer> podsByReasons = new LinkedHashMap<>();
    for (NoScaleUp n : plan.noScaleUps()) {
      podsByReasons.merge(n.reasons(), 1, Integer::sum);
    }
    List<Map<String, String>> reasons = new ArrayList<>(podsByReasons.keySet());
    if (reasons.equals(lastReasons)) {
      return;
    }
    lastReasons = reasons;
    if (reasons.isEmpty()) {
      return;
    }
    List<String> parts = new ArrayList<>();
    podsByReasons.entrySet().stream()
        .limit(SHOWN)
        .forEach(
            e ->
                parts.add(
                    Timeline.plural(e.getValue(), "pending pod")
                        + (e.getKey().isEmpty()
                            ? " (no node group)"
                            : " — " + describe(e.getKey()))));
    if (podsByReasons.size() > SHOWN) {
      parts.add("and " + (podsByReasons.size() - SHOWN) + " more kinds");
    }
    timeline.add(now, "no-scale-up", "no scale-up for " + String.join("; ", parts));
  }

  private static String describe(Map<String, String> reasons) {
    List<String> byGroup = new ArrayList<>();
    reasons.forEach((group, reason) -> byGroup.add(group + ": " + reason));
    return String.join(", ", byGroup);
  }
}
