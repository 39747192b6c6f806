package dev.skyscaler.aws.eks;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;

/**
 * A fabric8 client configuration for an EKS cluster: its endpoint, its CA, and bearer tokens from
 * an {@link EksTokenProvider}, asked for on every request so an expiring token is replaced without
 * rebuilding the client. Nothing is read from a kubeconfig file or the environment.
 */
public final class EksKubernetesConfig {
  private EksKubernetesConfig() {}

  public static Config of(EksCluster cluster, EksTokenProvider tokens) {
    return new ConfigBuilder(Config.empty())
        .withMasterUrl(cluster.endpoint().toString())
        .withCaCertData(cluster.certificateAuthority())
        .withOauthTokenProvider(tokens)
        .build();
  }
}
