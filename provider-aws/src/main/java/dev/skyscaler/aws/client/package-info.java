/**
 * How the gateways reach AWS: the settings every client is built with ({@link
 * dev.skyscaler.aws.client.AwsClientSettings}), the signed calls that replace heavy service clients
 * ({@link dev.skyscaler.aws.client.SignedAwsCall}, {@link dev.skyscaler.aws.client.JsonAnswers})
 * and what a failure means ({@link dev.skyscaler.aws.client.AwsErrors}). Depends on the SDK's core
 * only, on no other package of the module; with the gateways, the only code that touches the SDK.
 */
package dev.skyscaler.aws.client;
