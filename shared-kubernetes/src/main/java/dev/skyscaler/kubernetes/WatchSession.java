package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One watch of a {@link WatchedObjects}: the connection it runs on, whether it can be trusted yet,
 * and, for a streaming list, the objects of its initial events until the bookmark that ends them.
 * Its events are applied by its owner; this class answers the owner's waits.
 */
final class WatchSession<V> implements ApiWatch.Events {
  /** The bookmark annotation that ends a streaming list's initial events. */
  static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

  /** How long a resumption's events must pause before it is read ({@link #accepted}). */
  static final Duration QUIET = Duration.ofMillis(100);

  private final KubernetesClient client;
  private final WatchedObjects<V> owner;
  private final CompletableFuture<Boolean> first = new CompletableFuture<>();
  private final CompletableFuture<Void> synced = new CompletableFuture<>();
  private volatile ApiWatch watch;
  private volatile boolean live;
  private volatile boolean closed;
  private volatile long lastHeard = System.nanoTime();
  // a streaming list's initial state, guarded by the owner
  private TreeMap<ObjectKey, V> initial;
  private TreeMap<ObjectKey, SnapshotException> initialBroken;
  private Interner initialShared;

  WatchSession(KubernetesClient client, WatchedObjects<V> owner, boolean streamingList) {
    this.client = client;
    this.owner = owner;
    if (streamingList) {
      initial = new TreeMap<>();
      initialBroken = new TreeMap<>();
      initialShared = Interner.create();
    }
  }

  KubernetesClient client() {
    return client;
  }

  /** Open and trusted: started from a list, accepted as a resumption, or synced. */
  boolean live() {
    return live && !closed;
  }

  /** Marks the watch trusted. */
  void trust() {
    live = true;
  }

  /**
   * Opens the watch.
   *
   * @throws KubernetesApiException when the server refuses it (with its code) or it does not open
   *     within {@code timeout}
   */
  void open(ObjectKind<V> kind, String query, Duration timeout) {
    String what = "watch " + kind.what();
    try {
      watch =
          ApiWatch.open(client, what, kind.path(), query, kind.keep(), this)
              .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof KubernetesApiException k) {
        throw k;
      }
      throw new KubernetesApiException(what + ": " + e.getCause(), 0, e);
    } catch (TimeoutException e) {
      throw new KubernetesApiException(what + ": not opened within " + timeout, 0, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KubernetesApiException(what + ": interrupted", 0, e);
    }
    if (closed) {
      watch.close();
    }
  }

  /**
   * Whether the server accepted a resumption: its first event came and was no error, or {@code
   * settle} passed without one (a server that cannot resume says so at once, with 410 Gone). After
   * the first event it waits, within {@code replay}, for the events to pause for {@link #QUIET}:
   * the replay of what was missed comes as a burst, and a scan should read after it, not halfway.
   */
  boolean accepted(Duration settle, Duration replay) {
    long deadline = System.nanoTime() + replay.toNanos();
    try {
      if (!first.get(settle.toMillis(), TimeUnit.MILLISECONDS)) {
        return false;
      }
      while (System.nanoTime() - lastHeard < QUIET.toNanos() && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      return !closed;
    } catch (TimeoutException e) {
      return !first.isDone() || first.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException e) {
      return false;
    }
  }

  /**
   * Waits for a streaming list's initial events to end, while events keep coming: {@code idle}
   * without any ends the wait.
   *
   * @throws KubernetesApiException when the watch failed, ended or went quiet first
   */
  void synced(Duration idle) {
    while (true) {
      try {
        synced.get(200, TimeUnit.MILLISECONDS);
        return;
      } catch (TimeoutException e) {
        if (System.nanoTime() - lastHeard > idle.toNanos()) {
          throw new KubernetesApiException(
              "watch: the streaming list sent nothing for " + idle, 0, e);
        }
      } catch (ExecutionException e) {
        if (e.getCause() instanceof KubernetesApiException k) {
          throw k;
        }
        throw new KubernetesApiException("watch: " + e.getCause(), 0, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new KubernetesApiException("watch: interrupted", 0, e);
      }
    }
  }

  TreeMap<ObjectKey, V> initial() {
    return initial;
  }

  TreeMap<ObjectKey, SnapshotException> initialBroken() {
    return initialBroken;
  }

  Interner initialShared() {
    return initialShared;
  }

  boolean endsInitialEvents(JsonNode bookmark) {
    return "true"
        .equals(bookmark.path("metadata").path("annotations").path(INITIAL_EVENTS_END).asText(""));
  }

  /** The initial events are the owner's now; the watch goes on as a plain one. */
  void initialEventsDone() {
    initial = null;
    initialBroken = null;
    initialShared = null;
    live = true;
    synced.complete(null);
  }

  /** Something came: the watch works. */
  void heard() {
    lastHeard = System.nanoTime();
    first.complete(true);
  }

  /** An ERROR event (or one the owner could not use): the watch is over. */
  void failed(String type, JsonNode object) {
    int code = object.path("code").asInt(0);
    KubernetesApiException e =
        "ERROR".equals(type)
            ? ApiStatus.failure("watch", code, object)
            : new KubernetesApiException("watch: an unusable " + type + " event", 0, null);
    live = false;
    first.complete(false);
    synced.completeExceptionally(e);
    close();
  }

  /** The watch ended on its own ({@code cause} null: the server closed it). */
  void endedBy(Throwable cause) {
    live = false;
    first.complete(false);
    synced.completeExceptionally(
        new KubernetesApiException(
            "watch ended" + (cause == null ? "" : ": " + cause.getClass().getSimpleName()),
            0,
            cause));
  }

  void close() {
    closed = true;
    live = false;
    ApiWatch w = watch;
    if (w != null) {
      w.close();
    }
  }

  @Override
  public void event(String type, JsonNode object) {
    owner.apply(this, type, object);
  }

  @Override
  public void ended(Throwable cause) {
    owner.ended(this, cause);
  }
}
