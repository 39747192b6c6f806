package dev.skyscaler.magnum.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.kubernetes.fence.Deadline;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * The one place that speaks HTTP to OpenStack (Keystone, Magnum, Nova), with {@code java.net.http}
 * and Jackson: JSON in and out, answers read up to {@value #MAX_BODY} bytes and parsed within
 * {@code ParseLimits} (depth, string length), every request with a timeout. A copy made {@link
 * #within} a budget cuts each request's timeout to what is left and sends nothing once it is spent
 * ({@link WriteRefusedException}), so that an action's calls end while the scan's lease is still
 * ours. Errors name the operation and the status, never a header's value.
 */
public final class OpenStackHttp {
  /** Larger answers are refused: a cluster's node groups or a page of servers is far smaller. */
  public static final int MAX_BODY = 8 * 1024 * 1024;

  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final ObjectMapper JSON =
      new ObjectMapper(dev.skyscaler.kubernetes.ParseLimits.jsonFactory());

  private final HttpClient client;
  private final Optional<Deadline> deadline;
  private final Duration budget;

  /** A client trusting {@code tls} (the JVM's CAs, or a cloud-config's {@code ca-file}). */
  public OpenStackHttp(SSLContext tls) {
    this(
        HttpClient.newBuilder()
            .sslContext(tls)
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build(),
        Optional.empty(),
        Duration.ZERO);
  }

  private OpenStackHttp(HttpClient client, Optional<Deadline> deadline, Duration budget) {
    this.client = client;
    this.deadline = deadline;
    this.budget = budget;
  }

  /** This client for one action: every request ends within {@code budget} of now. */
  public OpenStackHttp within(Duration budget) {
    return new OpenStackHttp(client, Optional.of(Deadline.after(budget)), budget);
  }

  /** One answer: its status, headers and JSON body (a missing node when there was none). */
  public record Answer(int status, Map<String, java.util.List<String>> headers, JsonNode body) {
    public Optional<String> header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty())
          .map(e -> e.getValue().get(0))
          .findFirst();
    }
  }

  /**
   * Sends one request and answers any status; the caller decides what a status means.
   *
   * @param what the operation, for errors ({@code list node groups of cluster k8s})
   * @param body the JSON body, or null
   * @throws OpenStackApiException when no answer came or the answer is not JSON or too large
   * @throws WriteRefusedException when the budget is spent before the request is sent
   */
  public Answer send(
      String what, String method, URI uri, Map<String, String> headers, JsonNode body) {
    Duration timeout = TIMEOUT;
    if (deadline.isPresent()) {
      if (deadline.get().passed()) {
        throw new WriteRefusedException(
            what + ": not sent: the time the lease granted this action (" + budget + ") ran out");
      }
      timeout = deadline.get().leftAtMost(TIMEOUT);
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(timeout);
    headers.forEach(b::header);
    b.header("Accept", "application/json");
    if (body != null) {
      b.header("Content-Type", "application/json");
      b.method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
    } else {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    }
    try {
      HttpResponse<InputStream> r =
          client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
      byte[] bytes;
      try (InputStream in = r.body()) {
        bytes = in.readNBytes(MAX_BODY + 1);
      }
      if (bytes.length > MAX_BODY) {
        throw new OpenStackApiException(
            what + ": the answer is larger than " + MAX_BODY + " bytes", r.statusCode());
      }
      JsonNode json = bytes.length == 0 ? JSON.missingNode() : parse(what, bytes, r.statusCode());
      return new Answer(r.statusCode(), r.headers().map(), json);
    } catch (IOException e) {
      throw new OpenStackApiException(
          what + ": no answer from " + uri.getHost() + " (" + e.getClass().getSimpleName() + ")",
          0);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new OpenStackApiException(what + ": interrupted", 0);
    }
  }

  private static JsonNode parse(String what, byte[] bytes, int status) {
    try {
      return JSON.readTree(bytes);
    } catch (IOException e) {
      if (status >= 400) {
        return JSON.missingNode(); // an error page: the status says enough
      }
      throw new OpenStackApiException(
          what
              + ": the answer is not JSON within the parse limits ("
              + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j
                  ? j.getOriginalMessage()
                  : e.getClass().getSimpleName())
              + ")",
          status);
    }
  }

  /** A JSON object builder for request bodies. */
  public static com.fasterxml.jackson.databind.node.ObjectNode object() {
    return JSON.createObjectNode();
  }

  /**
   * The error for an answer with an unexpected status: the operation, the status and the first
   * {@code 200} characters of the server's explanation (Magnum's {@code errors[].detail}, Nova's
   * and Keystone's {@code *.message}).
   */
  public static OpenStackApiException failure(String what, Answer a) {
    String detail = a.body().path("errors").path(0).path("detail").asText("");
    if (detail.isEmpty()) {
      for (JsonNode v : a.body()) {
        if (v.has("message")) {
          detail = v.path("message").asText("");
          break;
        }
      }
    }
    String text = detail.length() > 200 ? detail.substring(0, 200) + "…" : detail;
    return new OpenStackApiException(
        what + ": " + a.status() + (text.isEmpty() ? "" : ": " + text), a.status());
  }
}
