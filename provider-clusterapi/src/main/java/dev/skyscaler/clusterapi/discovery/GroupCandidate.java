package dev.skyscaler.clusterapi.discovery;

import dev.skyscaler.clusterapi.objects.CapiMachine;
import dev.skyscaler.clusterapi.objects.ScalableResource;
import dev.skyscaler.core.model.NodeTemplate;
import java.util.List;
import java.util.Optional;

/**
 * A scalable resource that is a node group, before the cluster's nodes are matched to it.
 *
 * @param machines its Machines: a MachineDeployment's through its MachineSets, a MachineSet's and a
 *     MachinePool's directly (ownership)
 * @param template the scale-from-zero template, when cpu and memory are known
 * @param rollout why its nodes must not be scaled down now (a MachineDeployment rolling out)
 */
public record GroupCandidate(
    ScalableResource resource,
    int min,
    int max,
    int replicas,
    List<CapiMachine> machines,
    Optional<NodeTemplate> template,
    Optional<String> rollout) {
  public GroupCandidate {
    machines = List.copyOf(machines);
  }

  public String id() {
    return resource.ref().id();
  }

  /** A MachinePool whose infrastructure provider keeps no Machine per instance. */
  public boolean withoutMachines() {
    return machines.isEmpty() && !resource.providerIds().isEmpty();
  }
}
