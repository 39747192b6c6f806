package dev.skyscaler.aws.eks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.eks.EksClient;

/** DescribeCluster against moto. */
@ExtendWith(MotoExtension.class)
class EksGatewayTest {
  private final MotoServer moto;
  private EksClient eks;
  private EksGateway gateway;

  EksGatewayTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void createCluster() {
    eks = moto.settings().configure(EksClient.builder()).build();
    gateway = EksGateway.create(moto.settings());
    if (eks.listClusters().clusters().contains("eks-prod")) {
      return;
    }
    eks.createCluster(
        b ->
            b.name("eks-prod")
                .roleArn("arn:aws:iam::123456789012:role/eks")
                .resourcesVpcConfig(v -> v.subnetIds("subnet-1", "subnet-2")));
  }

  @AfterEach
  void close() {
    eks.close();
  }

  @Test
  void describingAClusterGivesItsEndpointAndCa() {
    EksCluster c = gateway.describeCluster("eks-prod");

    assertThat(c.endpoint().getScheme()).isEqualTo("https");
    assertThat(c.certificateAuthority()).isNotBlank();
  }

  @Test
  void anUnknownClusterFailsNamingIt() {
    assertThatThrownBy(() -> gateway.describeCluster("no-such-cluster"))
        .isInstanceOf(EksGatewayException.class)
        .hasMessage(
            "eks:DescribeCluster no-such-cluster failed: ResourceNotFoundException (HTTP 404): No"
                + " cluster found for name: no-such-cluster.");
  }
}
