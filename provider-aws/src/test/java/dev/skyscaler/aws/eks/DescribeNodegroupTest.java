package dev.skyscaler.aws.eks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.eks.EksClient;
import software.amazon.awssdk.services.eks.model.CapacityTypes;

/**
 * {@link EksGateway#describeNodegroup} against moto (which keeps a node group's labels, taints,
 * capacity type and tags), and EKS's refusals from a stand-in server, since moto enforces no
 * permissions.
 */
@ExtendWith(MotoExtension.class)
class DescribeNodegroupTest {
  private static final String CLUSTER = "mng-prod";

  private final MotoServer moto;
  private EksClient eks;
  private EksGateway gateway;
  private HttpServer standIn;

  DescribeNodegroupTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void createCluster() {
    eks = moto.settings().configure(EksClient.builder()).build();
    gateway = EksGateway.create(moto.settings());
    if (eks.listClusters().clusters().contains(CLUSTER)) {
      return;
    }
    eks.createCluster(
        b ->
            b.name(CLUSTER)
                .roleArn("arn:aws:iam::123456789012:role/eks")
                .resourcesVpcConfig(v -> v.subnetIds("subnet-1")));
    eks.createNodegroup(
        b ->
            b.clusterName(CLUSTER)
                .nodegroupName("gpu")
                .nodeRole("arn:aws:iam::123456789012:role/node")
                .subnets("subnet-1")
                .capacityType(CapacityTypes.SPOT)
                .labels(Map.of("team", "ml", "accelerator", "t4"))
                .taints(
                    t ->
                        t.key("nvidia.com/gpu")
                            .value("true")
                            .effect(
                                software.amazon.awssdk.services.eks.model.TaintEffect.NO_SCHEDULE),
                    t ->
                        t.key("batch-only")
                            .effect(
                                software.amazon.awssdk.services.eks.model.TaintEffect
                                    .PREFER_NO_SCHEDULE))
                .tags(Map.of("k8s.io/cluster-autoscaler/node-template/resources/foo", "2")));
  }

  @AfterEach
  void close() {
    eks.close();
    if (standIn != null) {
      standIn.stop(0);
    }
  }

  @Test
  void aManagedNodeGroupGivesItsLabelsTaintsCapacityTypeAndTags() {
    ManagedNodegroup g = gateway.describeNodegroup(CLUSTER, "gpu");

    assertThat(g.cluster()).isEqualTo(CLUSTER);
    assertThat(g.name()).isEqualTo("gpu");
    assertThat(g.capacityType()).isEqualTo("SPOT");
    assertThat(g.labels()).isEqualTo(Map.of("team", "ml", "accelerator", "t4"));
    assertThat(g.taints())
        .containsExactly(
            new Taint("nvidia.com/gpu", "true", TaintEffect.NO_SCHEDULE),
            new Taint("batch-only", "", TaintEffect.PREFER_NO_SCHEDULE));
    assertThat(g.tags())
        .containsEntry("k8s.io/cluster-autoscaler/node-template/resources/foo", "2");
  }

  @Test
  void aNodeGroupThatDoesNotExistFailsNamingTheClusterTheNodeGroupAndEksError() {
    assertThatThrownBy(() -> gateway.describeNodegroup(CLUSTER, "ghost"))
        .isInstanceOf(EksGatewayException.class)
        .hasMessageStartingWith(
            "eks:DescribeNodegroup mng-prod/ghost failed: ResourceNotFoundException (HTTP 404): ")
        .hasMessageContaining("ghost");
  }

  @Test
  void accessDeniedFailsAtOnceNamingTheNodeGroupAndTheErrorCode() throws IOException {
    List<String> paths = new ArrayList<>();
    EksGateway denied =
        standIn(
            paths,
            403,
            "AccessDeniedException:http://internal.amazon.com/coral/",
            "{\"message\":\"User: arn:aws:sts::1:assumed-role/skyscaler is not authorized to"
                + " perform: eks:DescribeNodegroup\"}");

    assertThatThrownBy(() -> denied.describeNodegroup("prod", "gpu"))
        .isInstanceOf(EksGatewayException.class)
        .hasMessage(
            "eks:DescribeNodegroup prod/gpu failed: AccessDeniedException (HTTP 403): User:"
                + " arn:aws:sts::1:assumed-role/skyscaler is not authorized to perform:"
                + " eks:DescribeNodegroup");
    // not retried: a refusal does not pass with time
    assertThat(paths).containsExactly("/clusters/prod/node-groups/gpu");
  }

  @Test
  void aTaintWithAnEffectKubernetesDoesNotKnowFailsNamingTheTaint() throws IOException {
    EksGateway odd =
        standIn(
            new ArrayList<>(),
            200,
            "",
            "{\"nodegroup\":{\"nodegroupName\":\"gpu\",\"taints\":[{\"key\":\"k\",\"value\":\"v\","
                + "\"effect\":\"NO_WAY\"}]}}");

    assertThatThrownBy(() -> odd.describeNodegroup("prod", "gpu"))
        .isInstanceOf(EksGatewayException.class)
        .hasMessage(
            "eks:DescribeNodegroup prod/gpu: taint k: effect \"NO_WAY\": expected NO_SCHEDULE,"
                + " NO_EXECUTE or PREFER_NO_SCHEDULE");
  }

  @ParameterizedTest(name = "EKS''s {0} is Kubernetes'' {1}")
  @CsvSource({
    "NO_SCHEDULE, NoSchedule",
    "NO_EXECUTE, NoExecute",
    "PREFER_NO_SCHEDULE, PreferNoSchedule"
  })
  void eksTaintEffectsAreKubernetesEffects(String eks, String kubernetes) throws IOException {
    List<Taint> taints =
        EksGateway.taints(
            new ObjectMapper()
                .readTree("[{\"key\":\"k\",\"value\":\"v\",\"effect\":\"" + eks + "\"}]"));

    assertThat(taints).containsExactly(new Taint("k", "v", TaintEffect.parse(kubernetes)));
  }

  /** A gateway whose every call gets this answer from a loopback server. */
  private EksGateway standIn(List<String> paths, int status, String errorType, String body)
      throws IOException {
    standIn = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    standIn.createContext(
        "/",
        exchange -> {
          paths.add(exchange.getRequestURI().getPath());
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          if (!errorType.isEmpty()) {
            exchange.getResponseHeaders().add("x-amzn-ErrorType", errorType);
          }
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    standIn.start();
    return EksGateway.create(
        new AwsClientSettings(
            Region.US_EAST_1,
            Optional.of(URI.create("http://127.0.0.1:" + standIn.getAddress().getPort())),
            StaticCredentialsProvider.create(AwsBasicCredentials.create("testing", "testing"))));
  }
}
