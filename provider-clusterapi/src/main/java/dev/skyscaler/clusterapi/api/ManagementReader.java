package dev.skyscaler.clusterapi.api;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.objects.CapiObjectException;
import dev.skyscaler.clusterapi.objects.CapiObjects;
import dev.skyscaler.clusterapi.objects.CapiObjects.TemplateKey;
import dev.skyscaler.clusterapi.objects.CapiObjectsBuilder;
import dev.skyscaler.clusterapi.objects.InfrastructureRef;
import dev.skyscaler.clusterapi.objects.ScalableKind;
import dev.skyscaler.clusterapi.objects.ScalableResource;
import dev.skyscaler.kubernetes.KubernetesApiException;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One read of the management cluster: the MachineDeployments and MachinePools (where served), the
 * MachineSets, the Machines and the Clusters in the namespaces the discovery specs name (all when
 * one names none), then the infrastructure template of each scalable resource the specs select (for
 * scale-from-zero). An object that cannot be read, or a template that cannot be fetched, is a
 * warning; a list that fails fails the read.
 */
public final class ManagementReader {
  private final ManagementGateway gateway;
  private final ClusterApiOptions options;

  public ManagementReader(ManagementGateway gateway, ClusterApiOptions options) {
    this.gateway = gateway;
    this.options = options;
  }

  /**
   * @throws KubernetesApiException when a list fails
   * @throws CapiObjectException when the Cluster API is not served, or past a limit
   */
  public CapiObjects read() {
    return read(options.namespaces(), true);
  }

  /**
   * A read of some namespaces only (all when empty), with or without the templates: what an action
   * needs to check its group afresh.
   */
  public CapiObjects read(Optional<Set<String>> namespaces, boolean withTemplates) {
    ServedApi api = gateway.api();
    CapiObjectsBuilder b = new CapiObjectsBuilder(options.names(), false);
    for (ScalableKind k : ScalableKind.values()) {
      if (api.serves(k)) {
        gateway.list(k.plural(), k.kind(), namespaces).forEach(o -> b.add(o, ""));
      }
    }
    gateway.list("machines", "Machine", namespaces).forEach(o -> b.add(o, ""));
    if (api.serves("clusters")) {
      gateway.list("clusters", "Cluster", namespaces).forEach(o -> b.add(o, ""));
    }
    Set<TemplateKey> fetched = new HashSet<>();
    for (ScalableResource r : withTemplates ? b.scalables() : List.<ScalableResource>of()) {
      if (r.infrastructure().isEmpty() || !options.selects(r) || r.ownedByDeployment()) {
        continue;
      }
      InfrastructureRef ref = r.infrastructure().get();
      TemplateKey key = TemplateKey.of(r, ref);
      if (fetched.add(key)) {
        template(b, key, ref, r);
      }
    }
    return b.build();
  }

  private void template(
      CapiObjectsBuilder b, TemplateKey key, InfrastructureRef ref, ScalableResource r) {
    try {
      Optional<GenericKubernetesResource> t = gateway.template(ref, key.namespace());
      if (t.isPresent()) {
        b.addTemplate(key, t.get(), "");
      } else {
        b.warn(r.ref().id() + ": infrastructure template " + ref + " not found");
      }
    } catch (KubernetesApiException | CapiObjectException e) {
      b.warn(r.ref().id() + ": infrastructure template " + ref + ": " + e.getMessage());
    }
  }
}
