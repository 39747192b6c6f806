package dev.skyscaler.aws.cluster;

import dev.skyscaler.kubernetes.KubernetesConnection;

/**
 * How the functions reach the cluster's API server (this package: the connectors, and the EKS token
 * they sign). Called once per invocation, never at initialisation: a SnapStart snapshot holds no
 * connection, token or kubeconfig, and each invocation sees the cluster's current endpoint and
 * credentials. The caller closes the connection.
 *
 * <p>Implementations: {@link EksConnector} (EKS: {@code eks:DescribeCluster} and an IAM token) and
 * {@link KubeconfigSecretConnector} (a kubeconfig in Secrets Manager).
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
