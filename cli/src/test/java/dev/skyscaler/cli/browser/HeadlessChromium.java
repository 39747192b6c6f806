package dev.skyscaler.cli.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A real browser for tests: Debian's {@code chromium}, headless, driven over the DevTools protocol
 * (a WebSocket, with {@code java.net.http}). It starts with a fresh profile and everything that
 * would reach the network off, opens pages, evaluates expressions in them, collects console errors,
 * exceptions and the requests they make, and takes full-page screenshots. A missing browser is an
 * error that says how to install it, never a skip.
 */
public final class HeadlessChromium implements AutoCloseable {
  /** Where the binary is looked for when {@code SKYSCALER_CHROMIUM} does not name one. */
  static final List<String> CANDIDATES = List.of("chromium", "chromium-browser");

  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final Path profile;
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final List<JsonNode> events = new ArrayList<>();
  private final List<String> browserLog = new ArrayList<>();

  private HeadlessChromium(Process process, Path profile, URI endpoint) throws Exception {
    this.process = process;
    this.profile = profile;
    this.socket =
        HttpClient.newHttpClient()
            .newWebSocketBuilder()
            .connectTimeout(TIMEOUT)
            .buildAsync(endpoint, new Listener())
            .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
  }

  /**
   * Starts the browser.
   *
   * @throws IllegalStateException when no chromium binary is found, naming how to install one
   */
  public static HeadlessChromium start() throws Exception {
    String binary = binary();
    Path profile = Files.createTempDirectory("skyscaler-chromium-");
    Process p =
        new ProcessBuilder(
                binary,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--remote-debugging-port=0",
                "about:blank")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    BufferedReader err =
        new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    CompletableFuture<URI> endpoint = new CompletableFuture<>();
    List<String> startup = new ArrayList<>();
    Thread reader =
        new Thread(
            () -> {
              try {
                for (String line; (line = err.readLine()) != null; ) {
                  synchronized (startup) {
                    startup.add(line);
                  }
                  int at = line.indexOf("ws://");
                  if (line.startsWith("DevTools listening on") && at >= 0) {
                    endpoint.complete(URI.create(line.substring(at).strip()));
                  }
                }
              } catch (IOException e) {
                endpoint.completeExceptionally(e);
              }
              endpoint.completeExceptionally(
                  new IllegalStateException("chromium exited before listening"));
            },
            "chromium-stderr");
    reader.setDaemon(true);
    reader.start();
    try {
      HeadlessChromium c =
          new HeadlessChromium(p, profile, endpoint.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
      synchronized (startup) {
        c.browserLog.addAll(startup);
      }
      return c;
    } catch (Exception e) {
      p.destroyForcibly();
      synchronized (startup) {
        throw new IllegalStateException(
            binary + " did not start: " + e + "\n" + String.join("\n", startup), e);
      }
    }
  }

  /** The chromium binary: {@code SKYSCALER_CHROMIUM}, else the first of the candidates found. */
  static String binary() {
    String given = System.getenv("SKYSCALER_CHROMIUM");
    if (given != null && !given.isBlank()) {
      return given;
    }
    String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
    for (String name : CANDIDATES) {
      for (String dir : path.split(File.pathSeparator)) {
        Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
        if (Files.isExecutable(candidate)) {
          return candidate.toString();
        }
      }
    }
    throw new IllegalStateException(
        "chromium not found on the PATH: the report is tested in a real browser. Install Debian's"
            + " chromium (apt-get install -y chromium; .ci/run does this) or set"
            + " SKYSCALER_CHROMIUM to a Chromium or Chrome binary.");
  }

  /** Opens {@code url} in a new tab and waits for its load event. */
  public Page open(URI url) throws Exception {
    String target =
        call(null, "Target.createTarget", Map.of("url", "about:blank")).path("targetId").asText();
    String session =
        call(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true))
            .path("sessionId")
            .asText();
    for (String domain : List.of("Page", "Runtime", "Log", "Network")) {
      call(session, domain + ".enable", Map.of());
    }
    call(
        session,
        "Emulation.setDeviceMetricsOverride",
        Map.of("width", 1100, "height", 900, "deviceScaleFactor", 1, "mobile", false));
    int seen = eventCount();
    call(session, "Page.navigate", Map.of("url", url.toString()));
    awaitEvent(
        seen,
        e ->
            session.equals(e.path("sessionId").asText())
                && e.path("method").asText().equals("Page.loadEventFired"));
    return new Page(this, session);
  }

  JsonNode call(String session, String method, Map<String, Object> params) throws Exception {
    int id = ids.incrementAndGet();
    ObjectNode message = JSON.createObjectNode();
    message.put("id", id);
    message.put("method", method);
    message.set("params", JSON.valueToTree(params));
    if (session != null) {
      message.put("sessionId", session);
    }
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    pending.put(id, answer);
    socket
        .sendText(JSON.writeValueAsString(message), true)
        .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    JsonNode reply = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    if (reply.has("error")) {
      throw new IllegalStateException(method + " failed: " + reply.get("error"));
    }
    return reply.path("result");
  }

  /** Events of a session so far, in order. */
  List<JsonNode> events(String session) {
    synchronized (events) {
      return events.stream().filter(e -> session.equals(e.path("sessionId").asText())).toList();
    }
  }

  private int eventCount() {
    synchronized (events) {
      return events.size();
    }
  }

  private void awaitEvent(int after, Predicate<JsonNode> wanted) throws InterruptedException {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    synchronized (events) {
      while (events.subList(after, events.size()).stream().noneMatch(wanted)) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          throw new IllegalStateException("no such event within " + TIMEOUT + ": " + events);
        }
        events.wait(left);
      }
    }
  }

  /** Saves a base64 PNG to {@code file}. */
  static void savePng(String base64, Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, Base64.getDecoder().decode(base64));
  }

  @Override
  public void close() throws Exception {
    socket.abort();
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
    try (var files = Files.walk(profile)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }

  /** Gathers text frames into messages: answers complete their call, the rest are events. */
  private final class Listener implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String text = partial.toString();
        partial.setLength(0);
        try {
          JsonNode message = JSON.readTree(text);
          if (message.has("id")) {
            CompletableFuture<JsonNode> f = pending.remove(message.get("id").asInt());
            if (f != null) {
              f.complete(message);
            }
          } else {
            synchronized (events) {
              events.add(message);
              events.notifyAll();
            }
          }
        } catch (IOException e) {
          pending.values().forEach(f -> f.completeExceptionally(e));
        }
      }
      ws.request(1);
      return null;
    }
  }
}
