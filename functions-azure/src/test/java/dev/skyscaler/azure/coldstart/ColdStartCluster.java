package dev.skyscaler.azure.coldstart;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The small cluster an Azure cold start is measured against, the twin of the AWS measurement's: a
 * scale set {@value #SCALE_SET} in the local ARM server (Standard_D4s_v5, tagged for discovery as
 * Cluster Autoscaler reads it, 2 VMs), their 2 Ready nodes in a mock API server with 9 running pods
 * each (400m / 1Gi: 320m of CPU left per node), 3 pending pods (600m / 1Gi) that fit no node but
 * one new VM, and the mock API server's kubeconfig in the ARM server's Key Vault. The scan the
 * child runs reads all of it, plans a scale-up of one VM and sets the scale set's capacity to
 * {@value #CAPACITY_AFTER}: a full scan with one action.
 */
final class ColdStartCluster {
  static final String CLUSTER = "cold-start";
  static final String RESOURCE_GROUP = "rg-nodes";
  static final String SCALE_SET = CLUSTER + "-general";
  static final int NODES = 2;
  static final int RUNNING_PER_NODE = 9;
  static final int PENDING = 3;
  static final int CAPACITY_AFTER = 3;

  /** The client id of the Function App's user-assigned identity, as the Bicep template sets it. */
  static final String IDENTITY_CLIENT_ID = "7c1e2d3f-0000-4000-8000-00000000c01d";

  private ColdStartCluster() {}

  /**
   * Arranges the cluster in an empty ARM server and an empty mock API server.
   *
   * @return the Scan function's app settings, as the Bicep template sets them for a self-managed
   *     cluster, pointing at both (the identity endpoint's variables are the caller's)
   */
  static Map<String, String> seed(FakeArm arm, MockCluster cluster) {
    FakeArmWorld.ScaleSet set;
    synchronized (arm) {
      arm.world().now = Instant.now();
      set = arm.world().scaleSet(RESOURCE_GROUP, SCALE_SET, "Standard_D4s_v5", NODES);
      set.tag("k8s.io_cluster-autoscaler_enabled", "true")
          .tag("k8s.io_cluster-autoscaler_" + CLUSTER, "owned")
          .tag("min", "1")
          .tag("max", "10");
    }
    for (FakeArmWorld.Vm vm : set.vms) {
      cluster.admin().nodes().resource(node(vm)).create();
      for (int p = 0; p < RUNNING_PER_NODE; p++) {
        create(cluster, pod("web-" + vm.instanceId + "-" + p, vm.computerName, "400m"));
      }
    }
    for (int p = 0; p < PENDING; p++) {
      create(cluster, pod("batch-" + p, null, "600m"));
    }
    arm.secret(CLUSTER + "-kubeconfig", cluster.kubeconfigWithCaData());
    Map<String, String> env = new TreeMap<>();
    env.put("ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION);
    env.put("CLUSTER_NAME", CLUSTER);
    env.put("ARM_RESOURCE_GROUP", RESOURCE_GROUP);
    env.put("ARM_USER_ASSIGNED_IDENTITY_ID", IDENTITY_CLIENT_ID);
    env.put("KUBECONFIG_SECRET_URI", arm.endpoint() + "secrets/" + CLUSTER + "-kubeconfig");
    return env;
  }

  /** The scale set's capacity once the operations the child started have completed. */
  static int capacity(FakeArm arm) {
    arm.completeOperations();
    synchronized (arm) {
      return arm.world().findScaleSet(RESOURCE_GROUP, SCALE_SET).orElseThrow().capacity;
    }
  }

  /** A Standard_D4s_v5 node as AKS's kubelet registers a scale set VM (4 CPUs, 3920m left). */
  private static Node node(FakeArmWorld.Vm vm) {
    Node node = Fixtures.node(vm.computerName);
    node.getMetadata().getLabels().put("node.kubernetes.io/instance-type", "Standard_D4s_v5");
    node.getMetadata().getLabels().put("topology.kubernetes.io/region", "westeurope");
    node.getMetadata().getLabels().put("topology.kubernetes.io/zone", "0");
    node.getSpec()
        .setProviderID(
            "azure:///subscriptions/"
                + FakeArm.SUBSCRIPTION
                + "/resourceGroups/"
                + RESOURCE_GROUP.toLowerCase(Locale.ROOT)
                + "/providers/Microsoft.Compute/virtualMachineScaleSets/"
                + SCALE_SET
                + "/virtualMachines/"
                + vm.instanceId);
    return node;
  }

  private static Pod pod(String name, String node, String cpu) {
    Pod pod = Fixtures.pod("default", name, node, node == null ? "batch" : "web");
    pod.getSpec()
        .getContainers()
        .get(0)
        .getResources()
        .setRequests(Map.of("cpu", new Quantity(cpu), "memory", new Quantity("1Gi")));
    return pod;
  }

  private static void create(MockCluster cluster, Pod pod) {
    cluster.admin().pods().inNamespace("default").resource(pod).create();
  }
}
