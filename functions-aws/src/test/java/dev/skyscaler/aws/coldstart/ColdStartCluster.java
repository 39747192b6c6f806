package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.asg.ProviderIds;
import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.autoscaling.model.Instance;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The small cluster a cold start is measured against: one Auto Scaling Group in moto ({@value
 * #GROUP}, m5.large, tagged for discovery, 2 instances), their 2 Ready nodes in a mock API server
 * with 9 running pods each (200m / 256Mi, so about 130m of CPU is left per node), 3 pending pods
 * (600m / 1Gi) that fit no node but one new m5.large, and the kubeconfig of the mock API server in
 * a Secrets Manager secret. The scan the child runs reads all of it, plans a scale-up of one node
 * and sets the group's desired capacity to {@value #DESIRED_AFTER}: a full scan with one action.
 */
final class ColdStartCluster {
  static final String CLUSTER = "cold-start";
  static final String GROUP = CLUSTER + "-general";
  static final int NODES = 2;
  static final int RUNNING_PER_NODE = 9;
  static final int PENDING = 3;
  static final int DESIRED_AFTER = 3;

  private ColdStartCluster() {}

  /**
   * Arranges the cluster in an empty moto account and an empty mock API server.
   *
   * @return the scan function's environment, as the SAM template would set it, pointing at both
   */
  static Map<String, String> seed(MotoServer moto, MockCluster cluster) {
    List<Instance> instances;
    try (MotoAccount account = new MotoAccount(moto)) {
      account.launchTemplate(CLUSTER, "m5.large", 0, false);
      account.group(GROUP, CLUSTER, 1, 10, NODES, MotoAccount.clusterTags(CLUSTER, Map.of()));
      instances =
          account
              .autoscaling()
              .describeAutoScalingGroups(b -> b.autoScalingGroupNames(GROUP))
              .autoScalingGroups()
              .get(0)
              .instances();
    }
    for (int n = 0; n < instances.size(); n++) {
      Instance i = instances.get(n);
      String name = nodeName(n);
      cluster.admin().nodes().resource(node(name, i.availabilityZone(), i.instanceId())).create();
      for (int p = 0; p < RUNNING_PER_NODE; p++) {
        create(cluster, pod("web-" + n + "-" + p, name, "web", "200m", "256Mi"));
      }
    }
    for (int p = 0; p < PENDING; p++) {
      create(cluster, pod("batch-" + p, null, "batch", "600m", "1Gi"));
    }
    String arn;
    try (SecretsManagerClient secrets =
        moto.settings().configure(SecretsManagerClient.builder()).build()) {
      arn =
          secrets
              .createSecret(
                  b -> b.name(CLUSTER + "-kubeconfig").secretString(cluster.kubeconfigWithCaData()))
              .arn();
    }
    Map<String, String> env = new TreeMap<>();
    env.put("CLUSTER_NAME", CLUSTER);
    env.put("AWS_REGION", MotoServer.REGION.id());
    env.put("AWS_ENDPOINT_URL", moto.endpoint().toString());
    env.put("AWS_ACCESS_KEY_ID", "testing");
    env.put("AWS_SECRET_ACCESS_KEY", "testing");
    env.put("KUBECONFIG_SECRET_ARN", arn);
    // What Lambda sets for a function without SnapStart or provisioned concurrency.
    env.put("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand");
    return env;
  }

  /** The name of the group's {@code n}th instance's node (from 0, in the group's order). */
  static String nodeName(int n) {
    return "ip-10-0-1-" + (11 + n) + ".ec2.internal";
  }

  /** The group's desired capacity now. */
  static int desiredCapacity(MotoServer moto) {
    try (MotoAccount account = new MotoAccount(moto)) {
      return account
          .autoscaling()
          .describeAutoScalingGroups(b -> b.autoScalingGroupNames(GROUP))
          .autoScalingGroups()
          .get(0)
          .desiredCapacity();
    }
  }

  /** An m5.large node as the EKS AMI registers it (allocatable after kube-reserved). */
  private static Node node(String name, String zone, String instanceId) {
    Node node = Fixtures.node(name);
    node.getMetadata().getLabels().put("topology.kubernetes.io/zone", zone);
    node.getMetadata().getLabels().put("node.kubernetes.io/instance-type", "m5.large");
    node.getSpec().setProviderID(ProviderIds.of(zone, instanceId));
    node.getStatus()
        .setCapacity(
            Map.of(
                "cpu",
                new Quantity("2"),
                "memory",
                new Quantity("7944Mi"),
                "pods",
                new Quantity("29")));
    node.getStatus()
        .setAllocatable(
            Map.of(
                "cpu",
                new Quantity("1930m"),
                "memory",
                new Quantity("7270Mi"),
                "pods",
                new Quantity("29")));
    return node;
  }

  private static Pod pod(String name, String node, String app, String cpu, String memory) {
    Pod pod = Fixtures.pod("default", name, node, app);
    pod.getSpec()
        .getContainers()
        .get(0)
        .getResources()
        .setRequests(Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory)));
    return pod;
  }

  private static void create(MockCluster cluster, Pod pod) {
    cluster.admin().pods().inNamespace("default").resource(pod).create();
  }
}
