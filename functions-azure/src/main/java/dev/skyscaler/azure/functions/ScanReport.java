package dev.skyscaler.azure.functions;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.NodeGroup;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one scan saw in the cloud, as log lines: a line per node group (bounds, target, instances by
 * state) and a line per discovery warning.
 */
public record ScanReport(List<String> groups, List<String> warnings) {
  public ScanReport {
    groups = List.copyOf(groups);
    warnings = List.copyOf(warnings);
  }

  static ScanReport of(Discovery discovery) {
    List<String> lines = new ArrayList<>();
    for (NodeGroup g : discovery.groups()) {
      Map<CloudInstance.InstanceState, Integer> states =
          new EnumMap<>(CloudInstance.InstanceState.class);
      discovery.instances().stream()
          .filter(i -> i.nodeGroup().equals(g.name()))
          .forEach(i -> states.merge(i.state(), 1, Integer::sum));
      lines.add(
          "node group "
              + g.name()
              + ": target "
              + g.targetSize()
              + " within "
              + g.minSize()
              + ".."
              + g.maxSize()
              + ", instances "
              + states
              + (g.template().isPresent() ? ", template " + g.template().get().capacity() : ""));
    }
    return new ScanReport(lines, discovery.warnings());
  }
}
