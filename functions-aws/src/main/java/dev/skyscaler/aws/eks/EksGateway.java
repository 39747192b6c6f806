package dev.skyscaler.aws.eks;

import dev.skyscaler.aws.AwsClientSettings;
import java.net.URI;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.eks.EksClient;
import software.amazon.awssdk.services.eks.model.Cluster;

/** The one EKS call Skyscaler makes, {@code eks:DescribeCluster}; the only class importing EKS. */
public final class EksGateway implements AutoCloseable {
  private final EksClient eks;

  public EksGateway(EksClient eks) {
    this.eks = eks;
  }

  public static EksGateway create(AwsClientSettings settings) {
    return new EksGateway(settings.configure(EksClient.builder()).build());
  }

  /**
   * The cluster's endpoint and CA.
   *
   * @throws IllegalStateException naming the cluster when it cannot be described or has no endpoint
   *     yet (still creating)
   */
  public EksCluster describeCluster(String name) {
    Cluster c;
    try {
      c = eks.describeCluster(b -> b.name(name)).cluster();
    } catch (SdkException e) {
      throw new IllegalStateException(
          "eks:DescribeCluster " + name + " failed: " + e.getMessage(), e);
    }
    if (c.endpoint() == null || c.certificateAuthority() == null) {
      throw new IllegalStateException(
          "EKS cluster " + name + " has no endpoint or CA yet (status " + c.statusAsString() + ")");
    }
    return new EksCluster(
        name,
        URI.create(c.endpoint()),
        c.certificateAuthority().data(),
        c.accessConfig() == null ? "" : c.accessConfig().authenticationModeAsString());
  }

  @Override
  public void close() {
    eks.close();
  }
}
