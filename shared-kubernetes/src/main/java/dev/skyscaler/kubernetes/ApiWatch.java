package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.WebSocket;
import io.fabric8.kubernetes.client.http.WebSocketHandshakeException;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One watch request ({@code ?watch=true}) over a WebSocket, as fabric8's own watches are made:
 * fabric8's HTTP client opens it (connection, TLS, authentication); each event's object is read as
 * a tree ({@link ObjectTrees}) straight from the frame and handed to {@link Events}. What a watch
 * means — where it starts, when to trust it, what to do when it ends — is the caller's ({@link
 * WatchedObjects}), because fabric8's watch manager reads every event into its typed models and
 * reconnects by itself.
 */
final class ApiWatch implements WebSocket.Listener {
  /** What a watch reports, on the client's thread, one call at a time. */
  interface Events {
    /**
     * An event: {@code ADDED}, {@code MODIFIED}, {@code DELETED}, {@code BOOKMARK} or {@code
     * ERROR}.
     */
    void event(String type, JsonNode object);

    /**
     * The watch ended without {@link #close()}: the server ended it ({@code cause} null), the
     * connection broke, or an event could not be read. Called at most once.
     */
    void ended(Throwable cause);
  }

  private final ObjectTrees.Keep keep;
  private final Events events;
  private final AtomicBoolean over = new AtomicBoolean();
  private volatile WebSocket socket;

  private ApiWatch(ObjectTrees.Keep keep, Events events) {
    this.keep = keep;
    this.events = events;
  }

  /**
   * Starts watching {@code path} ({@code api/v1/pods}) with {@code query} ({@code
   * resourceVersion=...&allowWatchBookmarks=true}, {@code watch=true} is added).
   *
   * @return the watch once the server accepted it; failed with a {@link KubernetesApiException}
   *     whose code is the server's when it refused (e.g. 422: it does not offer streaming lists)
   */
  static CompletableFuture<ApiWatch> open(
      KubernetesClient client,
      String what,
      String path,
      String query,
      ObjectTrees.Keep keep,
      Events events) {
    URL master = client.getMasterUrl();
    String origin =
        master.getProtocol()
            + "://"
            + master.getHost()
            + (master.getPort() == -1 ? "" : ":" + master.getPort());
    ApiWatch watch = new ApiWatch(keep, events);
    return client
        .getHttpClient()
        .newWebSocketBuilder()
        .header("Origin", origin)
        .uri(URI.create(master.toString() + path + "?watch=true&" + query))
        .connectTimeout(client.getConfiguration().getRequestTimeout(), TimeUnit.MILLISECONDS)
        .buildAsync(watch)
        .handle(
            (ws, failure) -> {
              if (failure != null) {
                throw refused(what, failure);
              }
              watch.socket = ws;
              return watch;
            });
  }

  private static CompletionException refused(String what, Throwable failure) {
    Throwable cause = failure instanceof CompletionException c ? c.getCause() : failure;
    if (cause instanceof WebSocketHandshakeException h) {
      int code = h.getResponse().code();
      return new CompletionException(ApiStatus.failure(what, code, (JsonNode) null));
    }
    Throwable root = KubernetesApiException.rootCause(failure);
    return new CompletionException(
        new KubernetesApiException(
            what + ": I/O error: " + root.getClass().getSimpleName(), 0, failure));
  }

  /** Ends the watch; {@link Events#ended} is not called for it. */
  void close() {
    if (over.compareAndSet(false, true)) {
      WebSocket ws = socket;
      if (ws != null) {
        ws.sendClose(1000, null);
      }
    }
  }

  @Override
  public void onOpen(WebSocket webSocket) {
    socket = webSocket;
  }

  @Override
  public void onMessage(WebSocket webSocket, String text) {
    if (over.get()) {
      return;
    }
    String type = null;
    JsonNode object = null;
    try (JsonParser p = ObjectTrees.JSON.createParser(text)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("a watch event that is not a JSON object");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals("type") && value == JsonToken.VALUE_STRING) {
          type = p.getText();
        } else if (field.equals("object") && value == JsonToken.START_OBJECT) {
          object = ObjectTrees.read(p, keep);
        } else {
          p.skipChildren();
        }
      }
      if (type == null || object == null) {
        throw new IOException("a watch event without a type or an object");
      }
    } catch (IOException | RuntimeException e) {
      end(e);
      return;
    }
    try {
      events.event(type, object);
    } catch (RuntimeException e) {
      end(e);
      return;
    }
    webSocket.request();
  }

  @Override
  public void onClose(WebSocket webSocket, int code, String reason) {
    end(null);
  }

  @Override
  public void onError(WebSocket webSocket, Throwable error) {
    end(error);
  }

  private void end(Throwable cause) {
    if (over.compareAndSet(false, true)) {
      WebSocket ws = socket;
      if (ws != null) {
        ws.sendClose(1000, null);
      }
      events.ended(cause);
    }
  }
}
