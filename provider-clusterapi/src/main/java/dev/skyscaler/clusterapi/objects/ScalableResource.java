package dev.skyscaler.clusterapi.objects;

import dev.skyscaler.core.model.Taint;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A MachineDeployment, MachineSet or MachinePool, as far as the autoscaler reads it.
 *
 * @param replicas {@code spec.replicas}; empty when unset (the group is then reported and left
 *     alone)
 * @param statusReplicas {@code status.replicas}, 0 when not reported
 * @param clusterName {@code spec.clusterName}, else the cluster-name label, else empty
 * @param owners its owner references (a MachineSet's MachineDeployment)
 * @param templateLabels {@code spec.template.metadata.labels}: the ones Cluster API copies to nodes
 *     are in the template
 * @param templateTaints {@code spec.template.spec.taints} (Cluster API 1.12+)
 * @param infrastructure {@code spec.template.spec.infrastructureRef}
 * @param providerIds a MachinePool's {@code spec.providerIDList}; empty for the others
 */
public record ScalableResource(
    ObjectRef ref,
    Map<String, String> labels,
    Map<String, String> annotations,
    OptionalInt replicas,
    int statusReplicas,
    String clusterName,
    List<ObjectRef> owners,
    Map<String, String> templateLabels,
    List<Taint> templateTaints,
    Optional<InfrastructureRef> infrastructure,
    List<String> providerIds,
    Instant created) {
  public ScalableResource {
    Objects.requireNonNull(ref, "ref");
    labels = Map.copyOf(labels);
    annotations = Map.copyOf(annotations);
    Objects.requireNonNull(replicas, "replicas");
    clusterName = clusterName == null ? "" : clusterName;
    owners = List.copyOf(owners);
    templateLabels = Map.copyOf(templateLabels);
    templateTaints = List.copyOf(templateTaints);
    Objects.requireNonNull(infrastructure, "infrastructure");
    providerIds = List.copyOf(providerIds);
    Objects.requireNonNull(created, "created");
  }

  public ScalableKind kind() {
    return ScalableKind.of(ref.kind()).orElseThrow();
  }

  /** A MachineSet that a MachineDeployment owns is part of that group, not a group itself. */
  public boolean ownedByDeployment() {
    return owners.stream().anyMatch(o -> o.kind().equals("MachineDeployment"));
  }

  /** The MachineDeployment that owns this MachineSet, if any. */
  public Optional<ObjectRef> deployment() {
    return owners.stream().filter(o -> o.kind().equals("MachineDeployment")).findFirst();
  }
}
