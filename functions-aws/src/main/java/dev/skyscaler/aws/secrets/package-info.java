/**
 * Secrets Manager: its one gateway ({@link dev.skyscaler.aws.secrets.SecretsGateway},
 * GetSecretValue). Depends on {@code client}.
 */
package dev.skyscaler.aws.secrets;
