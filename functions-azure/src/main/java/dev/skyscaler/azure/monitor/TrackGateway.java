package dev.skyscaler.azure.monitor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * The only class that talks to Application Insights: posts telemetry items to the ingestion
 * endpoint's {@code /v2.1/track} (a JSON array of envelopes), at most {@value #BATCH} per request,
 * each request within {@link #TIMEOUT}. The answer ({@code {"itemsReceived":n,"itemsAccepted":n,
 * "errors":[{"index":i,"statusCode":c,"message":m}]}}) is read up to {@value #MAX_ANSWER} bytes; a
 * status other than 200 or an item not accepted is an error.
 */
public final class TrackGateway {
  static final int BATCH = 100;
  static final Duration TIMEOUT = Duration.ofSeconds(5);
  static final int MAX_ANSWER = 64 * 1024;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final AppInsightsConnection connection;
  private final HttpClient http;

  public TrackGateway(AppInsightsConnection connection) {
    this.connection = connection;
    this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  }

  AppInsightsConnection connection() {
    return connection;
  }

  /**
   * Posts the items.
   *
   * @throws TrackException naming the endpoint and what it said, and how many items went before
   */
  void send(List<ObjectNode> items) {
    for (int i = 0; i < items.size(); i += BATCH) {
      ArrayNode batch = JSON.createArrayNode();
      items.subList(i, Math.min(items.size(), i + BATCH)).forEach(batch::add);
      try {
        post(batch);
      } catch (TrackException e) {
        throw new TrackException(e.getMessage(), i);
      }
    }
  }

  private void post(ArrayNode batch) {
    HttpRequest request =
        HttpRequest.newBuilder(connection.track())
            .timeout(TIMEOUT)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(batch.toString()))
            .build();
    String where = "Application Insights " + connection.track();
    HttpResponse<InputStream> response;
    byte[] answer;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream in = response.body()) {
        answer = in.readNBytes(MAX_ANSWER);
      }
    } catch (IOException e) {
      throw new TrackException(where + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TrackException(where + ": interrupted");
    }
    JsonNode body = parse(answer);
    if (response.statusCode() != 200) {
      throw new TrackException(where + " answered " + response.statusCode() + firstError(body));
    }
    int accepted = body.path("itemsAccepted").asInt(-1);
    if (accepted != batch.size()) {
      throw new TrackException(
          where + " accepted " + accepted + " of " + batch.size() + " items" + firstError(body));
    }
  }

  private static JsonNode parse(byte[] answer) {
    try {
      return JSON.readTree(answer);
    } catch (IOException e) {
      return JSON.createObjectNode();
    }
  }

  private static String firstError(JsonNode body) {
    JsonNode e = body.path("errors").path(0);
    return e.isMissingNode() ? "" : ": " + e.path("message").asText();
  }

  /** Application Insights did not take the items. */
  public static final class TrackException extends RuntimeException {
    private final int sent;

    TrackException(String message) {
      this(message, 0);
    }

    TrackException(String message, int sent) {
      super(message);
      this.sent = sent;
    }

    /** How many of the items, from the first, were taken before the failure. */
    int sent() {
      return sent;
    }
  }
}
