package dev.skyscaler.azure.functions;

import com.microsoft.azure.functions.ExecutionContext;
import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import dev.skyscaler.azure.auth.KeyVaultGateway;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.scan.Sleeper;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The functions' real wiring pointed at test servers: Resource Manager and Key Vault at the local
 * ARM server, the Kubernetes API at a fabric8 mock API server, reached either through a kubeconfig
 * in Key Vault (a self-managed cluster) or through the AKS cluster's endpoint with the identity's
 * Entra token.
 */
public final class TestWiring {
  /** The bearer token in the Key Vault kubeconfig. */
  public static final String KUBECONFIG_TOKEN = "kubeconfig-token-3d9a";

  private TestWiring() {}

  /**
   * A self-managed cluster: its scale sets in {@code rg-nodes}, its kubeconfig in the Key Vault
   * secret {@code kubeconfig}.
   *
   * @param extra further app settings (CA flags), overriding the defaults
   */
  public static AzureWiring selfManaged(
      FakeArm arm, MockCluster cluster, Clock clock, Sleeper sleeper, Map<String, String> extra) {
    arm.secret("kubeconfig", kubeconfig(cluster));
    Map<String, String> env = new HashMap<>();
    env.put("ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION);
    env.put("CLUSTER_NAME", "prod");
    env.put("ARM_RESOURCE_GROUP", "rg-nodes");
    env.put("KUBECONFIG_SECRET_URI", arm.endpoint() + "secrets/kubeconfig");
    env.putAll(extra);
    return wiring(arm, clock, sleeper, env);
  }

  /**
   * The AKS cluster {@code rg-aks/prod}, node resource group {@code MC_rg-aks_prod_westeurope},
   * whose user kubeconfig names the mock API server.
   */
  public static AzureWiring aks(
      FakeArm arm,
      MockCluster cluster,
      FakeArmWorld.Cluster aks,
      Clock clock,
      Sleeper sleeper,
      Map<String, String> extra) {
    aks.kubeconfig = aksUserKubeconfig(cluster);
    Map<String, String> env = new HashMap<>();
    env.put("ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION);
    env.put("CLUSTER_NAME", aks.name);
    env.put("ARM_RESOURCE_GROUP", aks.nodeResourceGroup);
    env.put("ARM_CLUSTER_RESOURCE_GROUP", aks.resourceGroup);
    env.putAll(extra);
    return wiring(arm, clock, sleeper, env);
  }

  private static AzureWiring wiring(
      FakeArm arm, Clock clock, Sleeper sleeper, Map<String, String> env) {
    return new AzureWiring(
        FunctionSettings.parse(env),
        arm.credential(),
        arm.connection(),
        new KeyVaultGateway(arm.credential(), arm.httpClient(), false),
        clock,
        sleeper);
  }

  /** An execution context whose logger is {@code log}. */
  public static ExecutionContext context(Logger log, String invocationId, String function) {
    return new ExecutionContext() {
      @Override
      public Logger getLogger() {
        return log;
      }

      @Override
      public String getInvocationId() {
        return invocationId;
      }

      @Override
      public String getFunctionName() {
        return function;
      }
    };
  }

  private static String kubeconfig(MockCluster cluster) {
    return """
        apiVersion: v1
        kind: Config
        current-context: prod
        clusters:
        - name: prod
          cluster:
            server: %s
            certificate-authority-data: %s
        contexts:
        - name: prod
          context:
            cluster: prod
            user: skyscaler
        users:
        - name: skyscaler
          user:
            token: %s
        """
        .formatted(cluster.serverUri(), cluster.caData(), KUBECONFIG_TOKEN);
  }

  /** As AKS returns it: the user entry is kubelogin, which the functions ignore. */
  private static String aksUserKubeconfig(MockCluster cluster) {
    return """
        apiVersion: v1
        kind: Config
        current-context: prod
        clusters:
        - name: prod
          cluster:
            server: %s
            certificate-authority-data: %s
        contexts:
        - name: prod
          context:
            cluster: prod
            user: clusterUser_rg-aks_prod
        users:
        - name: clusterUser_rg-aks_prod
          user:
            exec:
              apiVersion: client.authentication.k8s.io/v1beta1
              command: kubelogin
              args: [get-token, --server-id, 6dae42f8-4368-4678-94ff-3960e28e3630]
        """
        .formatted(cluster.serverUri(), cluster.caData());
  }
}
