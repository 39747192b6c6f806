package dev.skyscaler.clusterapi.objects;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A Cluster API Machine, as far as the autoscaler reads it.
 *
 * @param owners its owner references ({@code MachineSet/<name>}, {@code MachinePool/<name>})
 * @param providerId {@code spec.providerID}, empty until the infrastructure provider sets it
 * @param nodeName {@code status.nodeRef.name}, empty until its node has registered
 * @param phase {@code status.phase}, empty when not reported
 * @param deleting it has a deletion timestamp
 */
public record CapiMachine(
    String namespace,
    String name,
    Map<String, String> labels,
    Map<String, String> annotations,
    List<ObjectRef> owners,
    String providerId,
    String nodeName,
    String phase,
    boolean deleting,
    Instant created) {
  public CapiMachine {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    labels = Map.copyOf(labels);
    annotations = Map.copyOf(annotations);
    owners = List.copyOf(owners);
    providerId = providerId == null ? "" : providerId;
    nodeName = nodeName == null ? "" : nodeName;
    phase = phase == null ? "" : phase;
    Objects.requireNonNull(created, "created");
  }

  /** {@code Machine <ns>/<name>}, for messages. */
  public String describe() {
    return "Machine " + namespace + "/" + name;
  }

  /** The owner of this kind, if any. */
  public java.util.Optional<ObjectRef> owner(String kind) {
    return owners.stream().filter(o -> o.kind().equals(kind)).findFirst();
  }

  /**
   * Cluster API v1beta1's terminal failure ({@code status.phase: Failed}); v1beta2 controllers no
   * longer set it, and such Machines stay pending until {@code --max-node-provision-time}.
   */
  public boolean failed() {
    return phase.equals("Failed");
  }
}
