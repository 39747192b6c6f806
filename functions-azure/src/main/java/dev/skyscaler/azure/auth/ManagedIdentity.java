package dev.skyscaler.azure.auth;

import com.azure.core.credential.TokenCredential;
import com.azure.identity.ManagedIdentityCredentialBuilder;
import java.util.Optional;

/**
 * The Function App's managed identity as an Azure SDK credential: the user-assigned identity with
 * this client id ({@code ARM_USER_ASSIGNED_IDENTITY_ID}, CA's setting), else the system-assigned
 * one. The only class importing azure-identity. Tokens are fetched and cached by the SDK, never
 * logged.
 */
public final class ManagedIdentity {
  private ManagedIdentity() {}

  public static TokenCredential credential(Optional<String> userAssignedClientId) {
    ManagedIdentityCredentialBuilder builder = new ManagedIdentityCredentialBuilder();
    userAssignedClientId.filter(id -> !id.isBlank()).ifPresent(builder::clientId);
    return builder.build();
  }
}
