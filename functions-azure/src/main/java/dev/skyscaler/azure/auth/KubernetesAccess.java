package dev.skyscaler.azure.auth;

import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import dev.skyscaler.kubernetes.ConnectionException;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubeconfigText;
import dev.skyscaler.kubernetes.KubernetesConnection;
import io.fabric8.kubernetes.client.Config;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * How the functions reach the cluster's Kubernetes API:
 *
 * <ul>
 *   <li>AKS: the API server and CA from the managed cluster, and for every request a Microsoft
 *       Entra token of the function's identity for the AKS server application ({@link
 *       #AKS_SERVER_SCOPE}), fetched and cached by the Azure credential;
 *   <li>self-managed: a kubeconfig (token or client certificate, inline; CA data required) read
 *       from Key Vault.
 * </ul>
 *
 * {@link #toString()} and every log line name the endpoint and the kind of credential, never a
 * token, a key or the kubeconfig.
 */
public final class KubernetesAccess {
  /** The fixed AKS server application every AKS cluster with Entra integration accepts. */
  public static final String AKS_SERVER_SCOPE = "6dae42f8-4368-4678-94ff-3960e28e3630/.default";

  private static final Logger LOG = Logger.getLogger(KubernetesAccess.class.getName());

  private final Function<ConnectionOptions, KubernetesConnection> connector;
  private final String description;

  private KubernetesAccess(
      Function<ConnectionOptions, KubernetesConnection> connector, String description) {
    this.connector = connector;
    this.description = description;
  }

  /**
   * Access to an AKS cluster with the function's Entra token.
   *
   * @throws IllegalArgumentException when the cluster does not take Entra tokens, saying what to do
   *     instead
   */
  public static KubernetesAccess aks(
      String cluster, AksEndpoint endpoint, TokenCredential credential) {
    Objects.requireNonNull(credential, "credential");
    if (!endpoint.entraIntegrated()) {
      throw new IllegalArgumentException(
          "AKS cluster "
              + cluster
              + " has no AKS-managed Microsoft Entra integration (aadProfile.managed), so it does"
              + " not accept the function's Entra token: enable it, or store a kubeconfig in Key"
              + " Vault and set KUBECONFIG_SECRET_URI");
    }
    TokenRequestContext scope = new TokenRequestContext().addScopes(AKS_SERVER_SCOPE);
    Supplier<String> token = () -> credential.getTokenSync(scope).getToken();
    Optional<String> caPem =
        endpoint.caData().isBlank()
            ? Optional.empty()
            : Optional.of(
                new String(Base64.getDecoder().decode(endpoint.caData()), StandardCharsets.UTF_8));
    URI server = URI.create(endpoint.server());
    String description =
        "AKS cluster "
            + cluster
            + " at "
            + endpoint.server()
            + " with an Entra token for "
            + AKS_SERVER_SCOPE;
    LOG.info(() -> "Kubernetes API: " + description);
    return new KubernetesAccess(
        options -> KubernetesConnection.withToken(server, token, caPem, options), description);
  }

  /**
   * Access from a kubeconfig (its current context), checked now: it must pass {@link
   * KubeconfigText}'s rules for a kubeconfig from a secret store (no exec plugin, no auth provider,
   * no file path, TLS checked against inline CA data), so that whoever can write the secret cannot
   * run code with the function's identity.
   *
   * @param source where it came from, for messages ({@code Key Vault secret https://…})
   * @throws IllegalArgumentException naming the source (and the fields at fault) when the
   *     kubeconfig is unusable (never quoting it)
   */
  public static KubernetesAccess kubeconfig(String yaml, String source) {
    Config config;
    try {
      config = KubeconfigText.parse(yaml, "the kubeconfig in " + source);
    } catch (ConnectionException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "the kubeconfig in " + source + " is not a valid kubeconfig");
    }
    if (config.getMasterUrl() == null || config.getMasterUrl().isBlank()) {
      throw new IllegalArgumentException(
          "the kubeconfig in " + source + " names no cluster server");
    }
    String description =
        "the cluster at " + config.getMasterUrl() + " with the kubeconfig in " + source;
    LOG.info(() -> "Kubernetes API: " + description + " (" + yaml.length() + " characters)");
    return new KubernetesAccess(
        options -> KubernetesConnection.fromKubeconfigText(yaml, source, options), description);
  }

  /**
   * A new connection of the Kubernetes adapter (the caller closes it): these options' timeouts,
   * retries and user agent, and fabric8's header logging off.
   */
  public KubernetesConnection connect(ConnectionOptions options) {
    return connector.apply(options);
  }

  @Override
  public String toString() {
    return "KubernetesAccess[" + description + "]";
  }
}
