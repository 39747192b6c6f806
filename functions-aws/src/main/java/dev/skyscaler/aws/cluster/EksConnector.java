package dev.skyscaler.aws.cluster;

import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.eks.EksCluster;
import dev.skyscaler.aws.eks.EksGateway;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reaches an EKS cluster: {@code eks:DescribeCluster} for its endpoint and CA at each {@link
 * #connect()}, and bearer tokens from a new {@link EksTokenProvider}, which mints the first token
 * on the first request and a fresh one before the 15 minutes EKS accepts it are over. Nothing is
 * described, signed or resolved at construction (SnapStart).
 */
public final class EksConnector implements ClusterConnector {
  private static final String PEM_CERTIFICATE = "-----BEGIN CERTIFICATE-----";

  private final Function<String, EksCluster> describe;
  private final String cluster;
  private final AwsClientSettings aws;
  private final Clock clock;
  private final ConnectionOptions options;

  /**
   * @param describe the cluster's description, normally {@link EksGateway#describeCluster}
   * @param aws the region and the credentials that sign the tokens
   */
  public EksConnector(
      Function<String, EksCluster> describe,
      String cluster,
      AwsClientSettings aws,
      Clock clock,
      ConnectionOptions options) {
    this.describe = Objects.requireNonNull(describe, "describe");
    this.cluster = Objects.requireNonNull(cluster, "cluster");
    this.aws = Objects.requireNonNull(aws, "aws");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * @throws RuntimeException naming the cluster when it cannot be described ({@link
   *     dev.skyscaler.aws.eks.EksGatewayException}) or its CA is not a certificate ({@link
   *     IllegalStateException})
   */
  @Override
  public KubernetesConnection connect() {
    EksCluster c = describe.apply(cluster);
    EksTokenProvider tokens = EksTokenProvider.of(cluster, aws, clock);
    return KubernetesConnection.withToken(
        c.endpoint(), tokens::getToken, Optional.of(caPem(c)), options);
  }

  /** EKS gives the CA bundle as base64 of the PEM text. */
  private static String caPem(EksCluster c) {
    String pem;
    try {
      pem =
          new String(
              Base64.getMimeDecoder().decode(c.certificateAuthority()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      pem = "";
    }
    if (!pem.contains(PEM_CERTIFICATE)) {
      throw new IllegalStateException(
          "EKS cluster "
              + c.name()
              + ": certificateAuthority.data is not a base64 PEM certificate bundle");
    }
    return pem;
  }

  @Override
  public String toString() {
    return "EKS cluster " + cluster + " in " + aws.regionId();
  }
}
