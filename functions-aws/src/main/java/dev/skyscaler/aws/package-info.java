/**
 * Skyscaler on AWS Lambda. This package holds the entry points (the scan, interruption and node
 * health handlers, whose names the SAM template gives) and what they share: the wiring from the
 * environment ({@link dev.skyscaler.aws.FunctionWiring}, {@link
 * dev.skyscaler.aws.FunctionSettings}), the scans of an invocation, their logs and metrics. Each
 * scan is the shared {@link dev.skyscaler.kubernetes.scan.ScanCycle}.
 *
 * <p>Sub-packages, each depending only on those after it: {@code cluster} (reaching the API
 * server), {@code secrets} (Secrets Manager's gateway); {@code events} reads EventBridge and SQS
 * input. The Auto Scaling Group provider ({@code asg}), the EKS gateway ({@code eks}) and how every
 * gateway calls AWS ({@code client}) come from the provider-aws module. Nothing depends on this
 * package.
 */
package dev.skyscaler.aws;
