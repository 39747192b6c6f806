package dev.skyscaler.kubernetes.mock;

import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.fabric8.mockwebserver.dsl.MockServerExpectation;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.function.Predicate;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A fabric8 mock API server in CRUD mode for one test, with the adapter's connection to it (a
 * bearer-token connection, user agent {@code skyscaler}, short timeouts) and an {@link #admin()}
 * client for arranging and inspecting objects, whose requests are not counted as the adapter's.
 *
 * <p>Use as {@code @RegisterExtension final MockCluster cluster = new MockCluster();}. {@code new
 * MockCluster(true)} serves HTTPS with a self-signed certificate ({@link #certificatePem}).
 */
public final class MockCluster implements BeforeEachCallback, AfterEachCallback {
  /** Short timeouts and quick retries, so fault tests stay fast. */
  public static final ConnectionOptions OPTIONS =
      ConnectionOptions.DEFAULTS
          .withRequestTimeout(Duration.ofSeconds(2))
          .withRetries(1, Duration.ofMillis(10));

  /** The mock server logs every request at INFO; kept quiet (strong references: JUL's are weak). */
  private static final List<java.util.logging.Logger> QUIET =
      List.of(
          java.util.logging.Logger.getLogger("io.fabric8.mockwebserver"),
          java.util.logging.Logger.getLogger("io.vertx"));

  static {
    QUIET.forEach(l -> l.setLevel(java.util.logging.Level.WARNING));
  }

  private KubernetesMockServer server;
  private ApiDispatcher dispatcher;
  private KubernetesClient admin;
  private final List<KubernetesConnection> connections = new ArrayList<>();
  private final boolean https;

  /** Plain HTTP, as most tests want. */
  public MockCluster() {
    this(false);
  }

  /** HTTPS with a self-signed certificate when {@code https}. */
  public MockCluster(boolean https) {
    this.https = https;
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    start();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    stop();
  }

  public void start() {
    Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
    dispatcher = new ApiDispatcher(responses);
    server =
        new KubernetesMockServer(
            new Context(Serialization.jsonMapper()),
            new MockWebServer(),
            responses,
            dispatcher,
            https);
    server.init();
    admin = server.createClient();
  }

  public void stop() {
    connections.forEach(KubernetesConnection::close);
    connections.clear();
    if (admin != null) {
      admin.close();
    }
    if (server != null) {
      server.destroy();
    }
  }

  /**
   * Serves list requests for {@code path} ({@code /api/v1/pods}) from {@code items}, paged like the
   * API server; for big clusters, which the CRUD store fills slowly.
   */
  public void serveList(String path, List<? extends HasMetadata> items) {
    dispatcher.serveList(path, items);
  }

  /**
   * Writes to {@code file} a kubeconfig whose one context, {@code mock}, reaches this server with a
   * bearer token, as a user's kubeconfig for {@code --kubeconfig}; returns {@code file}.
   */
  public Path writeKubeconfig(Path file) throws IOException {
    Files.writeString(
        file,
        """
        apiVersion: v1
        kind: Config
        current-context: mock
        clusters:
        - name: mock
          cluster: {server: "%s"}
        contexts:
        - name: mock
          context: {cluster: mock, user: me}
        users:
        - name: me
          user: {token: not-a-real-token}
        """
            .formatted(serverUri()));
    return file;
  }

  /** A client for the test's own arranging and checking. */
  public KubernetesClient admin() {
    return admin;
  }

  /** A new adapter connection (each actor of a race test gets its own). */
  public KubernetesConnection connect() {
    return connect(OPTIONS);
  }

  public KubernetesConnection connect(ConnectionOptions options) {
    return connect(options, () -> {});
  }

  /**
   * A connection that runs {@code beforeEachRequest} on the sending thread before each of its
   * requests (it is where the token is asked for): a test can hold an actor between two calls.
   */
  public KubernetesConnection connect(ConnectionOptions options, Runnable beforeEachRequest) {
    KubernetesConnection c =
        KubernetesConnection.withToken(
            serverUri(),
            () -> {
              beforeEachRequest.run();
              return "mock-token";
            },
            certificatePem(),
            options);
    connections.add(c);
    return c;
  }

  /** The server's certificate, PEM, when it serves HTTPS; the kubeconfig's CA for a client. */
  public Optional<String> certificatePem() {
    if (!https) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          Files.readString(Path.of(server.getSelfSignedCertificate().certificatePath())));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the mock server's certificate", e);
    }
  }

  /**
   * A kubeconfig, as a secret store holds one (EKS's or a self-managed cluster's): its one context
   * reaches this server with a bearer token and trusts the server's certificate ({@link #caData}).
   *
   * @throws IllegalStateException when the server speaks plain HTTP
   */
  public String kubeconfigWithCaData() {
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: mock
          cluster:
            server: %s
            certificate-authority-data: %s
        users:
        - name: skyscaler
          user:
            token: not-a-real-token
        contexts:
        - name: mock
          context:
            cluster: mock
            user: skyscaler
        current-context: mock
        """
        .formatted(serverUri(), caData());
  }

  /**
   * The server's certificate as a kubeconfig's {@code certificate-authority-data} (base64 PEM); a
   * kubeconfig from a secret store must carry one.
   *
   * @throws IllegalStateException when the server speaks plain HTTP
   */
  public String caData() {
    String pem =
        certificatePem()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "the mock API server speaks plain HTTP: use new MockCluster(true) for a"
                            + " kubeconfig with CA data"));
    return java.util.Base64.getEncoder()
        .encodeToString(pem.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  public URI serverUri() {
    return URI.create(server.url("/"));
  }

  /** Expectations answered before the CRUD store (for what CRUD mode lacks, e.g. evictions). */
  public MockServerExpectation expect() {
    return server.expect();
  }

  /** The next {@code times} requests matching {@code when} get {@code code} and change nothing. */
  public void fail(Predicate<ApiCall> when, int code, int times) {
    dispatcher.inject(when, code, times);
  }

  /** The next request matching {@code when} takes effect but its answer arrives after {@code d}. */
  public void answerLate(Predicate<ApiCall> when, Duration d) {
    dispatcher.delayAfterApplying(when, d, 1);
  }

  /**
   * Just before the next request matching {@code when}, another client merge-patches the object at
   * {@code path} (which changes its resourceVersion): a real concurrent write.
   */
  public void interleave(Predicate<ApiCall> when, String path, String mergePatch) {
    dispatcher.interleave(when, path, mergePatch);
  }

  /**
   * Serves the eviction subresource as the API server does when no budget refuses it: the pod is
   * deleted and 201 answered (CRUD mode has no subresource; faults injected with {@link #fail} are
   * answered first).
   */
  public void serveEvictions() {
    dispatcher.serveEvictions();
  }

  /** Enters every write of the adapter that lands from now on into {@code ledger}. */
  public void record(WriteLedger ledger) {
    dispatcher.record(ledger);
  }

  /** The {@code Authorization} header of each of the adapter's requests, in order. */
  public List<String> authorizations() {
    return dispatcher.authorizations();
  }

  /** The adapter's requests in this test, in order. */
  public List<ApiCall> calls() {
    return dispatcher.calls();
  }

  /** The adapter's write requests (not get, list or watch) in this test. */
  public List<ApiCall> writes() {
    return calls().stream()
        .filter(c -> !List.of("get", "list", "watch").contains(c.verb()))
        .toList();
  }

  /** The store's resource version: that of its last write. */
  public long resourceVersion() {
    return dispatcher.history().version();
  }

  /**
   * Forgets the watch history, as an API server does after a while (at least 75 s) or under heavy
   * churn: a watch resumed from any earlier version gets 410 Gone.
   */
  public void compactHistory() {
    dispatcher.history().compact();
  }

  /** Ends every open watch from the server's side (a restart, a timeout, a dropped connection). */
  public void dropWatches() {
    dispatcher.history().dropWatches();
  }

  /** How many watches are open now. */
  public int openWatches() {
    return dispatcher.history().openWatches();
  }

  /**
   * Whether the server offers streaming lists ({@code sendInitialEvents}); when not, it refuses
   * them with 422 as API servers with the WatchList gate off do. Offered by default.
   */
  public void streamingLists(boolean offered) {
    dispatcher.history().streamingLists(offered);
  }

  public void clearCalls() {
    dispatcher.clearCalls();
  }

  /** Drops every injected fault not yet taken. */
  public void clearFaults() {
    dispatcher.clearFaults();
  }

  public static Predicate<ApiCall> call(String verb, String resource) {
    return c -> c.verb().equals(verb) && c.fullResource().equals(resource);
  }
}
