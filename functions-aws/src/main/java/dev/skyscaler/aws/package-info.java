/**
 * Skyscaler on AWS Lambda. This package holds the entry points (the scan, interruption and node
 * health handlers, whose names the SAM template gives) and what they share: the wiring from the
 * environment ({@link dev.skyscaler.aws.FunctionWiring}, {@link
 * dev.skyscaler.aws.FunctionSettings}), the scans of an invocation, their logs and metrics. Each
 * scan is the shared {@link dev.skyscaler.kubernetes.scan.ScanCycle}.
 *
 * <p>Sub-packages, each depending only on those after it: {@code cluster} (reaching the API
 * server), {@code asg} (the Auto Scaling Group provider with the Auto Scaling and EC2 gateways),
 * {@code eks} and {@code secrets} (their services' gateways), {@code client} (how every gateway
 * calls AWS); {@code events} reads EventBridge and SQS input. Nothing depends on this package.
 */
package dev.skyscaler.aws;
