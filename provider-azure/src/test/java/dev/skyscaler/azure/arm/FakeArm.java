package dev.skyscaler.azure.arm;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.skyscaler.kubernetes.mock.TestTls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;
import reactor.core.publisher.Mono;

/**
 * A local HTTPS server answering like Azure Resource Manager for what the VMSS provider uses, so
 * that tests run the real Azure SDK (pipeline, retry policy, pollers, serializers) against it:
 * scale sets (list by subscription / resource group with paging, get, PATCH / PUT capacity, delete
 * instances), their VMs (list with instance view, delete, restart, reimage), Resource SKUs, AKS
 * clusters (get, user credentials) and agent pools (get, PUT count, delete machines), and Key Vault
 * secrets (with Key Vault's 401 challenge).
 *
 * <p>Writes are long-running operations as ARM runs them: the answer carries {@code
 * Azure-AsyncOperation} (and, for POST / DELETE, {@code Location}); polls say {@code InProgress}
 * {@link #pollsPerOperation} times, then the change completes and {@code Succeeded} (or an injected
 * {@code Failed}) comes back. Operations nobody polls complete on {@link #completeOperations()}.
 * Every request is recorded; faults (429 with {@code Retry-After}, 404, 409, ...) are injected per
 * request. A request without {@code api-version} or without the bearer token is refused as ARM
 * refuses it.
 */
public final class FakeArm implements AutoCloseable {
  public static final String SUBSCRIPTION = "3f2b4c5d-1111-4000-8000-00000000a11e";
  public static final String TOKEN = "fake-arm-token-5b7e";

  /** One request as received. */
  public record Request(
      String method, String path, Map<String, String> query, String body, String authorization) {}

  private record Fault(
      String method, Pattern path, int status, Map<String, String> headers, String body) {}

  private final HttpsServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(4);
  private final FakeArmWorld world = new FakeArmWorld(SUBSCRIPTION);
  private final FakeArmOperations operations;
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final List<Fault> faults = new ArrayList<>();
  private final List<String> scopes = new CopyOnWriteArrayList<>();
  private final FakeArmRoutes routes;

  /** How many polls answer {@code InProgress} before an operation completes. */
  public volatile int pollsPerOperation = 1;

  private FakeArm() throws IOException {
    server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(TestTls.get().serverContext()));
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    operations = new FakeArmOperations(this);
    routes = new FakeArmRoutes(this, world, operations);
    server.start();
  }

  public static FakeArm start() {
    try {
      return new FakeArm();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the local ARM server", e);
    }
  }

  public FakeArmWorld world() {
    return world;
  }

  /** {@code https://127.0.0.1:<port>/}. */
  public URI endpoint() {
    return URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/");
  }

  /** A credential that hands out {@link #TOKEN} and records the scopes asked for. */
  public TokenCredential credential() {
    return request -> {
      scopes.addAll(request.getScopes());
      return Mono.just(new AccessToken(TOKEN, OffsetDateTime.now().plusHours(1)));
    };
  }

  /** The scopes tokens were asked for, in order. */
  public List<String> scopes() {
    return List.copyOf(scopes);
  }

  /** The JDK HTTP client the SDK uses, trusting this server's certificate only. */
  public com.azure.core.http.HttpClient httpClient() {
    return new JdkHttpClientBuilder(
            java.net.http.HttpClient.newBuilder().sslContext(TestTls.get().clientContext()))
        .build();
  }

  /** A connection to this server: polls every 10 ms, waits out up to 2s of throttling. */
  public ArmConnection connection() {
    return new ArmConnection(
        SUBSCRIPTION,
        endpoint(),
        credential(),
        httpClient(),
        Duration.ofMillis(10),
        Duration.ofSeconds(2),
        Duration.ofSeconds(5));
  }

  /** A Key Vault secret served at {@code /secrets/<name>}. */
  public synchronized void secret(String name, String value) {
    routes.secret(name, value);
  }

  /** Every request so far, oldest first. */
  public List<Request> requests() {
    return List.copyOf(requests);
  }

  /** The requests with this method whose path matches the regex (case-insensitive). */
  public List<Request> requests(String method, String pathRegex) {
    Pattern p = Pattern.compile(pathRegex, Pattern.CASE_INSENSITIVE);
    return requests.stream()
        .filter(r -> r.method().equals(method) && p.matcher(r.path()).find())
        .toList();
  }

  /** The next matching request gets this answer instead. */
  public synchronized void failNext(
      String method, String pathRegex, int status, Map<String, String> headers, String code) {
    String body =
        "{\"error\":{\"code\":\""
            + code
            + "\",\"message\":\"injected "
            + status
            + " "
            + code
            + "\"}}";
    faults.add(
        new Fault(
            method, Pattern.compile(pathRegex, Pattern.CASE_INSENSITIVE), status, headers, body));
  }

  /** The next matching request is throttled: 429 with {@code Retry-After: seconds}. */
  public void throttleNext(String method, String pathRegex, int seconds) {
    failNext(
        method,
        pathRegex,
        429,
        Map.of("Retry-After", Integer.toString(seconds)),
        "TooManyRequests");
  }

  /** The next operation started ends {@code Failed} with this ARM error. */
  public void failNextOperation(String code, String message) {
    operations.failNext(code, message);
  }

  /** Completes every running operation, as time passing would. */
  public synchronized void completeOperations() {
    operations.completeAll(); // the server's lock first, as requests take it
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getRawPath();
      Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      String auth = exchange.getRequestHeaders().getFirst("Authorization");
      String method = exchange.getRequestMethod();
      requests.add(new Request(method, path, query, body, auth == null ? "" : auth));
      FakeArmRoutes.Answer answer = answer(method, path, query, body, auth);
      answer.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
      byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
      exchange.getResponseHeaders().add("x-ms-request-id", "req-" + requests.size());
      exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
      if (bytes.length > 0) {
        exchange.getResponseBody().write(bytes);
      }
    }
  }

  private synchronized FakeArmRoutes.Answer answer(
      String method, String path, Map<String, String> query, String body, String auth) {
    for (Fault f : faults) {
      if (f.method().equals(method) && f.path().matcher(path).find()) {
        faults.remove(f);
        return new FakeArmRoutes.Answer(f.status(), f.headers(), f.body());
      }
    }
    boolean keyVault = path.startsWith("/secrets/");
    if (!keyVault && !query.containsKey("api-version")) {
      return FakeArmRoutes.error(
          400,
          "MissingApiVersionParameter",
          "The api-version query parameter (?api-version=) is required for all requests.");
    }
    if (auth == null || !auth.equals("Bearer " + TOKEN)) {
      if (keyVault) {
        return new FakeArmRoutes.Answer(
            401,
            Map.of(
                "WWW-Authenticate",
                "Bearer authorization=\"https://login.microsoftonline.com/72f988bf-0000-0000-0000-000000000000\", resource=\"https://vault.azure.net\""),
            "{\"error\":{\"code\":\"Unauthorized\",\"message\":\"AKV10000: Request is missing a Bearer or PoP token.\"}}");
      }
      return FakeArmRoutes.error(
          401,
          "AuthenticationFailed",
          "Authentication failed. The 'Authorization' header is missing.");
    }
    return routes.route(method, path, query, body);
  }

  String base() {
    String e = endpoint().toString();
    return e.substring(0, e.length() - 1);
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new LinkedHashMap<>();
    if (raw == null || raw.isEmpty()) {
      return q;
    }
    for (String pair : raw.split("&")) {
      int eq = pair.indexOf('=');
      String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      q.put(k, v);
    }
    return q;
  }

  static JsonNode parse(String body) {
    try {
      return body.isBlank()
          ? FakeArmWorld.JSON.createObjectNode()
          : FakeArmWorld.JSON.readTree(body);
    } catch (IOException e) {
      return FakeArmWorld.JSON.createObjectNode().put("unparsable", body);
    }
  }

  static String write(ObjectNode node) {
    return node.toString();
  }
}
