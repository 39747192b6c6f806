package dev.skyscaler.core.headroom;

import dev.skyscaler.core.model.Pod;
import java.util.List;

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
}
