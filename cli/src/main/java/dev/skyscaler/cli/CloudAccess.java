package dev.skyscaler.cli;

import dev.skyscaler.azure.arm.ArmConnection;
import dev.skyscaler.azure.arm.AzureCloud;
import dev.skyscaler.azure.arm.UserCredential;
import java.util.Map;
import java.util.Objects;

/**
 * Where the commands' cloud reads get their settings: the environment ({@code AWS_*}, {@code
 * ARM_*}, {@code CAPI_*}), and how an Azure Resource Manager connection is made. The command run by
 * a person uses the process environment and their own credentials ({@link #of(Map)}); tests give
 * their own environment and a local ARM server's connection.
 *
 * @param environment the environment variables the cloud settings are read from
 * @param azure builds the connection to Resource Manager for a cloud and subscription
 */
record CloudAccess(Map<String, String> environment, AzureConnector azure) {

  /** Connects to Azure Resource Manager. */
  @FunctionalInterface
  interface AzureConnector {
    /**
     * The connection for one subscription.
     *
     * @throws dev.skyscaler.core.config.ConfigException when no credential is usable
     */
    ArmConnection connect(AzureCloud cloud, String subscriptionId);
  }

  CloudAccess {
    environment = Map.copyOf(environment);
    Objects.requireNonNull(azure, "azure");
  }

  /** The user's: {@code environment}'s settings and credentials. */
  static CloudAccess of(Map<String, String> environment) {
    return new CloudAccess(
        environment,
        (cloud, subscription) ->
            ArmConnection.to(
                cloud, subscription, UserCredential.fromEnvironment(environment, cloud)));
  }
}
