/**
 * How the functions reach the cluster's API server ({@link
 * dev.skyscaler.aws.cluster.ClusterConnector}): the EKS cluster, described through {@code
 * eks.EksGateway} and reached with IAM tokens ({@link dev.skyscaler.aws.cluster.EksTokenProvider}),
 * or a kubeconfig read through {@code secrets.SecretsGateway}. Depends on {@code eks}, {@code
 * secrets} and {@code client}.
 */
package dev.skyscaler.aws.cluster;
