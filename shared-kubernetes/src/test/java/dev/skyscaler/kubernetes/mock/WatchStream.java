package dev.skyscaler.kubernetes.mock;

import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.util.Map;

/**
 * One watch request served over a WebSocket, as the API server serves fabric8's watches: each event
 * one text message {@code {"type":...,"object":...}}. What it is sent is {@link WatchHistory}'s to
 * decide.
 */
final class WatchStream extends WebSocketListener {
  private static final Map<String, String> KINDS =
      Map.of(
          "pods", "Pod",
          "nodes", "Node",
          "poddisruptionbudgets", "PodDisruptionBudget",
          "daemonsets", "DaemonSet",
          "podtemplates", "PodTemplate",
          "capacitybuffers", "CapacityBuffer");

  private final WatchHistory history;
  private final ApiCall call;
  private volatile WebSocket socket;
  private volatile boolean open;

  WatchStream(WatchHistory history, ApiCall call) {
    this.history = history;
    this.call = call;
  }

  /** The version the watch starts after; null for none ("" or "0": the current state first). */
  Long from() {
    String v = call.query().getOrDefault("resourceVersion", "");
    return v.isEmpty() || v.equals("0") ? null : Long.valueOf(v);
  }

  boolean initialEvents() {
    return "true".equals(call.query().get("sendInitialEvents"));
  }

  boolean bookmarks() {
    return "true".equals(call.query().get("allowWatchBookmarks"));
  }

  /** The list this watch watches. */
  String listPath() {
    return call.path();
  }

  String kind() {
    return KINDS.getOrDefault(call.resource(), "Object");
  }

  boolean matches(WatchHistory.Event e) {
    return e.group().equals(call.group())
        && e.resource().equals(call.resource())
        && (call.namespace().isEmpty() || call.namespace().equals(e.namespace()));
  }

  boolean isOpen() {
    return open;
  }

  void send(String type, String objectJson) {
    WebSocket ws = socket;
    if (open && ws != null) {
      ws.send("{\"type\":\"" + type + "\",\"object\":" + objectJson + "}");
    }
  }

  /** The server ends the watch (a timeout, a restart, a dropped connection). */
  void closeByServer() {
    WebSocket ws = socket;
    open = false;
    history.stopped(this);
    if (ws != null) {
      ws.close(1000, "");
    }
  }

  @Override
  public void onOpen(WebSocket webSocket, Response response) {
    socket = webSocket;
    open = true;
    history.start(this);
  }

  @Override
  public void onClosing(WebSocket webSocket, int code, String reason) {
    stop();
    webSocket.close(code, reason);
  }

  @Override
  public void onClosed(WebSocket webSocket, int code, String reason) {
    stop();
  }

  @Override
  public void onFailure(WebSocket webSocket, Throwable t, Response response) {
    stop();
  }

  private void stop() {
    open = false;
    history.stopped(this);
  }
}
