/**
 * Skyscaler on AWS Lambda: the scan, interruption and node health handlers, wired from the
 * environment ({@link dev.skyscaler.aws.FunctionWiring}); each scan is the shared {@link
 * dev.skyscaler.kubernetes.scan.ScanCycle} on the Auto Scaling Groups ({@code asg}) and the cluster
 * reached through EKS ({@code eks}) or a kubeconfig in Secrets Manager ({@code secrets});
 * EventBridge and SQS input in {@code events}.
 */
package dev.skyscaler.aws;
