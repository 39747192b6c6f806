package dev.skyscaler.aws.eks;

import dev.skyscaler.aws.ClusterConnector;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;

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
  private final String region;
  private final AwsCredentialsProvider credentials;
  private final Clock clock;
  private final ConnectionOptions options;

  /**
   * @param describe the cluster's description, normally {@link EksGateway#describeCluster}
   */
  public EksConnector(
      Function<String, EksCluster> describe,
      String cluster,
      String region,
      AwsCredentialsProvider credentials,
      Clock clock,
      ConnectionOptions options) {
    this.describe = Objects.requireNonNull(describe, "describe");
    this.cluster = Objects.requireNonNull(cluster, "cluster");
    this.region = Objects.requireNonNull(region, "region");
    this.credentials = Objects.requireNonNull(credentials, "credentials");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * @throws IllegalStateException naming the cluster when it cannot be described or its CA is not a
   *     certificate
   */
  @Override
  public KubernetesConnection connect() {
    EksCluster c = describe.apply(cluster);
    EksTokenProvider tokens = new EksTokenProvider(cluster, region, credentials, clock);
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
    return "EKS cluster " + cluster + " in " + region;
  }
}
