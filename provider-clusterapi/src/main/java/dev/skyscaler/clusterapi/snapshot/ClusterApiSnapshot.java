package dev.skyscaler.clusterapi.snapshot;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.discovery.NodeGroupDiscovery;
import dev.skyscaler.clusterapi.objects.CapiObjectException;
import dev.skyscaler.clusterapi.objects.CapiObjects.TemplateKey;
import dev.skyscaler.clusterapi.objects.CapiObjectsBuilder;
import dev.skyscaler.clusterapi.objects.ObjectReader;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.kubernetes.SnapshotException;
import dev.skyscaler.kubernetes.SnapshotFiles;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Cluster API objects of snapshot files ({@code kubectl get
 * machinedeployments,machinesets,machinepools,machines,clusters -A -o yaml} and the infrastructure
 * machine templates, appended to the usual snapshot), taken while {@link SnapshotFiles} reads them,
 * and the node groups they make: the same discovery as on a live management cluster, so {@code
 * skyscaler plan --cloud-provider=clusterapi} needs no node-groups file.
 *
 * <p>Taken: MachineDeployments, MachineSets, MachinePools, Machines and Clusters of the Cluster API
 * group, and every {@code *MachineTemplate} of another group. Strict: an object that cannot be
 * read, or one defined twice, fails with one message naming the file, the object and the field.
 */
public final class ClusterApiSnapshot implements SnapshotFiles.ExtraObjects {
  private static final Set<String> KINDS =
      Set.of("MachineDeployment", "MachineSet", "MachinePool", "Machine", "Cluster");

  private final ClusterApiOptions options;
  private final CapiObjectsBuilder objects;
  private final Map<String, String> seen = new HashMap<>();

  public ClusterApiSnapshot(ClusterApiOptions options) {
    this.options = options;
    this.objects = new CapiObjectsBuilder(options.names(), true);
  }

  @Override
  public boolean take(GenericKubernetesResource o, String where) {
    String group = group(o.getApiVersion());
    boolean capi = group.equals(options.names().group()) && KINDS.contains(o.getKind());
    boolean template =
        !group.equals(options.names().group()) && o.getKind().endsWith("MachineTemplate");
    if (!capi && !template) {
      return false;
    }
    String name = ObjectReader.describe(o);
    String first = seen.putIfAbsent(name, where);
    if (first != null) {
      throw new SnapshotException(name + ": defined twice: " + where + ", and first in " + first);
    }
    try {
      if (capi) {
        objects.add(o, "");
      } else {
        objects.addTemplate(
            new TemplateKey(
                o.getMetadata().getNamespace(), group, o.getKind(), o.getMetadata().getName()),
            o,
            "");
      }
    } catch (CapiObjectException e) {
      throw new SnapshotException(e.getMessage(), e);
    }
    return true;
  }

  /**
   * The node groups of the objects taken, with {@code nodes} matched.
   *
   * @throws SnapshotException when two Machines have the same provider ID
   */
  public Discovery discover(List<Node> nodes) {
    try {
      return NodeGroupDiscovery.prepare(objects.build(), options).match(nodes);
    } catch (CapiObjectException e) {
      throw new SnapshotException("snapshot: " + e.getMessage(), e);
    }
  }

  private static String group(String apiVersion) {
    int slash = apiVersion == null ? -1 : apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }
}
