package dev.skyscaler.core.plan;

import java.util.Map;
import java.util.TreeMap;

/**
 * A pending pod that no scale-up helps, with the reason for each node group (CA's {@code
 * NotTriggerScaleUp} wording: "Insufficient cpu", "max node group size reached", ...).
 */
public record NoScaleUp(String pod, Map<String, String> reasons) {
  public NoScaleUp {
    reasons = java.util.Collections.unmodifiableMap(new TreeMap<>(reasons));
  }
}
