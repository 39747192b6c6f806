package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The objects of one kind in a cluster, as the scans of a function see them: listed once from the
 * API server's watch cache, then kept current by a watch resumed from the list's resource version
 * at the next read, so later scans read memory instead of listing. The objects are kept translated
 * ({@link ObjectKind}).
 *
 * <p>When to trust what is kept ({@link #read}):
 *
 * <ul>
 *   <li>a watch that is open and was started as a streaming list that synced, or whose resumption
 *       the server accepted: read as kept;
 *   <li>no watch open (the list was the last read; the server closed the watch, the connection
 *       broke, the function's invocation ended) within {@link ViewOptions#resumeWithin()} of the
 *       last thing heard: resumed from the last resource version; the server replays what was
 *       missed, or answers 410 Gone when it no longer has it. Nothing is read until the resumption
 *       is accepted: its first event, or {@link ViewOptions#settle()} without an error (a server
 *       with nothing to replay sends nothing; a refusal slower than that makes this one read as old
 *       as what is kept, at most {@code resumeWithin}, and the next read lists);
 *   <li>anything else — nothing kept, 410 Gone, an ERROR event, an event that cannot be read or has
 *       no resource version, a resumption refused or not accepted — lists: the first read a list
 *       from the watch cache ({@code resourceVersion=0}); a later one a streaming list ({@code
 *       sendInitialEvents}) where the server offers one, else a list not older than the last
 *       version seen. A list opens no watch: the next read resumes one from its version.
 * </ul>
 *
 * <p>An object that cannot be translated fails every read, naming it, until it is fixed or deleted:
 * a scan must not act without a pod it could not read.
 */
final class WatchedObjects<V> {
  private final ObjectKind<V> kind;
  private final ViewOptions options;
  private final StreamingLists streaming;

  // all guarded by this
  private TreeMap<ObjectKey, V> objects = new TreeMap<>();
  private TreeMap<ObjectKey, SnapshotException> broken = new TreeMap<>();
  private Interner shared = Interner.create();
  private String version;
  private boolean stale;
  private Instant heard = Instant.MIN;
  private WatchSession<V> session;

  WatchedObjects(ObjectKind<V> kind, ViewOptions options, StreamingLists streaming) {
    this.kind = kind;
    this.options = options;
    this.streaming = streaming;
  }

  /**
   * Brings the objects up to date through {@code client} as the class comment says, and returns
   * them in key order.
   *
   * @throws KubernetesApiException when a list or a watch fails after the client's retries
   * @throws SnapshotException naming the first object that cannot be translated
   */
  List<V> read(KubernetesClient client) {
    ensureCurrent(client);
    synchronized (this) {
      if (!broken.isEmpty()) {
        throw broken.firstEntry().getValue();
      }
      return new ArrayList<>(objects.values());
    }
  }

  /** The resource version the objects are current at; null before the first list. */
  synchronized String version() {
    return version;
  }

  /**
   * Whether a trusted watch keeps the objects current, as far as this client knows: a server's
   * close, or a refusal of a resumption accepted by silence, may still be on its way.
   */
  synchronized boolean watching() {
    return session != null && session.live();
  }

  /** Ends the watch (the invocation ends); what is kept stays, for a later resumption. */
  void suspend() {
    WatchSession<V> s;
    synchronized (this) {
      s = session;
      session = null;
    }
    if (s != null) {
      s.close();
    }
  }

  private void ensureCurrent(KubernetesClient client) {
    String from;
    WatchSession<V> old;
    synchronized (this) {
      if (session != null && session.client() == client && session.live() && !stale) {
        return;
      }
      boolean recent = !heard.plus(options.resumeWithin()).isBefore(options.clock().instant());
      from = options.watch() && !stale && version != null && recent ? version : null;
      old = session;
      session = null;
    }
    if (old != null) {
      old.close();
    }
    if (from != null && resume(client, from)) {
      return;
    }
    relist(client);
  }

  private boolean resume(KubernetesClient client, String from) {
    WatchSession<V> s = start(client, false);
    String query = "resourceVersion=" + encode(from) + "&allowWatchBookmarks=true";
    try {
      s.open(kind, query, options.requestTimeout());
    } catch (KubernetesApiException e) {
      end(s);
      return false;
    }
    if (!s.accepted(options.settle(), options.requestTimeout())) {
      end(s);
      return false;
    }
    synchronized (this) {
      if (session != s || stale) {
        return false;
      }
      s.trust();
      return true;
    }
  }

  private void relist(KubernetesClient client) {
    boolean listedBefore;
    synchronized (this) {
      listedBefore = version != null;
    }
    // A first read lists over the connection the scan already has; a view that was listed before
    // relists by a streaming list, which is also the watch it needs.
    if (options.watch()
        && listedBefore
        && options.streamingLists()
        && streaming.mayBeOffered()
        && streamingList(client)) {
      return;
    }
    list(client);
    // the watch starts at the next read, resumed from the list's version: a function that scans
    // once per invocation never opens one it would not use
  }

  /** True when a streaming list synced; false when the server refused it or it broke off. */
  private boolean streamingList(KubernetesClient client) {
    WatchSession<V> s = start(client, true);
    String from;
    synchronized (this) {
      from = version;
    }
    String query =
        "sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true"
            + (from == null ? "" : "&resourceVersion=" + encode(from));
    try {
      s.open(kind, query, options.requestTimeout());
      s.synced(options.requestTimeout());
      streaming.offered();
      return true;
    } catch (KubernetesApiException e) {
      end(s);
      if (StreamingLists.isRefusal(e.code())) {
        streaming.refused();
      }
      return false; // refused, or broken off: a plain list says which
    }
  }

  private String list(KubernetesClient client) {
    Listing listing = new Listing();
    String from;
    synchronized (this) {
      from = version;
    }
    String listed =
        ApiList.list(
            client,
            "list " + kind.what(),
            kind.path(),
            from,
            kind.keep(),
            options.parsing(),
            listing);
    TreeMap<ObjectKey, V> listedObjects = listing.objects.toMap();
    synchronized (this) {
      objects = listedObjects;
      broken = listing.broken;
      shared = listing.shared;
      version = listed;
      stale = false;
      heard = options.clock().instant();
    }
    return listed;
  }

  /** A list's objects, translated batch by batch on the threads that parse them. */
  private final class Listing implements ListedItems<Listing.Batch> {
    final ListedObjects<V> objects = new ListedObjects<>();
    final TreeMap<ObjectKey, SnapshotException> broken = new TreeMap<>();
    final Interner shared = Interner.create();

    /** The objects of a batch, and those that could not be translated. */
    final class Batch {
      final ListedObjects<V> objects = new ListedObjects<>();
      final TreeMap<ObjectKey, SnapshotException> broken = new TreeMap<>();
    }

    @Override
    public Batch batch() {
      return new Batch();
    }

    @Override
    public void add(Batch batch, JsonNode object) {
      ObjectKey key = ObjectKey.of(object, kind.namespaced());
      try {
        kind.translation().apply(object, shared).ifPresent(v -> batch.objects.add(key, v));
      } catch (SnapshotException e) {
        batch.broken.put(key, e);
      }
    }

    @Override
    public void merge(Batch batch) {
      objects.addAll(batch.objects);
      broken.putAll(batch.broken);
    }
  }

  private synchronized WatchSession<V> start(KubernetesClient client, boolean initial) {
    session = new WatchSession<>(client, this, initial);
    return session;
  }

  private void end(WatchSession<V> s) {
    synchronized (this) {
      if (session == s) {
        session = null;
      }
    }
    s.close();
  }

  /** Applies an event of {@code s}'s watch; events of a watch no longer current are dropped. */
  synchronized void apply(WatchSession<V> s, String type, JsonNode object) {
    if (session != s) {
      return;
    }
    String rv = object.path("metadata").path("resourceVersion").asText(null);
    switch (type) {
      case "ADDED", "MODIFIED" -> {
        if (s.initial() != null) {
          put(s.initial(), s.initialBroken(), s.initialShared(), object);
        } else {
          put(objects, broken, sharedFor(), object);
        }
      }
      case "DELETED" -> {
        ObjectKey key = ObjectKey.of(object, kind.namespaced());
        (s.initial() != null ? s.initial() : objects).remove(key);
        (s.initial() != null ? s.initialBroken() : broken).remove(key);
      }
      case "BOOKMARK" -> {
        if (s.initial() != null && s.endsInitialEvents(object)) {
          objects = s.initial();
          broken = s.initialBroken();
          shared = s.initialShared();
          s.initialEventsDone();
        }
      }
      default -> {
        stale = true; // ERROR (410 Gone among them), or a type this reader does not know
        s.failed(type, object);
        return;
      }
    }
    if (rv == null || rv.isEmpty()) {
      stale = true; // an event without a resource version: where would a resumption start?
      s.failed(type, object);
      return;
    }
    if (s.initial() == null) {
      version = rv;
      stale = false;
    }
    heard = options.clock().instant();
    s.heard();
  }

  /** {@code s}'s watch ended by itself; what is kept stays, to be resumed by the next read. */
  synchronized void ended(WatchSession<V> s, Throwable cause) {
    if (session == s) {
      session = null;
    }
    s.endedBy(cause);
  }

  private Interner sharedFor() {
    if (shared.size() > 4 * objects.size() + 10_000) {
      shared = Interner.create(); // values of objects long gone: share anew from here
    }
    return shared;
  }

  private void put(
      TreeMap<ObjectKey, V> into,
      TreeMap<ObjectKey, SnapshotException> failures,
      Interner with,
      JsonNode object) {
    ObjectKey key = ObjectKey.of(object, kind.namespaced());
    try {
      var value = kind.translation().apply(object, with);
      if (value.isPresent()) {
        into.put(key, value.get());
      } else {
        into.remove(key);
      }
      failures.remove(key);
    } catch (SnapshotException e) {
      into.remove(key);
      failures.put(key, e);
    }
  }

  private static String encode(String version) {
    return URLEncoder.encode(version, StandardCharsets.UTF_8);
  }
}
