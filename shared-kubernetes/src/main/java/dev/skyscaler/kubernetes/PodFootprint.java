package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.HostPort;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
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
  static List<HostPort> hostPorts(PodSpec spec, String path) {
    List<HostPort> result = new ArrayList<>();
    addHostPorts(result, Fields.list(spec.getContainers()), path + ".containers", false);
    addHostPorts(result, Fields.list(spec.getInitContainers()), path + ".initContainers", true);
    return result;
  }

  private static void addHostPorts(
      List<HostPort> result, List<Container> containers, String path, boolean sidecarsOnly) {
    for (int i = 0; i < containers.size(); i++) {
      Container c = containers.get(i);
      if (sidecarsOnly && !"Always".equals(c.getRestartPolicy())) {
        continue;
      }
      List<ContainerPort> ports = Fields.list(c.getPorts());
      for (int j = 0; j < ports.size(); j++) {
        ContainerPort p = ports.get(j);
        if (p.getHostPort() != null && p.getHostPort() > 0) {
          String at = Fields.index(Fields.index(path, i) + ".ports", j);
          result.add(
              Fields.at(at, () -> new HostPort(p.getProtocol(), p.getHostIP(), p.getHostPort())));
        }
      }
    }
  }

  /** CA's "local storage": hostPath volumes and emptyDirs not backed by memory. */
  static List<String> localStorageVolumes(List<Volume> volumes) {
    List<String> result = new ArrayList<>();
    for (Volume v : Fields.list(volumes)) {
      boolean diskEmptyDir =
          v.getEmptyDir() != null && !"Memory".equals(v.getEmptyDir().getMedium());
      if (v.getHostPath() != null || diskEmptyDir) {
        result.add(v.getName());
      }
    }
    return result;
  }
}
