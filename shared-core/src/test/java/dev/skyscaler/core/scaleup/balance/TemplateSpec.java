package dev.skyscaler.core.scaleup.balance;

import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.template;

import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds group templates for similarity tests. Defaults: 4 cores, 16Gi, 100Gi storage, 110 pods,
 * labelled {@code node.kubernetes.io/instance-type=m5.xlarge} and zone {@code a}, a DaemonSet
 * overhead of 200m and 256Mi, no taints.
 */
final class TemplateSpec {
  private final String name;
  private long cpu = 4000;
  private long memory = 16L << 30;
  private long pods = 110;
  private final Map<String, Long> extended = new TreeMap<>();
  private final Map<String, String> labels = new HashMap<>();
  private final List<Taint> taints = new ArrayList<>();
  private Resources overhead = Resources.of(200, 256L << 20);

  private TemplateSpec(String name) {
    this.name = name;
    labels.put("node.kubernetes.io/instance-type", "m5.xlarge");
    labels.put("topology.kubernetes.io/zone", "a");
  }

  static TemplateSpec templateOf(String name) {
    return new TemplateSpec(name);
  }

  TemplateSpec cpu(long milli) {
    cpu = milli;
    return this;
  }

  TemplateSpec memory(long bytes) {
    memory = bytes;
    return this;
  }

  TemplateSpec pods(long v) {
    pods = v;
    return this;
  }

  TemplateSpec gpu(long count) {
    extended.put("nvidia.com/gpu", count);
    return this;
  }

  TemplateSpec label(String k, String v) {
    labels.put(k, v);
    return this;
  }

  TemplateSpec taint(String key, String value) {
    taints.add(new Taint(key, value, TaintEffect.NO_SCHEDULE));
    return this;
  }

  TemplateSpec overhead(long cpuMilli, long memoryBytes) {
    overhead = Resources.of(cpuMilli, memoryBytes);
    return this;
  }

  GroupTemplate build() {
    return new GroupTemplate(
        group(name).template(template()).build(Set.of()),
        new Resources(cpu, memory, 100L << 30, pods, extended),
        labels,
        taints,
        overhead,
        true);
  }
}
