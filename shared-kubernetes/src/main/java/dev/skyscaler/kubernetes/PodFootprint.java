package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.HostPort;
import java.util.ArrayList;
import java.util.List;

/** What a pod holds on its node besides resources: host ports and node-local storage. */
final class PodFootprint {
  private PodFootprint() {}

  /**
   * Host ports of the app containers, as kube-scheduler's NodePorts filter counts them, and of the
   * sidecar init containers, which hold theirs for the pod's whole life. Regular init containers
   * exit before the app starts, and the scheduler does not count them.
   */
  static List<HostPort> hostPorts(JsonNode spec, String path) {
    List<HostPort> result = new ArrayList<>(0);
    addHostPorts(result, spec, "containers", path, false);
    addHostPorts(result, spec, "initContainers", path, true);
    return result;
  }

  private static void addHostPorts(
      List<HostPort> result, JsonNode spec, String field, String path, boolean sidecarsOnly) {
    List<JsonNode> containers = Fields.list(spec, field, path);
    String base = Fields.child(path, field);
    for (int i = 0; i < containers.size(); i++) {
      JsonNode c = containers.get(i);
      String at = Fields.index(base, i);
      if (sidecarsOnly && !"Always".equals(Fields.text(c, "restartPolicy", at))) {
        continue;
      }
      List<JsonNode> ports = Fields.list(c, "ports", at);
      for (int j = 0; j < ports.size(); j++) {
        JsonNode p = ports.get(j);
        String portAt = Fields.index(at + ".ports", j);
        Integer hostPort = Fields.integer(p, "hostPort", portAt);
        if (hostPort != null && hostPort > 0) {
          String protocol = Fields.text(p, "protocol", portAt);
          String hostIp = Fields.text(p, "hostIP", portAt);
          result.add(Fields.at(portAt, () -> new HostPort(protocol, hostIp, hostPort)));
        }
      }
    }
  }

  /** CA's "local storage": hostPath volumes and emptyDirs not backed by memory. */
  static List<String> localStorageVolumes(JsonNode spec, String path) {
    List<JsonNode> volumes = Fields.list(spec, "volumes", path);
    if (volumes.isEmpty()) {
      return List.of();
    }
    List<String> result = new ArrayList<>(0);
    for (int i = 0; i < volumes.size(); i++) {
      JsonNode v = volumes.get(i);
      String at = Fields.index(Fields.child(path, "volumes"), i);
      JsonNode emptyDir = Fields.object(v, "emptyDir", at);
      boolean diskEmptyDir =
          emptyDir != null && !"Memory".equals(Fields.text(emptyDir, "medium", at + ".emptyDir"));
      if (Fields.get(v, "hostPath") != null || diskEmptyDir) {
        result.add(Fields.text(v, "name", at));
      }
    }
    return result;
  }
}
