package dev.skyscaler.azure.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.mock.TestTls;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * Cluster credentials: AKS endpoint and CA from the managed cluster with the function's Entra
 * token, a kubeconfig from Key Vault; and no secret in any log line.
 */
class ClusterCredentialsTest {
  private static final String AKS_TOKEN = "eyJ0eXAiOiJKV1QiLCJhbGciOi.aks-secret-token";
  private static final String KUBECONFIG_TOKEN = "kubeconfig-bearer-8c1f2e";

  private final FakeArm arm = FakeArm.start();
  private final List<String> scopes = new CopyOnWriteArrayList<>();
  private final TokenCredential identity =
      request -> {
        scopes.addAll(request.getScopes());
        String token =
            request.getScopes().contains(KubernetesAccess.AKS_SERVER_SCOPE)
                ? AKS_TOKEN
                : FakeArm.TOKEN;
        return Mono.just(new AccessToken(token, OffsetDateTime.now().plusHours(1)));
      };
  private final List<LogRecord> logs = new CopyOnWriteArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          logs.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };
  private HttpsServer apiServer;
  private final List<String> apiAuthorizations = new CopyOnWriteArrayList<>();

  @BeforeEach
  void listen() throws Exception {
    Logger root = Logger.getLogger("");
    root.addHandler(capture);
    root.setLevel(Level.ALL);
    capture.setLevel(Level.ALL);
    apiServer = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    apiServer.setHttpsConfigurator(new HttpsConfigurator(TestTls.get().serverContext()));
    apiServer.createContext(
        "/version",
        exchange -> {
          apiAuthorizations.add(
              String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
          byte[] body =
              "{\"major\":\"1\",\"minor\":\"30\",\"gitVersion\":\"v1.30.5\"}"
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    apiServer.start();
  }

  @AfterEach
  void stop() {
    Logger.getLogger("").removeHandler(capture);
    Logger.getLogger("").setLevel(Level.INFO);
    apiServer.stop(0);
    arm.close();
  }

  private String apiUrl() {
    return "https://127.0.0.1:" + apiServer.getAddress().getPort();
  }

  private String kubeconfig(String user) {
    return """
        apiVersion: v1
        kind: Config
        current-context: prod
        clusters:
        - name: prod
          cluster:
            server: %s
            certificate-authority-data: %s
        contexts:
        - name: prod
          context:
            cluster: prod
            user: %s
        users:
        - name: clusterUser_rg-aks_prod
          user:
            exec:
              apiVersion: client.authentication.k8s.io/v1beta1
              command: kubelogin
              args: [get-token, --server-id, 6dae42f8-4368-4678-94ff-3960e28e3630]
        - name: admin
          user:
            token: %s
        """
        .formatted(apiUrl(), TestTls.get().caData(), user, KUBECONFIG_TOKEN);
  }

  @Test
  void aksAccessUsesTheClustersEndpointAndCaWithAnEntraTokenForTheAksServer() {
    FakeArmWorld.Cluster cluster =
        arm.world().cluster("rg-aks", "prod", "MC_rg-aks_prod_westeurope");
    cluster.kubeconfig = kubeconfig("clusterUser_rg-aks_prod");

    AksEndpoint endpoint = new AksClusterGateway(arm.connection()).endpoint("rg-aks", "prod");
    KubernetesAccess access = KubernetesAccess.aks("rg-aks/prod", endpoint, identity);

    assertThat(endpoint).isEqualTo(new AksEndpoint(apiUrl(), TestTls.get().caData(), true));
    assertThat(arm.requests("POST", "/managedClusters/prod/listClusterUserCredential$")).hasSize(1);
    try (KubernetesConnection connection = access.connect(ConnectionOptions.DEFAULTS)) {
      assertThat(connection.client().getKubernetesVersion().getGitVersion()).isEqualTo("v1.30.5");
    }
    assertThat(apiAuthorizations).containsOnly("Bearer " + AKS_TOKEN);
    assertThat(scopes).contains(KubernetesAccess.AKS_SERVER_SCOPE);
    assertThat(access.toString())
        .isEqualTo(
            "KubernetesAccess[AKS cluster rg-aks/prod at "
                + apiUrl()
                + " with an Entra token for "
                + KubernetesAccess.AKS_SERVER_SCOPE
                + "]");
    assertNoSecretLogged();
  }

  @Test
  void aClusterWithoutEntraIntegrationIsRefusedWithWhatToDo() {
    AksEndpoint local = new AksEndpoint(apiUrl(), TestTls.get().caData(), false);

    assertThatThrownBy(() -> KubernetesAccess.aks("rg-aks/legacy", local, identity))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "AKS cluster rg-aks/legacy has no AKS-managed Microsoft Entra integration")
        .hasMessageEndingWith("or store a kubeconfig in Key Vault and set KUBECONFIG_SECRET_URI");
  }

  @Test
  void aSelfManagedClustersKubeconfigComesFromKeyVault() {
    arm.secret("prod-kubeconfig", kubeconfig("admin"));
    URI secret = URI.create(arm.endpoint() + "secrets/prod-kubeconfig");
    KeyVaultGateway vault = new KeyVaultGateway(identity, arm.httpClient(), false);

    KubernetesAccess access =
        KubernetesAccess.kubeconfig(vault.secret(secret), "Key Vault secret " + secret);

    try (KubernetesConnection connection = access.connect(ConnectionOptions.DEFAULTS)) {
      assertThat(connection.client().getKubernetesVersion().getGitVersion()).isEqualTo("v1.30.5");
    }
    assertThat(apiAuthorizations).containsOnly("Bearer " + KUBECONFIG_TOKEN);
    List<FakeArm.Request> reads = arm.requests("GET", "^/secrets/prod-kubeconfig");
    assertThat(reads)
        .extracting(FakeArm.Request::authorization)
        .containsExactly("", "Bearer " + FakeArm.TOKEN);
    assertThat(scopes).contains("https://vault.azure.net/.default");
    assertNoSecretLogged();
  }

  @Test
  void aMissingSecretIsNamedWithoutItsValue() {
    URI secret = URI.create(arm.endpoint() + "secrets/nope");
    KeyVaultGateway vault = new KeyVaultGateway(identity, arm.httpClient(), false);

    assertThatThrownBy(() -> vault.secret(secret))
        .hasMessage("Key Vault secret " + secret + " does not exist");
    assertThatThrownBy(() -> vault.secret(URI.create("https://kv.vault.azure.net/keys/k")))
        .hasMessage(
            "expected a Key Vault secret URI https://<vault>.vault.azure.net/secrets/<name>[/<version>], got https://kv.vault.azure.net/keys/k");
  }

  private void assertNoSecretLogged() {
    assertThat(logs).isNotEmpty();
    for (LogRecord r : logs) {
      String text = r.getMessage() + " " + (r.getThrown() == null ? "" : r.getThrown());
      assertThat(text)
          .doesNotContain(AKS_TOKEN)
          .doesNotContain(KUBECONFIG_TOKEN)
          .doesNotContain(FakeArm.TOKEN);
    }
  }
}
