package dev.skyscaler.cli.run;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.skyscaler.kubernetes.metrics.Metrics;
import dev.skyscaler.kubernetes.metrics.PrometheusText;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Executors;

/**
 * The runner's HTTP endpoints, on the JDK's HTTP server: {@code GET /healthz} answers {@code 200
 * ok} or {@code 500} with the reason ({@link Health}); {@code GET /metrics} the metrics in
 * Prometheus's text format. Anything else is 404; a method other than GET or HEAD is 405.
 */
final class StatusServer implements AutoCloseable {
  private final HttpServer server;

  private StatusServer(HttpServer server) {
    this.server = server;
  }

  /**
   * Listens on {@code address} ({@code :8085} for every interface, {@code 127.0.0.1:0} for a free
   * port).
   *
   * @throws IOException when the port cannot be bound
   */
  static StatusServer start(String address, Health health, Metrics metrics, Clock clock)
      throws IOException {
    HttpServer server = HttpServer.create(socket(address), 0);
    server.createContext(
        "/healthz",
        ex -> {
          Optional<String> problem = health.problem(clock.instant());
          answer(
              ex,
              problem.isEmpty() ? 200 : 500,
              "text/plain; charset=utf-8",
              problem.orElse("ok") + "\n");
        });
    server.createContext(
        "/metrics",
        ex -> answer(ex, 200, PrometheusText.CONTENT_TYPE, PrometheusText.render(metrics)));
    server.createContext("/", ex -> answer(ex, 404, "text/plain; charset=utf-8", "not found\n"));
    server.setExecutor(Executors.newSingleThreadExecutor(StatusServer::daemon));
    server.start();
    return new StatusServer(server);
  }

  /** The port listened on. */
  int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }

  static InetSocketAddress socket(String address) {
    int colon = address.lastIndexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException(
          "--address: expected [host]:port such as :8085, got \"" + address + "\"");
    }
    String host = address.substring(0, colon);
    int port;
    try {
      port = Integer.parseInt(address.substring(colon + 1));
    } catch (NumberFormatException e) {
      port = -1;
    }
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException(
          "--address: expected [host]:port such as :8085, got \"" + address + "\"");
    }
    return host.isEmpty() ? new InetSocketAddress(port) : new InetSocketAddress(host, port);
  }

  private static void answer(HttpExchange ex, int code, String type, String body)
      throws IOException {
    try (ex) {
      String method = ex.getRequestMethod();
      if (!method.equals("GET") && !method.equals("HEAD")) {
        ex.sendResponseHeaders(405, -1);
        return;
      }
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().set("Content-Type", type);
      ex.sendResponseHeaders(code, method.equals("HEAD") ? -1 : bytes.length);
      if (!method.equals("HEAD")) {
        try (OutputStream out = ex.getResponseBody()) {
          out.write(bytes);
        }
      }
    }
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "skyscaler-http");
    t.setDaemon(true);
    return t;
  }
}
