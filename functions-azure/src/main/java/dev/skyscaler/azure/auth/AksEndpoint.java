package dev.skyscaler.azure.auth;

import java.util.Objects;

/**
 * Where an AKS cluster's API server answers and which CA signs its certificate, as its user
 * kubeconfig says.
 *
 * @param server {@code https://<fqdn>:443} (the private FQDN for a private cluster)
 * @param caData the cluster CA, base64 PEM ({@code certificate-authority-data})
 * @param entraIntegrated the cluster has AKS-managed Microsoft Entra integration ({@code
 *     aadProfile.managed}), so it accepts Entra tokens for the AKS server application
 */
public record AksEndpoint(String server, String caData, boolean entraIntegrated) {
  public AksEndpoint {
    Objects.requireNonNull(server, "server");
    Objects.requireNonNull(caData, "caData");
  }
}
