package dev.skyscaler.aws.cluster;

import dev.skyscaler.aws.secrets.SecretsGateway;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import java.util.Objects;

/**
 * Reaches a self-managed cluster (kubeadm, Konvoy-style) through a kubeconfig kept in a Secrets
 * Manager secret ({@code KUBECONFIG_SECRET_ARN}): read at each {@link #connect()}, so a rotated
 * kubeconfig is picked up by the next invocation and none is held in a SnapStart snapshot. The
 * kubeconfig's current context is used, under the rules of a kubeconfig from a secret store ({@code
 * KubeconfigText}): an {@code https://} server with CA data, and inline credentials (a token, or
 * client certificate and key data); an exec plugin, an auth provider, a file path or {@code
 * insecure-skip-tls-verify} is refused before anything in the secret is used.
 */
public final class KubeconfigSecretConnector implements ClusterConnector {
  private final SecretsGateway secrets;
  private final String secretArn;
  private final ConnectionOptions options;

  public KubeconfigSecretConnector(
      SecretsGateway secrets, String secretArn, ConnectionOptions options) {
    this.secrets = Objects.requireNonNull(secrets, "secrets");
    this.secretArn = Objects.requireNonNull(secretArn, "secretArn");
    this.options = Objects.requireNonNull(options, "options");
  }

  @Override
  public KubernetesConnection connect() {
    return KubernetesConnection.fromKubeconfigText(
        secrets.secretString(secretArn), "kubeconfig in secret " + secretArn, options);
  }

  @Override
  public String toString() {
    return "kubeconfig in secret " + secretArn;
  }
}
