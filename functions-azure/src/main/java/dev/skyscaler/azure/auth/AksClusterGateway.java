package dev.skyscaler.azure.auth;

import com.azure.core.management.exception.ManagementException;
import com.azure.resourcemanager.containerservice.fluent.ContainerServiceManagementClient;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.implementation.ContainerServiceManagementClientBuilder;
import com.azure.resourcemanager.containerservice.models.CredentialResult;
import dev.skyscaler.azure.arm.ArmConnection;
import dev.skyscaler.azure.arm.ArmException;
import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.api.model.NamedCluster;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * An AKS managed cluster's API server endpoint and CA, through the AKS Resource Manager API: the
 * cluster ({@code aadProfile}) and its user credentials ({@code listClusterUserCredential}, which
 * the "Azure Kubernetes Service Cluster User Role" allows). Only the cluster entry of the returned
 * kubeconfig is read; its user entry (an exec plugin on Entra clusters) is ignored, because the
 * function authenticates with its own Entra token.
 */
public final class AksClusterGateway {
  private final ContainerServiceManagementClient client;

  public AksClusterGateway(ArmConnection connection) {
    this.client =
        new ContainerServiceManagementClientBuilder()
            .pipeline(connection.pipeline())
            .endpoint(connection.endpoint())
            .subscriptionId(connection.subscriptionId())
            .defaultPollInterval(connection.pollInterval())
            .buildClient();
  }

  /** The endpoint of the cluster {@code resourceGroup/name}. */
  public AksEndpoint endpoint(String resourceGroup, String name) {
    String what = "read AKS cluster " + resourceGroup + "/" + name;
    try {
      ManagedClusterInner cluster =
          client.getManagedClusters().getByResourceGroup(resourceGroup, name);
      boolean entra =
          cluster.aadProfile() != null && Boolean.TRUE.equals(cluster.aadProfile().managed());
      List<CredentialResult> kubeconfigs =
          client.getManagedClusters().listClusterUserCredentials(resourceGroup, name).kubeconfigs();
      if (kubeconfigs == null || kubeconfigs.isEmpty() || kubeconfigs.get(0).value() == null) {
        throw new ArmException(what, 0, "", "the cluster returned no user kubeconfig");
      }
      String yaml = new String(kubeconfigs.get(0).value(), StandardCharsets.UTF_8);
      NamedCluster entry = currentCluster(yaml, what);
      return new AksEndpoint(
          entry.getCluster().getServer(), entry.getCluster().getCertificateAuthorityData(), entra);
    } catch (ManagementException e) {
      String code = e.getValue() == null ? "" : String.valueOf(e.getValue().getCode());
      String message = e.getValue() == null ? "" : String.valueOf(e.getValue().getMessage());
      int status = e.getResponse() == null ? 0 : e.getResponse().getStatusCode();
      throw new ArmException(what, status, code, message);
    }
  }

  private static NamedCluster currentCluster(String yaml, String what) {
    Config config;
    try {
      config = new KubernetesSerialization().unmarshal(yaml, Config.class);
    } catch (RuntimeException e) {
      throw new ArmException(what, 0, "", "the user kubeconfig is not valid YAML");
    }
    Optional<String> clusterName =
        config.getContexts() == null
            ? Optional.empty()
            : config.getContexts().stream()
                .filter(c -> c.getName().equals(config.getCurrentContext()))
                .map(NamedContext::getContext)
                .map(c -> c.getCluster())
                .findFirst();
    List<NamedCluster> clusters = config.getClusters() == null ? List.of() : config.getClusters();
    return clusters.stream()
        .filter(c -> clusterName.isEmpty() || c.getName().equals(clusterName.get()))
        .filter(c -> c.getCluster() != null && c.getCluster().getServer() != null)
        .findFirst()
        .orElseThrow(
            () -> new ArmException(what, 0, "", "the user kubeconfig names no cluster server"));
  }
}
