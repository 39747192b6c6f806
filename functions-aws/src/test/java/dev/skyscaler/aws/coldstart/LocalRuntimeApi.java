package dev.skyscaler.aws.coldstart;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local server in the documented shape of the Lambda Runtime API (version 2018-06-01), what a
 * custom runtime's Runtime Interface Client talks to: {@code GET /runtime/invocation/next} hands
 * out the next {@linkplain #invoke queued event} with the {@code Lambda-Runtime-Aws-Request-Id},
 * {@code Lambda-Runtime-Deadline-Ms}, {@code Lambda-Runtime-Invoked-Function-Arn} and {@code
 * Lambda-Runtime-Trace-Id} headers, and waits while there is none (as Lambda freezes an idle
 * environment); {@code POST /runtime/invocation/{id}/response} and {@code .../error} end an
 * invocation (202), {@code POST /runtime/init/error} reports a failed initialisation (202). Each
 * ending is an {@link Outcome}, timed when it arrived. Plain HTTP on loopback, as Lambda serves it
 * to the environment.
 */
final class LocalRuntimeApi implements AutoCloseable {
  static final String FUNCTION_ARN =
      "arn:aws:lambda:eu-west-1:123456789012:function:skyscaler-scan";

  private static final String PREFIX = "/2018-06-01/runtime/";
  private static final Pattern ENDING =
      Pattern.compile("^" + PREFIX + "invocation/([^/]+)/(response|error)$");

  /** How an invocation or the initialisation ended, and when (epoch ms, this machine's clock). */
  record Outcome(String kind, String requestId, String body, String errorType, long atMillis) {}

  private record Invocation(String requestId, String event, long deadlineMillis) {}

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final BlockingQueue<Invocation> pending = new LinkedBlockingQueue<>();
  private final BlockingQueue<Outcome> outcomes = new LinkedBlockingQueue<>();
  private final AtomicInteger ids = new AtomicInteger();
  private final AtomicInteger polls = new AtomicInteger();
  private volatile boolean closed;

  private LocalRuntimeApi(HttpServer server) {
    this.server = server;
  }

  static LocalRuntimeApi start() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      LocalRuntimeApi api = new LocalRuntimeApi(server);
      server.setExecutor(api.executor);
      server.createContext(PREFIX, api::handle);
      server.start();
      return api;
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the local Runtime API", e);
    }
  }

  /** {@code AWS_LAMBDA_RUNTIME_API}: host and port. */
  String address() {
    return "127.0.0.1:" + server.getAddress().getPort();
  }

  /**
   * Queues one invocation of {@code event} whose deadline is {@code timeout} from now.
   *
   * @return its request id
   */
  String invoke(String event, Duration timeout) {
    String id = "req-" + ids.incrementAndGet();
    pending.add(new Invocation(id, event, System.currentTimeMillis() + timeout.toMillis()));
    return id;
  }

  /** The next ending, waiting up to {@code timeout}. */
  Outcome await(Duration timeout) {
    try {
      Outcome o = outcomes.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (o == null) {
        throw new IllegalStateException(
            "no response, error or init error within "
                + timeout.toSeconds()
                + " s ("
                + polls.get()
                + " requests for the next invocation)");
      }
      return o;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the runtime", e);
    }
  }

  /** How many times the runtime asked for the next invocation. */
  int polls() {
    return polls.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      String method = exchange.getRequestMethod();
      if (method.equals("GET") && path.equals(PREFIX + "invocation/next")) {
        next(exchange);
        return;
      }
      long at = System.currentTimeMillis();
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      String errorType =
          exchange.getRequestHeaders().getFirst("Lambda-Runtime-Function-Error-Type");
      Matcher m = ENDING.matcher(path);
      if (method.equals("POST") && m.matches()) {
        outcomes.add(new Outcome(m.group(2), m.group(1), body, errorType, at));
        answer(exchange, 202, "{\"status\":\"OK\"}", Map.of());
      } else if (method.equals("POST") && path.equals(PREFIX + "init/error")) {
        outcomes.add(new Outcome("init-error", "", body, errorType, at));
        answer(exchange, 202, "{\"status\":\"OK\"}", Map.of());
      } else {
        answer(exchange, 404, "{\"errorType\":\"NotFound\"}", Map.of());
      }
    }
  }

  /** Hands out the next invocation; waits while there is none, as a frozen environment would. */
  private void next(HttpExchange exchange) throws IOException {
    polls.incrementAndGet();
    Invocation i = null;
    try {
      while (i == null && !closed) {
        i = pending.poll(100, TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (i == null) {
      answer(exchange, 500, "{\"errorType\":\"ServiceException\"}", Map.of());
      return;
    }
    answer(
        exchange,
        200,
        i.event(),
        Map.of(
            "Lambda-Runtime-Aws-Request-Id",
            i.requestId(),
            "Lambda-Runtime-Deadline-Ms",
            Long.toString(i.deadlineMillis()),
            "Lambda-Runtime-Invoked-Function-Arn",
            FUNCTION_ARN,
            "Lambda-Runtime-Trace-Id",
            "Root=1-5e1b4151-5ac6c58f5b5dbd8a3a8f1d2e;Parent=53995c3f42cd8ad8;Sampled=0"));
  }

  private static void answer(HttpExchange exchange, int status, String body, Map<String, String> h)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    h.forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  @Override
  public void close() {
    closed = true;
    server.stop(0);
    executor.shutdownNow();
  }
}
