package dev.skyscaler.azure.coldstart;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.skyscaler.azure.arm.FakeArm;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The managed-identity endpoint an App Service or Functions instance has on its own host ({@code
 * IDENTITY_ENDPOINT}, {@code IDENTITY_HEADER}; API version 2019-08-01): a GET with {@code
 * resource}, {@code client_id} and the {@code X-IDENTITY-HEADER} secret answers a token for that
 * resource. Served on loopback over plain HTTP, as the platform serves it; it hands out {@link
 * FakeArm#TOKEN}, which the local ARM server accepts. A request without the secret gets 401.
 */
final class IdentityEndpoint implements AutoCloseable {
  static final String SECRET = "cold-start-identity-header";

  private final HttpServer server;
  private final List<String> resources = new CopyOnWriteArrayList<>();

  private IdentityEndpoint(HttpServer server) {
    this.server = server;
  }

  static IdentityEndpoint start() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      IdentityEndpoint endpoint = new IdentityEndpoint(server);
      server.createContext("/msi/token", endpoint::answer);
      server.start();
      return endpoint;
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the local identity endpoint", e);
    }
  }

  /** The variables the platform sets for the function's process. */
  Map<String, String> environment() {
    return Map.of("IDENTITY_ENDPOINT", uri().toString(), "IDENTITY_HEADER", SECRET);
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/msi/token");
  }

  /** The resources tokens were asked for, in order. */
  List<String> resources() {
    return List.copyOf(resources);
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
      String resource = query.getOrDefault("resource", "");
      int status;
      String body;
      if (!SECRET.equals(exchange.getRequestHeaders().getFirst("X-IDENTITY-HEADER"))) {
        status = 401;
        body = "{\"error\":\"unauthorized\",\"error_description\":\"X-IDENTITY-HEADER\"}";
      } else {
        resources.add(resource);
        status = 200;
        long expires = Instant.now().plusSeconds(3600).getEpochSecond();
        body =
            "{\"access_token\":\""
                + FakeArm.TOKEN
                + "\",\"expires_on\":\""
                + expires
                + "\",\"resource\":\""
                + resource
                + "\",\"token_type\":\"Bearer\",\"client_id\":\""
                + query.getOrDefault("client_id", "")
                + "\"}";
      }
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(status, bytes.length);
      exchange.getResponseBody().write(bytes);
    }
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new HashMap<>();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          q.put(
              URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
              URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
      }
    }
    return q;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
