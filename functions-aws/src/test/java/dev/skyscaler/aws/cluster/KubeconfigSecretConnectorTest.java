package dev.skyscaler.aws.cluster;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.aws.secrets.SecretsGateway;
import dev.skyscaler.kubernetes.ConnectionException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * Self-managed clusters: the kubeconfig read from Secrets Manager (moto) at each connection, and
 * used against a mock API server. A secret's content never appears in an error.
 */
@ExtendWith(MotoExtension.class)
class KubeconfigSecretConnectorTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  static final String TOKEN = "kc-token-7d1e";

  @RegisterExtension final MockCluster cluster = new MockCluster(true);
  private final MotoServer moto;
  private SecretsManagerClient secrets;
  private String name;

  KubeconfigSecretConnectorTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void client() {
    secrets = moto.settings().configure(SecretsManagerClient.builder()).build();
    name = "kubeconfig-" + RUNS.incrementAndGet();
  }

  @AfterEach
  void close() {
    secrets.close();
  }

  @Test
  void theKubeconfigInTheSecretReachesTheClusterWithItsCredentials() {
    cluster.admin().nodes().resource(node("n1")).create();
    String arn = secrets.createSecret(b -> b.name(name).secretString(kubeconfig())).arn();

    try (KubernetesConnection c = connector(arn).connect()) {
      assertThat(c.client().nodes().list().getItems()).hasSize(1);
      assertThat(c.describe())
          .isEqualTo(cluster.serverUri() + " (kubeconfig in secret " + arn + ", context lab)");
    }
    assertThat(cluster.authorizations()).containsExactly("Bearer " + TOKEN);
  }

  @Test
  void aBinarySecretIsReadAsText() {
    String arn =
        secrets
            .createSecret(
                b ->
                    b.name(name)
                        .secretBinary(SdkBytes.fromString(kubeconfig(), StandardCharsets.UTF_8)))
            .arn();

    try (KubernetesConnection c = connector(arn).connect()) {
      assertThat(c.describe()).contains("context lab");
    }
  }

  @Test
  void aMissingSecretFailsNamingIt() {
    String arn = "arn:aws:secretsmanager:us-east-1:123456789012:secret:" + name + "-AbCdEf";

    assertThatThrownBy(() -> connector(arn).connect())
        .isInstanceOf(IllegalStateException.class)
        // AWS answers 400, moto 404
        .hasMessageStartingWith(
            "secretsmanager:GetSecretValue " + arn + " failed: ResourceNotFoundException (HTTP 4")
        .hasMessageEndingWith("Secrets Manager can't find the specified secret.");
  }

  @Test
  void aSecretThatIsNotAKubeconfigFailsNamingTheSecretButNotItsContent() {
    String arn =
        secrets
            .createSecret(b -> b.name(name).secretString("token: " + TOKEN + "\n  : [unclosed"))
            .arn();

    assertThatThrownBy(() -> connector(arn).connect())
        .isInstanceOf(ConnectionException.class)
        .hasMessageStartingWith("kubeconfig in secret " + arn + ": not a valid kubeconfig")
        .message()
        .doesNotContain(TOKEN);
  }

  @Test
  void aKubeconfigWithoutACurrentContextFailsSayingSo() {
    String arn =
        secrets
            .createSecret(
                b -> b.name(name).secretString(kubeconfig().replace("current-context: lab", "")))
            .arn();

    assertThatThrownBy(() -> connector(arn).connect())
        .isInstanceOf(ConnectionException.class)
        .hasMessage(
            "kubeconfig in secret "
                + arn
                + ": no current context with a cluster server: set current-context");
  }

  @Test
  void aSecretWithAnExecPluginFailsNamingTheSecretAndTheFieldBeforeAnythingRuns() {
    String exec =
        "exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: sh, args: [-c, id]}";
    String arn =
        secrets
            .createSecret(
                b -> b.name(name).secretString(kubeconfig().replace("token: " + TOKEN, exec)))
            .arn();

    assertThatThrownBy(() -> connector(arn).connect())
        .isInstanceOf(ConnectionException.class)
        .hasMessage(
            "kubeconfig in secret "
                + arn
                + ": users[skyscaler].user.exec: not allowed: an exec plugin runs a command on the"
                + " function with its cloud role; give the credential inline: token,"
                + " client-certificate-data and client-key-data, or username and password");
  }

  @Test
  void aSecretThatTurnsTlsCheckingOffFailsNamingTheField() {
    String arn =
        secrets
            .createSecret(
                b ->
                    b.name(name)
                        .secretString(
                            kubeconfig()
                                .replace(
                                    "certificate-authority-data: " + cluster.caData(),
                                    "insecure-skip-tls-verify: true")))
            .arn();

    assertThatThrownBy(() -> connector(arn).connect())
        .isInstanceOf(ConnectionException.class)
        .hasMessage(
            "kubeconfig in secret "
                + arn
                + ": clusters[lab].cluster.insecure-skip-tls-verify: not allowed: it turns off the"
                + " check of the API server's certificate; remove it and give"
                + " certificate-authority-data; clusters[lab].cluster.certificate-authority-data:"
                + " missing: expected the cluster's CA certificate (base64 PEM), so that the API"
                + " server's certificate is checked");
  }

  private KubeconfigSecretConnector connector(String arn) {
    return new KubeconfigSecretConnector(
        SecretsGateway.create(moto.settings()), arn, MockCluster.OPTIONS);
  }

  private String kubeconfig() {
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: lab
          cluster:
            server: %s
            certificate-authority-data: %s
        users:
        - name: skyscaler
          user:
            token: %s
        contexts:
        - name: lab
          context:
            cluster: lab
            user: skyscaler
        current-context: lab
        """
        .formatted(cluster.serverUri(), cluster.caData(), TOKEN);
  }
}
