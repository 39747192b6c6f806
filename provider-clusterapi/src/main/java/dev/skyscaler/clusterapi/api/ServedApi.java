package dev.skyscaler.clusterapi.api;

import dev.skyscaler.clusterapi.objects.ScalableKind;
import java.util.Set;

/**
 * The Cluster API version the management cluster is read in, and which kinds it serves there
 * (MachineDeployments and MachinePools are optional, as in Cluster Autoscaler).
 *
 * @param resources the resource names served in that version ({@code machinedeployments}, ...)
 */
public record ServedApi(String group, String version, Set<String> resources) {
  public ServedApi {
    resources = Set.copyOf(resources);
  }

  public String apiVersion() {
    return group + "/" + version;
  }

  public boolean serves(ScalableKind kind) {
    return resources.contains(kind.plural());
  }

  public boolean serves(String plural) {
    return resources.contains(plural);
  }
}
