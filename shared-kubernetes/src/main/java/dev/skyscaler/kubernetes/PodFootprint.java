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
    for (int i = 0; i < containers.size(); i++) {
      JsonNode c = containers.get(i);
      Fields.item(path, field, i, () -> addHostPorts(result, c, sidecarsOnly));
    }
  }

  /** A container's host ports, its errors at paths relative to it; returns {@code result}. */
  private static List<HostPort> addHostPorts(
      List<HostPort> result, JsonNode c, boolean sidecarsOnly) {
    if (sidecarsOnly && !"Always".equals(Fields.text(c, "restartPolicy", ""))) {
      return result;
    }
    List<JsonNode> ports = Fields.list(c, "ports", "");
    for (int j = 0; j < ports.size(); j++) {
      JsonNode p = ports.get(j);
      HostPort hostPort = Fields.item("", "ports", j, () -> hostPort(p));
      if (hostPort != null) {
        result.add(hostPort);
      }
    }
    return result;
  }

  private static HostPort hostPort(JsonNode p) {
    Integer hostPort = Fields.integer(p, "hostPort", "");
    if (hostPort == null || hostPort <= 0) {
      return null;
    }
    String protocol = Fields.text(p, "protocol", "");
    String hostIp = Fields.text(p, "hostIP", "");
    return Fields.at("", () -> new HostPort(protocol, hostIp, hostPort));
  }

  /** The volume's name when it is local storage, else null; errors relative to the volume. */
  private static String localStorage(JsonNode v) {
    JsonNode emptyDir = Fields.object(v, "emptyDir", "");
    boolean diskEmptyDir =
        emptyDir != null && !"Memory".equals(Fields.text(emptyDir, "medium", "emptyDir"));
    if (Fields.get(v, "hostPath") != null || diskEmptyDir) {
      return Fields.text(v, "name", "");
    }
    return null;
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
      String local = Fields.item(path, "volumes", i, () -> localStorage(v));
      if (local != null) {
        result.add(local);
      }
    }
    return result;
  }
}
