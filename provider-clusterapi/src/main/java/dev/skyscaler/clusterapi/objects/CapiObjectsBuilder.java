package dev.skyscaler.clusterapi.objects;

import dev.skyscaler.clusterapi.objects.CapiObjects.TemplateKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects Cluster API objects, from the API or from snapshot files, into {@link CapiObjects}.
 * Strict (snapshot files, which a person wrote or edited): an object that cannot be read fails with
 * one message naming it and the field. Lenient (a live cluster): it is left out and named in a
 * warning, and the other groups carry on.
 *
 * <p>Limits: at most {@value #MAX_SCALABLES} scalable resources and {@value #MAX_MACHINES}
 * Machines; more fail the read.
 */
public final class CapiObjectsBuilder {
  public static final int MAX_SCALABLES = 5_000;
  public static final int MAX_MACHINES = 100_000;

  private final ObjectReader reader;
  private final boolean strict;
  private final List<ScalableResource> scalables = new ArrayList<>();
  private final List<CapiMachine> machines = new ArrayList<>();
  private final List<CapiCluster> clusters = new ArrayList<>();
  private final Map<TemplateKey, InfrastructureTemplate> templates = new HashMap<>();
  private final List<String> warnings = new ArrayList<>();

  public CapiObjectsBuilder(CapiNames names, boolean strict) {
    this.reader = new ObjectReader(names);
    this.strict = strict;
  }

  /**
   * Adds a MachineDeployment, MachineSet, MachinePool, Machine or Cluster; false for any other
   * kind.
   *
   * @param where where the object comes from, for messages ({@code snapshot.yaml (document 3)});
   *     empty for the API
   */
  public boolean add(GenericKubernetesResource o, String where) {
    String kind = o.getKind() == null ? "" : o.getKind();
    try {
      switch (kind) {
        case "MachineDeployment", "MachineSet", "MachinePool" -> {
          limit(
              scalables.size(), MAX_SCALABLES, "MachineDeployments, MachineSets and MachinePools");
          scalables.add(reader.scalable(o));
        }
        case "Machine" -> {
          limit(machines.size(), MAX_MACHINES, "Machines");
          machines.add(reader.machine(o));
        }
        case "Cluster" -> clusters.add(reader.cluster(o));
        default -> {
          return false;
        }
      }
    } catch (CapiObjectException e) {
      problem(e, where);
    }
    return true;
  }

  /** Adds an infrastructure template, found where a scalable resource's reference points. */
  public void addTemplate(TemplateKey key, GenericKubernetesResource o, String where) {
    try {
      templates.put(key, reader.template(o));
    } catch (CapiObjectException e) {
      problem(e, where);
    }
  }

  /** A warning of the read itself (a template that could not be fetched). */
  public void warn(String warning) {
    warnings.add(warning);
  }

  /** The scalable resources read so far. */
  public List<ScalableResource> scalables() {
    return List.copyOf(scalables);
  }

  public CapiObjects build() {
    return new CapiObjects(scalables, machines, clusters, templates, warnings);
  }

  private void problem(CapiObjectException e, String where) {
    String message = where.isEmpty() ? e.getMessage() : where + ": " + e.getMessage();
    if (strict) {
      throw new CapiObjectException(message, e);
    }
    warnings.add(message + ": left out");
  }

  private static void limit(int count, int max, String what) {
    if (count >= max) {
      throw new CapiObjectException(
          "more than " + max + " " + what + ": at most " + max + " are read");
    }
  }
}
