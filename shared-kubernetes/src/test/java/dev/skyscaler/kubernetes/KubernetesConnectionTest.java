package dev.skyscaler.kubernetes;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertPathBuilderException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KubernetesConnectionTest {
  static final String SECRET = "s3cr3t-token-4f9a";

  @RegisterExtension final MockCluster cluster = new MockCluster();

  @TempDir Path dir;

  @Test
  void aKubeconfigContextGivesTheServerAndTheCredentials() throws Exception {
    cluster.admin().nodes().resource(node("n1")).create();
    Path kubeconfig = kubeconfig("token: " + SECRET);

    try (KubernetesConnection c =
        KubernetesConnection.fromKubeconfig(kubeconfig, Optional.of("mock"), MockCluster.OPTIONS)) {
      assertThat(c.client().nodes().list().getItems()).hasSize(1);
      assertThat(c.describe())
          .isEqualTo(cluster.serverUri() + " (kubeconfig " + kubeconfig + ", context mock)");
    }
    assertThat(cluster.authorizations()).containsExactly("Bearer " + SECRET);
  }

  @Test
  void anUnknownContextListsTheContextsTheFileHas() throws Exception {
    Path kubeconfig = kubeconfig("token: " + SECRET);

    assertThatThrownBy(
            () ->
                KubernetesConnection.fromKubeconfig(
                    kubeconfig, Optional.of("prod"), MockCluster.OPTIONS))
        .isInstanceOf(ConnectionException.class)
        .hasMessage(
            "kubeconfig " + kubeconfig + ": no context \"prod\": expected one of mock, other");
  }

  @Test
  void aMalformedKubeconfigIsNamedWithTheLineButNotItsContent() throws Exception {
    Path kubeconfig = kubeconfig("token: " + SECRET + "\n  bad: [unclosed");

    assertThatThrownBy(
            () ->
                KubernetesConnection.fromKubeconfig(
                    kubeconfig, Optional.empty(), MockCluster.OPTIONS))
        .isInstanceOf(ConnectionException.class)
        .hasMessage("kubeconfig " + kubeconfig + ": not a valid kubeconfig (line 20, column 8)")
        .hasMessageNotContaining(SECRET)
        .satisfies(e -> assertThat(e.getCause()).isNull());
  }

  @Test
  void aClientThatCannotBeBuiltIsNamedWithItsRootCauseNotFabric8sGenericMessage() {
    // what fabric8 threw when a model class was missing from the classpath
    var fabric8 =
        new io.fabric8.kubernetes.client.KubernetesClientException(
            "An error has occurred.",
            new java.lang.reflect.InvocationTargetException(
                new NoClassDefFoundError("io/fabric8/kubernetes/api/model/batch/v1/Job")));

    assertThat(KubernetesConnection.buildFailure("secret s, context c", fabric8))
        .hasMessage(
            "secret s, context c: cannot build the Kubernetes client: NoClassDefFoundError:"
                + " io/fabric8/kubernetes/api/model/batch/v1/Job");
  }

  @Test
  void aMissingKubeconfigIsNamed() {
    Path missing = dir.resolve("nope");

    assertThatThrownBy(
            () ->
                KubernetesConnection.fromKubeconfig(missing, Optional.empty(), MockCluster.OPTIONS))
        .isInstanceOf(ConnectionException.class)
        .hasMessage("kubeconfig " + missing + ": no such file");
  }

  @Test
  void overHttpsTheClustersCaCertificateIsTrustedAndNothingElse() {
    MockCluster https = new MockCluster(true);
    https.start();
    try (KubernetesConnection trusting =
            KubernetesConnection.withToken(
                https.serverUri(), () -> "t", https.certificatePem(), MockCluster.OPTIONS);
        KubernetesConnection defaults =
            KubernetesConnection.withToken(
                https.serverUri(), () -> "t", Optional.empty(), MockCluster.OPTIONS)) {
      assertThat(https.serverUri().getScheme()).isEqualTo("https");
      assertThat(trusting.client().nodes().list().getItems()).isEmpty();
      assertThatThrownBy(() -> defaults.client().nodes().list())
          .hasRootCauseInstanceOf(CertPathBuilderException.class);
    } finally {
      https.stop();
    }
  }

  @ParameterizedTest(name = "{0} → HTTP/2 disabled: {1}")
  @CsvSource({
    "http://127.0.0.1:8001, true",
    "HTTP://proxy.local, true",
    "https://ABCD.gr7.eu-west-1.eks.amazonaws.com, false",
    "https://10.0.0.1:6443, false"
  })
  void http2IsLeftToTlsAndNeverTriedAsAnUpgradeOfPlainHttp(String server, boolean disabled) {
    try (KubernetesConnection c =
        KubernetesConnection.withToken(
            URI.create(server), () -> "t", Optional.empty(), MockCluster.OPTIONS)) {
      assertThat(c.client().getConfiguration().isHttp2Disable()).isEqualTo(disabled);
    }
  }

  @Test
  void theTokenSupplierIsAskedForEveryRequestSoRotatedTokensAreUsed() {
    AtomicInteger issued = new AtomicInteger();
    try (KubernetesConnection c =
        KubernetesConnection.withToken(
            cluster.serverUri(),
            () -> "token-" + issued.incrementAndGet(),
            Optional.empty(),
            MockCluster.OPTIONS)) {
      c.client().nodes().list();
      c.client().nodes().list();
    }

    assertThat(cluster.authorizations()).containsExactly("Bearer token-1", "Bearer token-2");
  }

  @Test
  void noTokenAppearsInAnErrorOrInTheClientsMostDetailedLogs() throws InterruptedException {
    List<String> logged = new ArrayList<>();
    Handler capture = capture(logged);
    Logger fabric8 = Logger.getLogger("io.fabric8");
    Level before = fabric8.getLevel();
    fabric8.setLevel(Level.ALL);
    fabric8.addHandler(capture);
    try {
      cluster.fail(MockCluster.call("list", "nodes"), 401, 10);
      KubernetesConnection c =
          KubernetesConnection.withToken(
              cluster.serverUri(), () -> SECRET, Optional.empty(), MockCluster.OPTIONS);
      Throwable failure =
          catchThrowable(
              () -> new LiveSnapshotReader(c, LiveSnapshotReader.ReadOptions.DEFAULTS).read());
      c.client().pods().inAnyNamespace().list(); // a request that succeeds is logged too

      assertThat(failure).isInstanceOf(KubernetesApiException.class);
      assertThat(stackText(failure)).doesNotContain(SECRET);
      assertThat(c.toString() + c.describe()).doesNotContain(SECRET);
      assertThat(logged).isNotEmpty().noneMatch(line -> line.contains(SECRET));

      // The capture sees what a plain fabric8 client logs at this level: the bearer token.
      var plain =
          new KubernetesClientBuilder()
              .withConfig(
                  new io.fabric8.kubernetes.client.ConfigBuilder()
                      .withMasterUrl(cluster.serverUri().toString())
                      .withOauthToken(SECRET)
                      .build())
              .build();
      plain.nodes().list();
      plain.close();
      // fabric8 logs the exchange from its HTTP thread, at times after list() has returned
      long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      while (!anyContains(logged, SECRET) && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(logged).anyMatch(line -> line.contains(SECRET));
    } finally {
      fabric8.removeHandler(capture);
      fabric8.setLevel(before);
    }
  }

  @Test
  void inAPodTheServiceAccountTokenAndCaAreUsed() throws Exception {
    KubernetesMockServer https = new KubernetesMockServer(true);
    https.init();
    try {
      Path sa = Files.createDirectories(dir.resolve("serviceaccount"));
      Files.writeString(sa.resolve("token"), SECRET + "\n");
      Files.copy(Path.of(https.getSelfSignedCertificate().certificatePath()), sa.resolve("ca.crt"));
      https.expect().get().withPath("/api/v1/nodes").andReturn(200, "{\"items\":[]}").once();

      try (KubernetesConnection c =
          KubernetesConnection.inCluster(
              Map.of(
                  "KUBERNETES_SERVICE_HOST",
                  "localhost",
                  "KUBERNETES_SERVICE_PORT",
                  String.valueOf(https.getPort())),
              sa,
              MockCluster.OPTIONS)) {
        assertThat(c.client().nodes().list().getItems()).isEmpty();
        assertThat(c.describe())
            .isEqualTo("https://localhost:" + https.getPort() + "/ (service account)");
      }
      assertThat(https.getLastRequest().getHeader("Authorization")).isEqualTo("Bearer " + SECRET);
    } finally {
      https.destroy();
    }
  }

  @Test
  void outsideAPodTheInClusterConnectionSaysSo() {
    assertThatThrownBy(() -> KubernetesConnection.inCluster(Map.of(), dir, MockCluster.OPTIONS))
        .isInstanceOf(ConnectionException.class)
        .hasMessage(
            "in-cluster config: not running in a pod: expected KUBERNETES_SERVICE_HOST and "
                + dir.resolve("token"));
  }

  private Path kubeconfig(String userLines) throws Exception {
    String yaml =
        """
        apiVersion: v1
        kind: Config
        current-context: other
        clusters:
        - name: mock
          cluster:
            server: %s
        - name: elsewhere
          cluster:
            server: https://elsewhere.example:6443
        contexts:
        - name: mock
          context: {cluster: mock, user: robot}
        - name: other
          context: {cluster: elsewhere, user: robot}
        users:
        - name: robot
          user:
            %s
        """
            .formatted(cluster.serverUri(), userLines);
    Path file = dir.resolve("kubeconfig");
    Files.writeString(file, yaml);
    return file;
  }

  private static Throwable catchThrowable(Runnable r) {
    try {
      r.run();
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }

  private static String stackText(Throwable t) {
    java.io.StringWriter w = new java.io.StringWriter();
    t.printStackTrace(new java.io.PrintWriter(w));
    return w.toString();
  }

  private static boolean anyContains(List<String> lines, String text) {
    synchronized (lines) {
      return lines.stream().anyMatch(line -> line.contains(text));
    }
  }

  private static Handler capture(List<String> lines) {
    Handler h =
        new Handler() {
          @Override
          public void publish(LogRecord r) {
            String message = r.getMessage();
            if (r.getParameters() != null) {
              message = message + " " + java.util.Arrays.toString(r.getParameters());
            }
            synchronized (lines) {
              lines.add(message);
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    h.setLevel(Level.ALL);
    return h;
  }
}
