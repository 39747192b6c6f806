package dev.skyscaler.azure.arm;

import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import com.azure.identity.ClientSecretCredentialBuilder;
import com.azure.identity.DefaultAzureCredentialBuilder;
import dev.skyscaler.core.config.ConfigException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A person's Azure credential, for the CLI's reads: Cluster Autoscaler's service principal settings
 * ({@code ARM_TENANT_ID}, {@code ARM_CLIENT_ID}, {@code ARM_CLIENT_SECRET}) when given, else the
 * SDK's default chain ({@code AZURE_*} variables, workload or managed identity, the Azure CLI's
 * sign-in). A token for Resource Manager is fetched here, once, so that missing or bad credentials
 * are one clear error before any call; the SDK caches it, nothing logs it.
 */
public final class UserCredential {
  private static final List<String> PRINCIPAL =
      List.of("ARM_TENANT_ID", "ARM_CLIENT_ID", "ARM_CLIENT_SECRET");

  private UserCredential() {}

  /**
   * The credential for {@code cloud}, checked by fetching one token.
   *
   * @throws ConfigException naming the settings to give when no token could be had
   */
  public static TokenCredential fromEnvironment(Map<String, String> env, AzureCloud cloud) {
    long given = PRINCIPAL.stream().filter(n -> value(env, n).isPresent()).count();
    if (given > 0 && given < PRINCIPAL.size()) {
      throw new ConfigException(
          List.of(
              "Azure credentials: ARM_TENANT_ID, ARM_CLIENT_ID and ARM_CLIENT_SECRET must be set"
                  + " together (a service principal), or none of them (az login)"));
    }
    TokenCredential credential =
        given == PRINCIPAL.size()
            ? new ClientSecretCredentialBuilder()
                .authorityHost(cloud.environment().getActiveDirectoryEndpoint())
                .tenantId(value(env, "ARM_TENANT_ID").get())
                .clientId(value(env, "ARM_CLIENT_ID").get())
                .clientSecret(value(env, "ARM_CLIENT_SECRET").get())
                .build()
            : new DefaultAzureCredentialBuilder()
                .authorityHost(cloud.environment().getActiveDirectoryEndpoint())
                .build();
    String scope = cloud.resourceManager();
    try {
      credential
          .getTokenSync(new TokenRequestContext().addScopes(scope.replaceAll("/?$", "/.default")))
          .getToken();
    } catch (RuntimeException e) {
      throw new ConfigException(
          List.of(
              given > 0
                  ? "Azure credentials: the service principal ARM_CLIENT_ID got no token for"
                      + " Resource Manager (check ARM_TENANT_ID, ARM_CLIENT_ID and"
                      + " ARM_CLIENT_SECRET)"
                  : "Azure credentials: none found; sign in with az login, or set"
                      + " ARM_TENANT_ID, ARM_CLIENT_ID and ARM_CLIENT_SECRET"));
    }
    return credential;
  }

  private static Optional<String> value(Map<String, String> env, String name) {
    return Optional.ofNullable(env.get(name)).map(String::trim).filter(v -> !v.isEmpty());
  }
}
