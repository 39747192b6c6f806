package dev.skyscaler.azure.auth;

import com.azure.core.credential.TokenCredential;
import com.azure.core.exception.HttpResponseException;
import com.azure.core.exception.ResourceNotFoundException;
import com.azure.core.http.HttpClient;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.security.keyvault.secrets.SecretClient;
import com.azure.security.keyvault.secrets.SecretClientBuilder;
import java.net.URI;

/**
 * Reads one Key Vault secret (a self-managed cluster's kubeconfig) with the function's identity,
 * which needs the "Key Vault Secrets User" role on the vault. The secret's value is returned to the
 * caller only: never logged, never part of an error message.
 */
public final class KeyVaultGateway {
  private final TokenCredential credential;
  private final HttpClient httpClient;
  private final boolean verifyChallengeResource;

  public KeyVaultGateway(TokenCredential credential) {
    this(credential, new JdkHttpClientBuilder().build(), true);
  }

  /**
   * @param verifyChallengeResource check that the vault's 401 challenge names a resource whose
   *     domain the vault URL is under; a vault served from 127.0.0.1 in tests cannot pass it
   */
  public KeyVaultGateway(
      TokenCredential credential, HttpClient httpClient, boolean verifyChallengeResource) {
    this.credential = credential;
    this.httpClient = httpClient;
    this.verifyChallengeResource = verifyChallengeResource;
  }

  /**
   * The value of the secret at {@code https://<vault>.vault.azure.net/secrets/<name>[/<version>]}.
   *
   * @throws IllegalArgumentException naming the URI when it is not a secret URI, or the secret
   *     cannot be read (with the HTTP status, never the value)
   */
  public String secret(URI secretUri) {
    String[] path = secretUri.getPath().replaceFirst("^/", "").split("/");
    if (!"https".equals(secretUri.getScheme())
        || path.length < 2
        || !path[0].equals("secrets")
        || path[1].isBlank()) {
      throw new IllegalArgumentException(
          "expected a Key Vault secret URI https://<vault>.vault.azure.net/secrets/<name>[/<version>], got "
              + secretUri);
    }
    String vault = secretUri.getScheme() + "://" + secretUri.getAuthority();
    SecretClientBuilder builder =
        new SecretClientBuilder().vaultUrl(vault).credential(credential).httpClient(httpClient);
    if (!verifyChallengeResource) {
      builder.disableChallengeResourceVerification();
    }
    SecretClient client = builder.buildClient();
    try {
      return client.getSecret(path[1], path.length > 2 ? path[2] : null).getValue();
    } catch (ResourceNotFoundException e) {
      throw new IllegalArgumentException("Key Vault secret " + secretUri + " does not exist");
    } catch (HttpResponseException e) {
      int status = e.getResponse() == null ? 0 : e.getResponse().getStatusCode();
      throw new IllegalArgumentException(
          "Key Vault secret " + secretUri + " could not be read: HTTP " + status);
    }
  }
}
