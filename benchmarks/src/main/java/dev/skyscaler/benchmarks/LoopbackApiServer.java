package dev.skyscaler.benchmarks;

import dev.skyscaler.kubernetes.mock.TestTls;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntFunction;

/**
 * The read side of a Kubernetes API server for the live-read benchmark, on loopback, over plain
 * sockets: lists page by page ({@code limit}, {@code continue}) or whole and streamed ({@code
 * resourceVersion=0}, chunked), and watches over WebSockets, as fabric8 makes them, with streaming
 * lists ({@code sendInitialEvents}: every item as ADDED, then the bookmark that ends them) and
 * resumption (a bookmark at the current version). Items are rendered when asked for, so the
 * benchmark's heap holds only what the reader under test keeps. {@link #change} changes items and
 * sends them to the watches, as a cluster's churn does.
 */
final class LoopbackApiServer implements AutoCloseable {
  /**
   * One served list: how many items, the JSON of item {@code i}, and (optional) the same JSON
   * written straight into a list answer's bytes.
   */
  record Served(String kind, int count, IntFunction<String> item, ItemBytes bytes) {
    Served(String kind, int count, IntFunction<String> item) {
      this(kind, count, item, (i, out) -> out.text(item.apply(i)));
    }
  }

  /** Writes the JSON of item {@code i} into {@code out}, exactly as the item's string. */
  interface ItemBytes {
    void write(int i, RenderedBytes out);
  }

  private static final byte[] METADATA = "\"metadata\":{".getBytes(StandardCharsets.US_ASCII);

  private static final String WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

  private final ServerSocket socket;
  private final ExecutorService threads = Executors.newCachedThreadPool(LoopbackApiServer::daemon);
  private final Map<String, Served> lists = new HashMap<>();
  private final Map<String, long[]> versions = new HashMap<>();
  private final List<Watch> watches = new CopyOnWriteArrayList<>();
  private volatile long version = 1;
  private final java.util.concurrent.atomic.AtomicInteger streamingLists =
      new java.util.concurrent.atomic.AtomicInteger();
  private int nextChange;

  private final boolean tls;

  LoopbackApiServer() {
    this(false);
  }

  /**
   * @param tls whether it speaks TLS, as an API server does (a throw-away certificate for
   *     127.0.0.1, {@link TestTls}), or plain HTTP
   */
  LoopbackApiServer(boolean tls) {
    this.tls = tls;
    try {
      socket =
          tls
              ? TestTls.get()
                  .serverContext()
                  .getServerSocketFactory()
                  .createServerSocket(0, 64, InetAddress.getLoopbackAddress())
              : new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new IllegalStateException("cannot open a loopback port: " + e.getMessage(), e);
    }
    threads.execute(this::accept);
  }

  /** Serves {@code path} (e.g. {@code /api/v1/pods}) as a list of {@code served}'s items. */
  LoopbackApiServer serve(String path, Served served) {
    lists.put(path, served);
    versions.put(path, new long[served.count()]);
    return this;
  }

  URI uri() {
    return URI.create((tls ? "https" : "http") + "://127.0.0.1:" + socket.getLocalPort());
  }

  /** The certificate a client must trust (PEM), when it speaks TLS. */
  Optional<String> certificatePem() {
    return tls
        ? Optional.of(
            new String(
                Base64.getDecoder().decode(TestTls.get().caData()), StandardCharsets.US_ASCII))
        : Optional.empty();
  }

  /** How many streaming lists ({@code sendInitialEvents} watches) were asked for. */
  int streamingLists() {
    return streamingLists.get();
  }

  /** The version of the last change. */
  long version() {
    return version;
  }

  /**
   * Changes {@code count} items of {@code path} (the next ones, round the list), each at a new
   * version, and sends each watch of the path its events followed by a bookmark; the other watches
   * a bookmark. Returns the last version.
   */
  synchronized long change(String path, int count) {
    Served served = lists.get(path);
    long[] itemVersions = versions.get(path);
    for (int n = 0; n < count; n++) {
      int i = nextChange++ % served.count();
      long v = ++version;
      itemVersions[i] = v;
      String event = "{\"type\":\"MODIFIED\",\"object\":" + render(served, i, v) + "}";
      for (Watch w : watches) {
        if (w.path.equals(path)) {
          w.send(event);
        }
      }
    }
    for (Watch w : watches) {
      w.send(bookmark(lists.get(w.path), version, false));
      w.flush();
    }
    return version;
  }

  private String render(Served served, int i, long v) {
    String item = served.item().apply(i);
    int at = item.indexOf("\"metadata\":{") + "\"metadata\":{".length();
    String withVersion =
        item.substring(0, at) + "\"resourceVersion\":\"" + v + "\"," + item.substring(at);
    return v <= 1 ? withVersion : changed(withVersion, v);
  }

  /** An item after a change: its restartedAt annotation says when, as a rollout would. */
  private static String changed(String item, long v) {
    String key = "\"kubectl.kubernetes.io/restartedAt\":\"";
    int at = item.indexOf(key);
    if (at < 0) {
      return item;
    }
    int end = item.indexOf('"', at + key.length());
    return item.substring(0, at + key.length()) + "rev-" + v + item.substring(end);
  }

  private String itemAt(String path, int i) {
    long v = Math.max(1, versions.get(path)[i]);
    return render(lists.get(path), i, v);
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        threads.execute(() -> serve(s));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void serve(Socket s) {
    try (s;
        InputStream in = new java.io.BufferedInputStream(s.getInputStream());
        OutputStream out = new BufferedOutputStream(s.getOutputStream(), 1 << 16)) {
      while (true) {
        Request r = Request.read(in);
        if (r == null) {
          return;
        }
        if ("websocket".equalsIgnoreCase(r.headers.get("upgrade"))) {
          watch(r, in, out);
          return;
        }
        answer(r, out);
        out.flush();
      }
    } catch (IOException e) {
      // the client went away
    }
  }

  private void answer(Request r, OutputStream out) throws IOException {
    Served served = lists.get(r.path);
    if (served == null) {
      byte[] body = "{\"kind\":\"Status\",\"code\":404,\"reason\":\"NotFound\"}".getBytes();
      head(out, 404, "Content-Length: " + body.length);
      out.write(body);
      return;
    }
    String limit = r.query.get("limit");
    int from = Integer.parseInt(r.query.getOrDefault("continue", "0"));
    int to =
        limit == null ? served.count() : Math.min(served.count(), from + Integer.parseInt(limit));
    head(out, 200, "Transfer-Encoding: chunked");
    RenderedBytes chunk = new RenderedBytes();
    chunk.ascii("{\"apiVersion\":\"v1\",\"kind\":\"" + served.kind() + "List\",");
    chunk.ascii("\"metadata\":{\"resourceVersion\":\"" + version + '"');
    if (to < served.count()) {
      chunk.ascii(",\"continue\":\"" + to + '"');
    }
    chunk.ascii("},\"items\":[");
    long[] itemVersions = versions.get(r.path);
    for (int i = from; i < to; i++) {
      if (i > from) {
        chunk.ascii(",");
      }
      long v = Math.max(1, itemVersions[i]);
      if (v > 1) {
        chunk.text(render(served, i, v)); // a changed item: rare, and as a watch sends it
      } else {
        int start = chunk.length();
        served.bytes().write(i, chunk);
        int at = chunk.indexOf(METADATA, start);
        chunk.insert(at + METADATA.length, VERSION_ONE);
      }
      if (chunk.length() > (1 << 16)) {
        chunk.writeChunk(out);
      }
    }
    chunk.ascii("]}");
    chunk.writeChunk(out);
    out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
  }

  private static final byte[] VERSION_ONE =
      "\"resourceVersion\":\"1\",".getBytes(StandardCharsets.US_ASCII);

  private void watch(Request r, InputStream in, OutputStream out) throws IOException {
    String accept = accept(r.headers.get("sec-websocket-key"));
    out.write(
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: "
                + accept
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    Served served = lists.get(r.path);
    Watch w = new Watch(r.path, out);
    synchronized (this) {
      if ("true".equals(r.query.get("sendInitialEvents"))) {
        streamingLists.incrementAndGet();
        for (int i = 0; i < served.count(); i++) {
          w.send("{\"type\":\"ADDED\",\"object\":" + itemAt(r.path, i) + "}");
        }
        w.send(bookmark(served, version, true));
      } else {
        w.send(bookmark(served, version, false));
      }
      watches.add(w);
    }
    w.flush();
    try {
      while (Frames.readClientFrame(in) != Frames.CLOSE) {
        // pings and the like: nothing to answer
      }
      w.close();
    } finally {
      watches.remove(w);
    }
  }

  private static String bookmark(Served served, long version, boolean initialEventsEnd) {
    return "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\""
        + served.kind()
        + "\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\""
        + version
        + "\""
        + (initialEventsEnd ? ",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}" : "")
        + "}}}";
  }

  private static void head(OutputStream out, int code, String header) throws IOException {
    out.write(
        ("HTTP/1.1 "
                + code
                + (code == 200 ? " OK" : " Not Found")
                + "\r\nContent-Type: application/json\r\n"
                + header
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
  }

  private static String accept(String key) {
    try {
      byte[] sha1 =
          MessageDigest.getInstance("SHA-1")
              .digest((key + WEBSOCKET_GUID).getBytes(StandardCharsets.US_ASCII));
      return Base64.getEncoder().encodeToString(sha1);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One open watch: its path and where its frames go. */
  private static final class Watch {
    final String path;
    private final OutputStream out;

    Watch(String path, OutputStream out) {
      this.path = path;
      this.out = out;
    }

    synchronized void send(String text) {
      try {
        Frames.writeText(out, text.getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        // the client went away; its reader ends the watch
      }
    }

    synchronized void flush() {
      try {
        out.flush();
      } catch (IOException e) {
        // as above
      }
    }

    synchronized void close() {
      try {
        Frames.writeClose(out);
        out.flush();
      } catch (IOException e) {
        // as above
      }
    }
  }

  /** A request's line and headers. */
  private record Request(String path, Map<String, String> query, Map<String, String> headers) {
    static Request read(InputStream in) throws IOException {
      String line = line(in);
      if (line == null || line.isEmpty()) {
        return null;
      }
      String target = line.split(" ")[1];
      Map<String, String> headers = new HashMap<>();
      for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
        int colon = h.indexOf(':');
        headers.put(
            h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
      }
      int q = target.indexOf('?');
      Map<String, String> query = new HashMap<>();
      if (q >= 0) {
        for (String pair : target.substring(q + 1).split("&")) {
          int eq = pair.indexOf('=');
          if (eq > 0) {
            query.put(pair.substring(0, eq), pair.substring(eq + 1));
          }
        }
      }
      return new Request(q < 0 ? target : target.substring(0, q), query, headers);
    }

    private static String line(InputStream in) throws IOException {
      StringBuilder sb = new StringBuilder();
      int c;
      while ((c = in.read()) != -1) {
        if (c == '\n') {
          int n = sb.length();
          return n > 0 && sb.charAt(n - 1) == '\r' ? sb.substring(0, n - 1) : sb.toString();
        }
        sb.append((char) c);
      }
      return sb.length() == 0 ? null : sb.toString();
    }
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
    threads.shutdownNow();
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "loopback-api-server");
    t.setDaemon(true);
    return t;
  }
}
