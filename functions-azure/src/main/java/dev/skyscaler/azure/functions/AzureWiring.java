package dev.skyscaler.azure.functions;

import com.azure.core.credential.TokenCredential;
import dev.skyscaler.azure.arm.ArmConnection;
import dev.skyscaler.azure.auth.AksClusterGateway;
import dev.skyscaler.azure.auth.KeyVaultGateway;
import dev.skyscaler.azure.auth.KubernetesAccess;
import dev.skyscaler.azure.auth.ManagedIdentity;
import dev.skyscaler.azure.vmss.VmssGateway;
import dev.skyscaler.azure.vmss.VmssNodeGroupProvider;
import java.time.Clock;
import java.util.Map;

/**
 * What the functions of one Function App instance share: the validated settings, the managed
 * identity, one Resource Manager connection, the node-group provider and the cluster's Kubernetes
 * access. Built lazily and once per instance (cold start), holding no token of its own: the Azure
 * credential fetches and caches tokens.
 */
public final class AzureWiring {
  private static AzureWiring shared;

  private final FunctionSettings settings;
  private final TokenCredential credential;
  private final ArmConnection connection;
  private final Clock clock;
  private VmssNodeGroupProvider provider;
  private KubernetesAccess kubernetes;

  public AzureWiring(
      FunctionSettings settings,
      TokenCredential credential,
      ArmConnection connection,
      Clock clock) {
    this.settings = settings;
    this.credential = credential;
    this.connection = connection;
    this.clock = clock;
  }

  /**
   * The wiring of this Function App instance, from its app settings.
   *
   * @throws dev.skyscaler.core.config.ConfigException listing every invalid setting
   */
  public static synchronized AzureWiring shared() {
    if (shared == null) {
      shared = fromSettings(System.getenv());
    }
    return shared;
  }

  static AzureWiring fromSettings(Map<String, String> env) {
    FunctionSettings settings = FunctionSettings.parse(env);
    TokenCredential identity = ManagedIdentity.credential(settings.userAssignedIdentity());
    return new AzureWiring(
        settings,
        identity,
        ArmConnection.to(settings.cloud(), settings.subscriptionId(), identity),
        Clock.systemUTC());
  }

  public FunctionSettings settings() {
    return settings;
  }

  public synchronized VmssNodeGroupProvider provider() {
    if (provider == null) {
      provider = new VmssNodeGroupProvider(new VmssGateway(connection), settings.scope(), clock);
    }
    return provider;
  }

  /** The cluster's Kubernetes API: AKS with an Entra token, or a kubeconfig from Key Vault. */
  public synchronized KubernetesAccess kubernetes() {
    if (kubernetes == null) {
      if (settings.aksResourceGroup().isPresent()) {
        String rg = settings.aksResourceGroup().get();
        kubernetes =
            KubernetesAccess.aks(
                rg + "/" + settings.clusterName(),
                new AksClusterGateway(connection).endpoint(rg, settings.clusterName()),
                credential);
      } else {
        var secret = settings.kubeconfigSecret().orElseThrow();
        kubernetes =
            KubernetesAccess.kubeconfig(
                new KeyVaultGateway(credential).secret(secret), "Key Vault secret " + secret);
      }
    }
    return kubernetes;
  }
}
