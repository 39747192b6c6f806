package dev.skyscaler.aws.eks;

import java.net.URI;
import java.util.Objects;

/**
 * What the Kubernetes client needs to reach an EKS cluster.
 *
 * @param certificateAuthority the cluster CA bundle as EKS returns it (base64 of the PEM)
 * @param authenticationMode {@code API}, {@code API_AND_CONFIG_MAP} or {@code CONFIG_MAP}; access
 *     entries need one of the first two
 */
public record EksCluster(
    String name, URI endpoint, String certificateAuthority, String authenticationMode) {
  public EksCluster {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(certificateAuthority, "certificateAuthority");
    authenticationMode = authenticationMode == null ? "" : authenticationMode;
  }
}
