package dev.skyscaler.aws.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.aws.eks.EksCluster;
import dev.skyscaler.aws.eks.EksGateway;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.eks.EksClient;

/** Reaching an EKS cluster: its endpoint and CA from DescribeCluster, IAM tokens per request. */
@ExtendWith(MotoExtension.class)
class EksConnectorTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);

  /** Generous: the first TLS handshake of a JVM on a loaded build machine takes seconds. */
  static final ConnectionOptions PATIENT =
      new ConnectionOptions(
          Duration.ofSeconds(30), Duration.ofSeconds(30), 0, Duration.ZERO, "skyscaler");

  private final MotoServer moto;

  EksConnectorTest(MotoServer moto) {
    this.moto = moto;
  }

  @Test
  void theConnectionTrustsTheClustersCaAndSendsAnEksTokenWithEveryRequest() throws Exception {
    KubernetesMockServer https = new KubernetesMockServer(true);
    https.init();
    try {
      String pem = Files.readString(Path.of(https.getSelfSignedCertificate().certificatePath()));
      URI endpoint = URI.create("https://localhost:" + https.getPort());
      List<String> described = new ArrayList<>();
      EksConnector connector =
          new EksConnector(
              name -> {
                described.add(name);
                return new EksCluster(
                    name,
                    endpoint,
                    Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.UTF_8)),
                    "API");
              },
              "eks-prod",
              moto.settings(),
              CLOCK,
              PATIENT);
      https.expect().get().withPath("/api/v1/nodes").andReturn(200, "{\"items\":[]}").once();

      try (KubernetesConnection c = connector.connect()) {
        assertThat(c.client().nodes().list().getItems()).isEmpty();
        assertThat(c.describe()).isEqualTo(endpoint + "/ (bearer token supplier)");
      }

      assertThat(described).containsExactly("eks-prod");
      String authorization = https.getLastRequest().getHeader("Authorization");
      assertThat(authorization).startsWith("Bearer " + EksTokenProvider.PREFIX);
      String url =
          new String(
              Base64.getUrlDecoder()
                  .decode(authorization.substring(("Bearer " + EksTokenProvider.PREFIX).length())),
              StandardCharsets.UTF_8);
      assertThat(url)
          .startsWith("https://sts.us-east-1.amazonaws.com/?")
          .contains("Action=GetCallerIdentity")
          .contains("X-Amz-SignedHeaders=host%3Bx-k8s-aws-id");
    } finally {
      https.destroy();
    }
  }

  @Test
  void aClusterWhoseCaIsNotACertificateFailsNamingTheCluster() {
    try (EksClient eks = moto.settings().configure(EksClient.builder()).build()) {
      if (!eks.listClusters().clusters().contains("eks-connect")) {
        eks.createCluster(
            b ->
                b.name("eks-connect")
                    .roleArn("arn:aws:iam::123456789012:role/eks")
                    .resourcesVpcConfig(v -> v.subnetIds("subnet-1")));
      }
    }
    EksGateway gateway = EksGateway.create(moto.settings());
    // moto's certificateAuthority.data is random bytes, not a PEM bundle
    EksConnector connector =
        new EksConnector(
            gateway::describeCluster,
            "eks-connect",
            moto.settings(),
            CLOCK,
            ConnectionOptions.DEFAULTS);

    assertThatThrownBy(connector::connect)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "EKS cluster eks-connect: certificateAuthority.data is not a base64 PEM certificate"
                + " bundle");
  }

  @Test
  void anUnknownClusterFailsAtConnectNotBefore() {
    EksConnector connector =
        new EksConnector(
            EksGateway.create(moto.settings())::describeCluster,
            "no-such-cluster",
            moto.settings(),
            CLOCK,
            ConnectionOptions.DEFAULTS);

    assertThatThrownBy(connector::connect)
        .hasMessageStartingWith(
            "eks:DescribeCluster no-such-cluster failed: ResourceNotFoundException");
  }
}
