package dev.skyscaler.core.plan;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Why one pod does or does not get a scale-up, group by group: the answer to "why is my pod pending
 * and what would the autoscaler do about it".
 *
 * @param pod {@code namespace/name}
 * @param summary one sentence: where the pod stands (running, fits an existing node, filtered out
 *     and why, helped by a scale-up, or helped by none)
 * @param groups per node group: "fits" with how many per node, or the reason it does not
 * @param scaleUpGroup the group whose scale-up would host it, if any
 */
public record PodExplanation(
    String pod, String summary, Map<String, String> groups, Optional<String> scaleUpGroup) {
  public PodExplanation {
    groups = Collections.unmodifiableMap(new TreeMap<>(groups));
  }
}
