package dev.skyscaler.core.scaleup.candidate;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One way to help pending pods: add {@code nodeCount} nodes to a group, on which {@code pods} would
 * be scheduled (the estimator's answer). Expanders choose among these.
 */
public record ExpansionOption(GroupTemplate template, int nodeCount, List<Pod> pods) {
  public ExpansionOption {
    Objects.requireNonNull(template, "template");
    if (nodeCount < 1) {
      throw new IllegalArgumentException("an expansion option adds at least one node");
    }
    pods = List.copyOf(pods);
  }

  public String groupName() {
    return template.groupName();
  }

  /** Sum of the requests of the pods this option places. */
  public Resources podRequests() {
    long cpu = 0;
    long memory = 0;
    long storage = 0;
    Map<String, Long> extended = new TreeMap<>();
    for (Pod p : pods) {
      Resources r = p.requests();
      cpu += r.cpu();
      memory += r.memory();
      storage += r.ephemeralStorage();
      if (!r.extended().isEmpty()) {
        r.extended().forEach((k, v) -> extended.merge(k, v, Long::sum));
      }
    }
    return new Resources(cpu, memory, storage, pods.size(), extended);
  }

  /** True when at least one of the pods asks for a GPU. */
  public boolean helpsGpuPods() {
    for (Pod p : pods) {
      if (p.requests().gpus() > 0) {
        return true;
      }
    }
    return false;
  }
}
