package dev.skyscaler.magnum.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.skyscaler.kubernetes.mock.TestTls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A local HTTPS server answering as Keystone v3 ({@code /identity}), Magnum ({@code
 * /container-infra/v1}) and Nova ({@code /compute/v2.1}) answer, with the documented shapes, for
 * what the Magnum provider calls. Keystone issues tokens for the one application credential, user
 * password or trust it knows, with a catalog for regions {@code RegionOne} (this server) and {@code
 * RegionTwo} (elsewhere). Magnum and Nova refuse a request without a token Keystone issued (401);
 * Magnum refuses node-group calls below microversion 1.9 (406) and a resize to zero below 1.10, out
 * of the group's bounds (400) or while the cluster is in another state than Magnum allows (409).
 * Every request is recorded, and faults (a status for the next requests matching a method and path)
 * can be injected.
 */
public final class FakeOpenStack implements AutoCloseable {
  public static final String APP_CRED_ID = "ac-7f1e";
  public static final String APP_CRED_SECRET = "s3cret-app-cred-value";
  public static final String USER_ID = "u-42";
  public static final String PASSWORD = "s3cret-password-value";
  public static final String TRUST_ID = "trust-99";
  public static final String PROJECT_ID = "p-jetstream";

  /** One request as received; {@code token} is the X-Auth-Token sent (empty when none). */
  public record Request(
      String method, String path, String body, String token, String microversion) {}

  private record Fault(String method, String pathPrefix, int status) {}

  static final ObjectMapper JSON = new ObjectMapper();

  private final HttpsServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(4);
  private final FakeMagnumWorld world = new FakeMagnumWorld();
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final List<Fault> faults = new CopyOnWriteArrayList<>();
  private final Set<String> tokens = ConcurrentHashMap.newKeySet();
  private final FakeMagnumRoutes magnum;
  private final FakeNovaRoutes nova;

  /** When set, Nova's paging links point there instead of at this server. */
  public volatile String novaLinkBase;

  /** The {@code expires_at} of the next tokens. */
  public volatile Instant tokenExpiry = Instant.parse("2025-01-31T13:00:00Z");

  private FakeOpenStack() throws IOException {
    server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(TestTls.get().serverContext()));
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    magnum = new FakeMagnumRoutes(world);
    nova = new FakeNovaRoutes(world, () -> novaLinkBase != null ? novaLinkBase : url());
    server.start();
  }

  public static FakeOpenStack start() {
    try {
      return new FakeOpenStack();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the local OpenStack server", e);
    }
  }

  public FakeMagnumWorld world() {
    return world;
  }

  public String url() {
    return "https://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Keystone's URL, as cloud-config's {@code auth-url}. */
  public String authUrl() {
    return url() + "/identity/v3";
  }

  /** The PEM file of the server's certificate, as cloud-config's {@code ca-file}. */
  public java.nio.file.Path caFile() {
    return TestTls.get().caFile();
  }

  /** A cloud-config for the application credential, with {@code extra} lines appended. */
  public String cloudConfig(String... extra) {
    return "[Global]\nauth-url = "
        + authUrl()
        + "\napplication-credential-id = "
        + APP_CRED_ID
        + "\napplication-credential-secret = "
        + APP_CRED_SECRET
        + "\nregion = RegionOne\nca-file = "
        + caFile()
        + "\n"
        + String.join("\n", extra)
        + "\n";
  }

  public List<Request> requests() {
    return List.copyOf(requests);
  }

  public void clearRequests() {
    requests.clear();
  }

  /**
   * The next request of {@code method} to a path starting with {@code pathPrefix} gets {@code
   * status}.
   */
  public void fail(String method, String pathPrefix, int status) {
    faults.add(new Fault(method, pathPrefix, status));
  }

  /** Forgets every token issued: services answer 401 until a new one is asked for. */
  public void revokeTokens() {
    tokens.clear();
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      String path = ex.getRequestURI().getRawPath();
      String query = ex.getRequestURI().getRawQuery();
      String token = ex.getRequestHeaders().getFirst("X-Auth-Token");
      String version = ex.getRequestHeaders().getFirst("OpenStack-API-Version");
      requests.add(
          new Request(
              ex.getRequestMethod(),
              path + (query == null ? "" : "?" + query),
              body,
              token == null ? "" : token,
              version == null ? "" : version));
      for (Fault f : faults) {
        if (f.method().equals(ex.getRequestMethod()) && path.startsWith(f.pathPrefix())) {
          faults.remove(f);
          send(ex, f.status(), error(f.status(), "injected fault"));
          return;
        }
      }
      if (path.equals("/identity/v3/auth/tokens") && ex.getRequestMethod().equals("POST")) {
        authenticate(ex, body);
        return;
      }
      if (token == null || !tokens.contains(token)) {
        send(ex, 401, error(401, "The request you have made requires authentication."));
        return;
      }
      Answer a =
          path.startsWith("/container-infra/v1/")
              ? magnum.route(
                  ex.getRequestMethod(),
                  path.substring("/container-infra/v1".length()),
                  body,
                  version)
              : path.startsWith("/compute/v2.1/")
                  ? nova.route(
                      ex.getRequestMethod(), path.substring("/compute/v2.1".length()), query)
                  : new Answer(404, error(404, "no such path"));
      send(ex, a.status(), a.body());
    } catch (RuntimeException e) {
      send(ex, 500, error(500, e.toString()));
    }
  }

  /** A status and JSON body. */
  record Answer(int status, JsonNode body) {}

  private void authenticate(HttpExchange ex, String body) throws IOException {
    JsonNode id = JSON.readTree(body).path("auth").path("identity");
    JsonNode scope = JSON.readTree(body).path("auth").path("scope");
    String method = id.path("methods").path(0).asText();
    boolean ok =
        switch (method) {
          case "application_credential" ->
              APP_CRED_ID.equals(id.path("application_credential").path("id").asText())
                  && APP_CRED_SECRET.equals(
                      id.path("application_credential").path("secret").asText())
                  && scope.isMissingNode();
          case "password" ->
              USER_ID.equals(id.path("password").path("user").path("id").asText())
                  && PASSWORD.equals(id.path("password").path("user").path("password").asText())
                  && (PROJECT_ID.equals(scope.path("project").path("id").asText())
                      || TRUST_ID.equals(scope.path("OS-TRUST:trust").path("id").asText()));
          default -> false;
        };
    if (!ok) {
      send(ex, 401, error(401, "The request you have made requires authentication."));
      return;
    }
    String token = "gAAAA-token-" + tokens.size() + "-" + System.nanoTime();
    tokens.add(token);
    ObjectNode root = JSON.createObjectNode();
    ObjectNode t = root.putObject("token");
    t.put(
        "expires_at",
        tokenExpiry
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
            .toString()
            .replace("Z", ".000000Z"));
    t.putArray("methods").add(method);
    ArrayNode catalog = t.putArray("catalog");
    service(
        catalog, "identity", "keystone", url() + "/identity", "https://elsewhere.example/identity");
    service(
        catalog,
        "container-infra",
        "magnum",
        url() + "/container-infra/v1",
        "https://elsewhere.example/container-infra/v1");
    service(
        catalog,
        "compute",
        "nova",
        url() + "/compute/v2.1",
        "https://elsewhere.example/compute/v2.1");
    ex.getResponseHeaders().add("X-Subject-Token", token);
    send(ex, 201, root);
  }

  private static void service(
      ArrayNode catalog, String type, String name, String here, String there) {
    ObjectNode s = catalog.addObject();
    s.put("type", type).put("name", name);
    ArrayNode e = s.putArray("endpoints");
    e.addObject()
        .put("interface", "public")
        .put("region_id", "RegionOne")
        .put("region", "RegionOne")
        .put("url", here);
    e.addObject()
        .put("interface", "internal")
        .put("region_id", "RegionOne")
        .put("url", "http://10.1.1.1/" + type);
    e.addObject()
        .put("interface", "public")
        .put("region_id", "RegionTwo")
        .put("region", "RegionTwo")
        .put("url", there);
  }

  static JsonNode error(int status, String detail) {
    ObjectNode root = JSON.createObjectNode();
    root.putArray("errors").addObject().put("status", status).put("detail", detail);
    return root;
  }

  private static void send(HttpExchange ex, int status, JsonNode body) throws IOException {
    if (body == null) {
      ex.sendResponseHeaders(status, -1);
      return;
    }
    byte[] bytes = JSON.writeValueAsBytes(body);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(status, bytes.length);
    ex.getResponseBody().write(bytes);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
