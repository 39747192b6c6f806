package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One list request to the API server that its watch cache answers — {@code resourceVersion=0}, or
 * {@code resourceVersionMatch=NotOlderThan} a version already seen, no {@code limit}, no field
 * selector — read as it arrives: cut into batches of items ({@link ListSplitter}) parsed into trees
 * ({@link ObjectTrees}) on several threads at once ({@link BatchParsing}), so neither the response
 * nor its objects are ever held whole, and a big list's parsing is not bound to one processor.
 *
 * <p>fabric8's HTTP client does the connection, TLS, authentication and retries before the answer
 * starts; the body is read here because fabric8 reads a list's body whole into memory before
 * parsing it, which for 150,000 pods is hundreds of megabytes.
 */
final class ApiList {
  private ApiList() {}

  /**
   * Lists {@code path} ({@code api/v1/pods}).
   *
   * @param notOlderThan a resource version the answer must not be older than (the cache waits for
   *     it), or null for any version the cache has
   * @param parsing how the answer's items are parsed
   * @param each gets every item, merged in the order of the answer
   * @return the list's resource version, where a watch of the same path can start
   * @throws KubernetesApiException naming {@code what} when the server refuses or the answer breaks
   *     off
   */
  static <B> String list(
      KubernetesClient client,
      String what,
      String path,
      String notOlderThan,
      ObjectTrees.Keep keep,
      ListParsing parsing,
      ListedItems<B> each) {
    String query =
        notOlderThan == null
            ? "resourceVersion=0"
            : "resourceVersion="
                + URLEncoder.encode(notOlderThan, StandardCharsets.UTF_8)
                + "&resourceVersionMatch=NotOlderThan";
    HttpClient http = client.getHttpClient();
    HttpRequest request =
        http.newHttpRequestBuilder()
            .uri(client.getMasterUrl().toString() + path + "?" + query)
            .header("Accept", "application/json")
            .timeout(client.getConfiguration().getRequestTimeout(), TimeUnit.MILLISECONDS)
            .build();
    try (BatchParsing<B> batches = new BatchParsing<>(keep, each, parsing.threads())) {
      ListSplitter splitter = new ListSplitter(batches, parsing.batchBytes());
      ListBody body = new ListBody(splitter);
      HttpResponse<AsyncBody> response = send(http, request, body, what);
      if (!response.isSuccessful()) {
        body.refused();
      }
      try {
        read(response.body(), what);
      } finally {
        body.release();
      }
      if (!response.isSuccessful()) {
        throw ApiStatus.failure(what, response.code(), new ByteArrayInputStream(body.refusal()));
      }
      if (body.failure() != null) {
        throw body.failure();
      }
      String version = envelope(splitter.end(), keep, each);
      batches.finish();
      return version;
    } catch (IOException e) {
      throw new KubernetesApiException(
          what + ": I/O error: " + e.getClass().getSimpleName() + ": " + e.getMessage(), 0, e);
    }
  }

  private static HttpResponse<AsyncBody> send(
      HttpClient http, HttpRequest request, ListBody body, String what) {
    try {
      return http.consumeBytes(request, body).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KubernetesApiException(what + ": interrupted", 0, e);
    } catch (ExecutionException | CompletionException e) {
      Throwable root = KubernetesApiException.rootCause(e);
      throw new KubernetesApiException(
          what + ": I/O error: " + root.getClass().getSimpleName(), 0, e);
    }
  }

  /** Consumes the body to its end; a body cancelled for a failure of its bytes ends quietly. */
  private static void read(AsyncBody body, String what) throws IOException {
    body.consume();
    try {
      body.done().get();
    } catch (InterruptedException e) {
      body.cancel();
      Thread.currentThread().interrupt();
      throw new KubernetesApiException(what + ": interrupted", 0, e);
    } catch (ExecutionException
        | CompletionException
        | java.util.concurrent.CancellationException e) {
      Throwable root = KubernetesApiException.rootCause(e);
      if (!(root instanceof java.util.concurrent.CancellationException)) {
        throw new IOException(root.getClass().getSimpleName() + ": " + root.getMessage(), root);
      }
    }
  }

  /**
   * Parses the envelope; items found in it (an answer whose {@code items} key the splitter did not
   * see written plainly) are read here, one after another.
   */
  private static <B> String envelope(byte[] json, ObjectTrees.Keep keep, ListedItems<B> items)
      throws IOException {
    String version = null;
    B batch = items.batch();
    try (JsonParser p = ObjectTrees.JSON.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("the answer is not a JSON object");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals("items") && value == JsonToken.START_ARRAY) {
          while (p.nextToken() == JsonToken.START_OBJECT) {
            items.add(batch, ObjectTrees.read(p, keep));
          }
        } else if (field.equals("metadata") && value == JsonToken.START_OBJECT) {
          JsonNode meta = ObjectTrees.read(p, ObjectTrees.Keep.only("resourceVersion"));
          version = meta.path("resourceVersion").asText(null);
        } else {
          p.skipChildren();
        }
      }
    }
    items.merge(batch);
    if (version == null || version.isEmpty()) {
      throw new IOException("the list has no metadata.resourceVersion");
    }
    return version;
  }
}
