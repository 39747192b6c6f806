package dev.skyscaler.clusterapi.objects;

import java.util.regex.Pattern;

/**
 * The annotation and label keys of Cluster API and of Cluster Autoscaler's {@code clusterapi}
 * provider. Those in the Cluster API group follow the group ({@code CAPI_GROUP}, default {@value
 * #DEFAULT_GROUP}), as CA derives them: {@code <group>/cluster-api-autoscaler-node-group-min-size},
 * {@code <group>/delete-machine}, ...
 *
 * @param group the Cluster API group
 */
public record CapiNames(String group) {
  public static final String DEFAULT_GROUP = "cluster.x-k8s.io";

  /** CA's scale-from-zero annotations, on the MachineDeployment, MachineSet or MachinePool. */
  public static final String CAPACITY_PREFIX = "capacity.cluster-autoscaler.kubernetes.io/";

  public static final String CPU = CAPACITY_PREFIX + "cpu";
  public static final String MEMORY = CAPACITY_PREFIX + "memory";
  public static final String EPHEMERAL_DISK = CAPACITY_PREFIX + "ephemeral-disk";
  public static final String MAX_PODS = CAPACITY_PREFIX + "maxPods";
  public static final String GPU_TYPE = CAPACITY_PREFIX + "gpu-type";
  public static final String GPU_COUNT = CAPACITY_PREFIX + "gpu-count";
  public static final String LABELS = CAPACITY_PREFIX + "labels";
  public static final String TAINTS = CAPACITY_PREFIX + "taints";

  /** The revision of a MachineSet within its MachineDeployment; not derived from the group. */
  public static final String REVISION = "machinedeployment.clusters.x-k8s.io/revision";

  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$");

  public CapiNames {
    if (group == null || group.length() > 253 || !DNS_SUBDOMAIN.matcher(group).matches()) {
      throw new IllegalArgumentException(
          "CAPI_GROUP: expected an API group such as " + DEFAULT_GROUP + ", got \"" + group + "\"");
    }
  }

  /** The names of the default group. */
  public static CapiNames defaults() {
    return new CapiNames(DEFAULT_GROUP);
  }

  public String minSize() {
    return group + "/cluster-api-autoscaler-node-group-min-size";
  }

  public String maxSize() {
    return group + "/cluster-api-autoscaler-node-group-max-size";
  }

  /** On a Machine: delete this one first when replicas go down. */
  public String deleteMachine() {
    return group + "/delete-machine";
  }

  /** On any Cluster API object: its controllers leave it alone, and so does the autoscaler. */
  public String paused() {
    return group + "/paused";
  }

  /** On a Node: the name of its Machine. */
  public String machineAnnotation() {
    return group + "/machine";
  }

  /** On a Node: the namespace of its Cluster (and Machine). */
  public String clusterNamespaceAnnotation() {
    return group + "/cluster-namespace";
  }

  /** On Cluster API objects: the cluster's name, when {@code spec.clusterName} is absent. */
  public String clusterNameLabel() {
    return group + "/cluster-name";
  }

  /** On a MachineSet: the MachineDeployment it belongs to. */
  public String deploymentNameLabel() {
    return group + "/deployment-name";
  }
}
