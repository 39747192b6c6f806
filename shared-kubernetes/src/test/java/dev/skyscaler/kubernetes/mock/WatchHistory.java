package dev.skyscaler.kubernetes.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * What the API server's watch cache gives watches, which fabric8's CRUD mock lacks (its watch
 * ignores {@code resourceVersion} and sends every object as ADDED): every write to the CRUD store,
 * from any client, becomes an event with the store's resource version; a watch from a version gets
 * the events after it, or ERROR 410 Gone when they are no longer kept ({@link #compact()}); a
 * streaming list ({@code sendInitialEvents=true}) gets every object, then a bookmark marking the
 * end of the initial events; watches that ask for bookmarks get one after every write they are not
 * sent, so their version is always the store's.
 *
 * <p>Writes and lists go through {@link #write} and {@link #list} so that a list's version and the
 * history agree: nothing is written between a list and the events after it.
 */
final class WatchHistory {
  private static final ObjectMapper JSON =
      io.fabric8.kubernetes.client.utils.Serialization.jsonMapper();

  /** One change of one object. */
  record Event(
      long version, String type, String group, String resource, String namespace, String json) {}

  private final KubernetesCrudDispatcher crud;
  private final List<Event> events = new ArrayList<>();
  private final Set<WatchStream> watches = new CopyOnWriteArraySet<>();
  private long compactedThrough;
  private volatile boolean streamingLists = true;

  WatchHistory(KubernetesCrudDispatcher crud) {
    this.crud = crud;
  }

  /** Whether watches may ask for a streaming list (servers with the WatchList gate off refuse). */
  void streamingLists(boolean offered) {
    streamingLists = offered;
  }

  boolean streamingLists() {
    return streamingLists;
  }

  /** The store's resource version: the version of its last write. */
  synchronized long version() {
    return storeVersion();
  }

  /**
   * A write: applied to the store, then recorded and sent to the watches. A write that changed
   * nothing (the store's version did not move: an update to what the object already was) sends no
   * event, as an API server sends none; sending one would carry the object's older version.
   */
  synchronized MockResponse write(RecordedRequest request, ApiCall call) {
    long before = storeVersion();
    MockResponse response = crud.dispatch(request);
    if (response.code() < 300 && call.isResourceRequest() && !unchanged(call, response, before)) {
      record(call, response);
    }
    return response;
  }

  /** An update the store kept as it was: its object still has a version from before the write. */
  private static boolean unchanged(ApiCall call, MockResponse response, long before) {
    if (call.verb().startsWith("delete")) {
      return false; // the CRUD store gives a deletion no version; record() gives it one
    }
    JsonNode written = parse(response);
    long version =
        written == null
            ? Long.MAX_VALUE
            : written.path("metadata").path("resourceVersion").asLong();
    return version <= before;
  }

  /** A list, at a version no write can pass until it is answered. */
  synchronized MockResponse list(RecordedRequest request) {
    return crud.dispatch(request);
  }

  /** Forgets every event: a watch from any earlier version gets 410 Gone. */
  synchronized void compact() {
    events.clear();
    compactedThrough = storeVersion();
  }

  /** Closes every open watch, as a server does when it restarts or a connection drops. */
  void dropWatches() {
    watches.forEach(WatchStream::closeByServer);
  }

  /** How many watches are open now. */
  int openWatches() {
    return (int) watches.stream().filter(WatchStream::isOpen).count();
  }

  /** Registers an opened watch and sends it what it asked for, before any later event. */
  synchronized void start(WatchStream watch) {
    Long from = watch.from();
    if (watch.initialEvents() || from == null) {
      long at = storeVersion();
      for (JsonNode item : items(watch)) {
        watch.send("ADDED", item.toString());
      }
      if (watch.initialEvents()) {
        watch.send("BOOKMARK", bookmark(watch, at, true));
      }
    } else if (from < compactedThrough) {
      watch.send(
          "ERROR",
          "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"code\":410,"
              + "\"reason\":\"Expired\",\"message\":\"too old resource version: "
              + from
              + " ("
              + compactedThrough
              + ")\"}");
      watch.closeByServer();
      return;
    } else {
      for (Event e : events) {
        if (e.version() > from && watch.matches(e)) {
          watch.send(e.type(), e.json());
        }
      }
      if (watch.bookmarks()) {
        watch.send("BOOKMARK", bookmark(watch, storeVersion(), false));
      }
    }
    watches.add(watch);
  }

  void stopped(WatchStream watch) {
    watches.remove(watch);
  }

  /** The CRUD store's resource version, as its lists give it. */
  private long storeVersion() {
    MockResponse empty =
        crud.dispatch(
            new RecordedRequest(
                "HTTP/1.1",
                HttpMethod.GET,
                "/api/v1/namespaces/skyscaler-version-probe/limitranges",
                Headers.builder().build(),
                null));
    JsonNode list = parse(empty);
    return list == null ? 0 : list.path("metadata").path("resourceVersion").asLong();
  }

  private List<JsonNode> items(WatchStream watch) {
    MockResponse all =
        crud.dispatch(
            new RecordedRequest(
                "HTTP/1.1", HttpMethod.GET, watch.listPath(), Headers.builder().build(), null));
    try {
      JsonNode list = JSON.readTree(new String(all.getBody().getBytes(), StandardCharsets.UTF_8));
      List<JsonNode> items = new ArrayList<>();
      list.path("items").forEach(items::add);
      return items;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void record(ApiCall call, MockResponse response) {
    JsonNode written = parse(response);
    if (written == null || !written.has("metadata")) {
      return;
    }
    String namespace = written.path("metadata").path("namespace").asText(call.namespace());
    String name = written.path("metadata").path("name").asText(call.name());
    String[] segments = call.path().split("/");
    String prefix =
        call.group().isEmpty() ? "/api/" + segments[2] : "/apis/" + segments[2] + "/" + segments[3];
    String objectPath =
        prefix
            + (namespace.isEmpty() ? "" : "/namespaces/" + namespace)
            + "/"
            + call.resource()
            + "/"
            + name;
    MockResponse now =
        crud.dispatch(
            new RecordedRequest(
                "HTTP/1.1", HttpMethod.GET, objectPath, Headers.builder().build(), null));
    String type;
    JsonNode object;
    if (now.code() == 200) {
      object = parse(now);
      type = "create".equals(call.verb()) && call.subresource().isEmpty() ? "ADDED" : "MODIFIED";
    } else {
      object = written;
      ((ObjectNode) object.get("metadata"))
          .put("resourceVersion", Long.toString(crud.requestResourceVersion()));
      type = "DELETED";
    }
    Event e =
        new Event(
            object.path("metadata").path("resourceVersion").asLong(),
            type,
            call.group(),
            call.resource(),
            namespace,
            object.toString());
    events.add(e);
    for (WatchStream w : watches) {
      if (w.matches(e)) {
        w.send(e.type(), e.json());
      } else if (w.bookmarks()) {
        w.send("BOOKMARK", bookmark(w, e.version(), false));
      }
    }
  }

  private static String bookmark(WatchStream watch, long version, boolean initialEventsEnd) {
    return "{\"kind\":\""
        + watch.kind()
        + "\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\""
        + version
        + "\""
        + (initialEventsEnd ? ",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}" : "")
        + "}}";
  }

  private static JsonNode parse(MockResponse response) {
    if (response.getBody() == null) {
      return null;
    }
    try {
      JsonNode node =
          JSON.readTree(new String(response.getBody().getBytes(), StandardCharsets.UTF_8));
      return node != null && node.isObject() ? node : null;
    } catch (IOException e) {
      return null;
    }
  }
}
