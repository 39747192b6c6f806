package dev.skyscaler.aws;

import dev.skyscaler.kubernetes.KubernetesConnection;

/**
 * How the functions reach the cluster's API server. Called once per invocation, never at
 * initialisation: a SnapStart snapshot holds no connection, token or kubeconfig, and each
 * invocation sees the cluster's current endpoint and credentials. The caller closes the connection.
 *
 * <p>Implementations: {@link dev.skyscaler.aws.eks.EksConnector} (EKS: {@code eks:DescribeCluster}
 * and an IAM token) and {@link dev.skyscaler.aws.secrets.KubeconfigSecretConnector} (a kubeconfig
 * in Secrets Manager).
 */
@FunctionalInterface
public interface ClusterConnector {
  /**
   * A connection to the cluster; no request is sent yet.
   *
   * @throws RuntimeException naming what could not be read (the cluster, the secret), never a
   *     credential
   */
  KubernetesConnection connect();
}
