package dev.skyscaler.azure.monitor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A local Application Insights ingestion endpoint: takes {@code POST /v2.1/track} with a JSON array
 * of envelopes, keeps them, and answers as the service does ({@code itemsReceived}, {@code
 * itemsAccepted}, {@code errors}), or with the status and error it is told to.
 */
final class FakeIngestion implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpServer server;
  private final List<JsonNode> items = new ArrayList<>();
  private final List<String> paths = new ArrayList<>();
  private int status = 200;
  private String error = "";

  FakeIngestion() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          JsonNode body = JSON.readTree(exchange.getRequestBody());
          int received = body.size();
          boolean ok;
          synchronized (this) {
            paths.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
            ok = status == 200;
            if (ok) {
              body.forEach(items::add);
            }
          }
          String answer =
              ok
                  ? "{\"itemsReceived\":"
                      + received
                      + ",\"itemsAccepted\":"
                      + received
                      + ",\"errors\":[]}"
                  : "{\"itemsReceived\":"
                      + received
                      + ",\"itemsAccepted\":0,\"errors\":[{\"index\":0,\"statusCode\":"
                      + status
                      + ",\"message\":\""
                      + error
                      + "\"}]}";
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
  }

  String connectionString() {
    return "InstrumentationKey=0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0;IngestionEndpoint=http://127.0.0.1:"
        + server.getAddress().getPort()
        + "/;LiveEndpoint=http://127.0.0.1/";
  }

  String track() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v2.1/track";
  }

  synchronized void fail(int status, String error) {
    this.status = status;
    this.error = error;
  }

  synchronized List<JsonNode> items() {
    return List.copyOf(items);
  }

  synchronized List<String> paths() {
    return List.copyOf(paths);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
