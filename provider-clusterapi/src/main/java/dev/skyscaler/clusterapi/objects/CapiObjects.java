package dev.skyscaler.clusterapi.objects;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Cluster API objects one discovery reads, from the management cluster or from snapshot files:
 * the scalable resources (MachineSets owned by a MachineDeployment included: they tell whether it
 * is rolling out), their Machines, the Clusters, and the infrastructure templates the scalable
 * resources refer to.
 *
 * @param templates the infrastructure templates found, by where they are
 * @param warnings objects left out because they could not be read, each named
 */
public record CapiObjects(
    List<ScalableResource> scalables,
    List<CapiMachine> machines,
    List<CapiCluster> clusters,
    Map<TemplateKey, InfrastructureTemplate> templates,
    List<String> warnings) {

  /** Where an infrastructure template is: its namespace (the scalable resource's), group, kind. */
  public record TemplateKey(String namespace, String group, String kind, String name) {
    public static TemplateKey of(ScalableResource r, InfrastructureRef ref) {
      return new TemplateKey(r.ref().namespace(), ref.group(), ref.kind(), ref.name());
    }
  }

  public CapiObjects {
    scalables = List.copyOf(scalables);
    machines = List.copyOf(machines);
    clusters = List.copyOf(clusters);
    templates = Map.copyOf(templates);
    warnings = List.copyOf(warnings);
  }

  /** The infrastructure template of a scalable resource, when it has one and it was found. */
  public Optional<InfrastructureTemplate> template(ScalableResource r) {
    return r.infrastructure().map(ref -> templates.get(TemplateKey.of(r, ref)));
  }
}
