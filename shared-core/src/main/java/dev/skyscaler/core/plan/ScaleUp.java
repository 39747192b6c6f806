package dev.skyscaler.core.plan;

import java.util.List;

/**
 * Grow {@code nodeGroup} from {@code currentTarget} by {@code delta} nodes, for {@code pods}
 * ({@code namespace/name}).
 */
public record ScaleUp(String nodeGroup, int delta, int currentTarget, List<String> pods) {
  public ScaleUp {
    if (delta < 1) {
      throw new IllegalArgumentException(
          "scale-up of " + nodeGroup + " must add at least one node");
    }
    pods = List.copyOf(pods);
  }

  public int newTarget() {
    return currentTarget + delta;
  }
}
