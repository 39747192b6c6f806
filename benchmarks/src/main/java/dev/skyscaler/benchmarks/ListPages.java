package dev.skyscaler.benchmarks;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntFunction;

/**
 * The read side of a Kubernetes API server for the live-read benchmark, on loopback: lists answered
 * page by page with {@code limit} and {@code continue} as the API server does, each item rendered
 * when its page is asked for. Nothing is stored, so the benchmark's heap holds only what the reader
 * under test keeps. Paths it does not serve answer 404 (the reader takes a missing priority
 * ConfigMap or CapacityBuffer API as absent).
 */
final class ListPages implements AutoCloseable {
  /** One served list: how many items, and the JSON of item {@code i}. */
  record Served(String kind, int count, IntFunction<String> item) {}

  private final HttpServer server;
  private final ExecutorService threads = Executors.newFixedThreadPool(4);
  private final Map<String, Served> lists = new HashMap<>();

  ListPages() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new IllegalStateException("cannot open a loopback port: " + e.getMessage(), e);
    }
    server.createContext("/", this::answer);
    server.setExecutor(threads);
    server.start();
  }

  /** Serves {@code path} (e.g. {@code /api/v1/pods}) as a list of {@code served}'s items. */
  ListPages serve(String path, Served served) {
    lists.put(path, served);
    return this;
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      Served served = lists.get(exchange.getRequestURI().getPath());
      if (served == null || !"GET".equals(exchange.getRequestMethod())) {
        send(exchange, 404, "{\"kind\":\"Status\",\"code\":404,\"reason\":\"NotFound\"}");
        return;
      }
      Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
      int limit = Integer.parseInt(query.getOrDefault("limit", "" + served.count()));
      int from = Integer.parseInt(query.getOrDefault("continue", "0"));
      int to = Math.min(served.count(), from + limit);
      StringBuilder page = new StringBuilder(64 + (to - from) * 3_000);
      page.append("{\"apiVersion\":\"v1\",\"kind\":\"").append(served.kind()).append("List\",");
      page.append("\"metadata\":{\"resourceVersion\":\"1\"");
      if (to < served.count()) {
        page.append(",\"continue\":\"").append(to).append('"');
      }
      page.append("},\"items\":[");
      for (int i = from; i < to; i++) {
        page.append(i > from ? "," : "").append(served.item().apply(i));
      }
      send(exchange, 200, page.append("]}").toString());
    }
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> query = new HashMap<>();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          query.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
      }
    }
    return query;
  }

  private static void send(HttpExchange exchange, int code, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
