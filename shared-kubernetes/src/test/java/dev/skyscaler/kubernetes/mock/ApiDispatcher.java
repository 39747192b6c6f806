package dev.skyscaler.kubernetes.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.internal.MockDispatcher;
import io.fabric8.mockwebserver.internal.SimpleRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * Sits in front of fabric8's CRUD dispatcher (and its expectations, as fabric8's mixed dispatcher
 * does) and adds what a test of the adapter needs: it records every request the adapter sends
 * (recognised by its {@code User-Agent}), answers list requests with {@code limit} page by page
 * with {@code continue} tokens as the API server does (the CRUD dispatcher ignores {@code limit}),
 * serves watches with resource versions, 410 Gone, bookmarks and streaming lists ({@link
 * WatchHistory}), serves the {@code /scale} subresource of custom resources ({@link
 * ScaleSubresource}), and injects faults: a status code instead of the real answer, or the real
 * effect with an answer that arrives too late (a timeout after the write happened).
 */
final class ApiDispatcher extends Dispatcher {
  static final String ADAPTER_AGENT = "skyscaler";
  private static final ObjectMapper JSON =
      io.fabric8.kubernetes.client.utils.Serialization.jsonMapper();

  private final Map<ServerRequest, Queue<ServerResponse>> expectations;
  private final MockDispatcher expected;
  private final KubernetesCrudDispatcher crud = new KubernetesCrudDispatcher();
  private final WatchHistory history = new WatchHistory(crud);
  private final List<ApiCall> calls = new CopyOnWriteArrayList<>();
  private final List<Fault> faults = new CopyOnWriteArrayList<>();
  private final Map<String, List<String>> canned = new ConcurrentHashMap<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private volatile WriteLedger ledger;
  private volatile boolean evictions;

  ApiDispatcher(Map<ServerRequest, Queue<ServerResponse>> expectations) {
    this.expectations = expectations;
    this.expected = new MockDispatcher(expectations);
  }

  WatchHistory history() {
    return history;
  }

  /** A planned fault: requests matching {@code when} get it, {@code times} times. */
  record Fault(
      Predicate<ApiCall> when,
      int code,
      Duration delayAfterApplying,
      RecordedRequest before,
      int[] left) {}

  void inject(Predicate<ApiCall> when, int code, int times) {
    faults.add(new Fault(when, code, Duration.ZERO, null, new int[] {times}));
  }

  void delayAfterApplying(Predicate<ApiCall> when, Duration delay, int times) {
    faults.add(new Fault(when, 0, delay, null, new int[] {times}));
  }

  /** Before the next request matching {@code when}, applies a merge patch as another client. */
  void interleave(Predicate<ApiCall> when, String path, String mergePatch) {
    RecordedRequest patch =
        new RecordedRequest(
            "HTTP/1.1",
            io.fabric8.mockwebserver.dsl.HttpMethod.PATCH,
            path,
            io.fabric8.mockwebserver.http.Headers.builder()
                .add("Content-Type", "application/merge-patch+json")
                .build(),
            new io.fabric8.mockwebserver.http.Buffer(mergePatch.getBytes(StandardCharsets.UTF_8)));
    faults.add(new Fault(when, 0, Duration.ZERO, patch, new int[] {1}));
  }

  /**
   * Answers list requests for {@code path} (e.g. {@code /api/v1/pods}) from {@code items} instead
   * of the CRUD store, whose inserts take time quadratic in the number of objects.
   */
  void serveList(String path, List<? extends HasMetadata> items) {
    // each item's JSON once: a page is a slice of them, so serving one costs its own size only
    List<String> json = new ArrayList<>(items.size());
    try {
      for (HasMetadata item : items) {
        json.add(JSON.writeValueAsString(item));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    canned.put(path, List.copyOf(json));
  }

  /** Serves the eviction subresource: the pod is deleted (no grace period) and 201 answered. */
  void serveEvictions() {
    this.evictions = true;
  }

  /** Enters every adapter write that lands from now on into {@code ledger}. */
  void record(WriteLedger ledger) {
    this.ledger = ledger;
  }

  /** The Authorization header of each adapter request, in order (for the credential tests). */
  List<String> authorizations() {
    return List.copyOf(authorizations);
  }

  List<ApiCall> calls() {
    return List.copyOf(calls);
  }

  void clearCalls() {
    calls.clear();
  }

  void clearFaults() {
    faults.clear();
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    String body =
        request.getBody() == null
            ? ""
            : new String(request.getBody().getBytes(), StandardCharsets.UTF_8);
    String agent = request.getHeader("User-Agent");
    ApiCall call =
        ApiCall.of(request.getMethod(), request.getPath(), body, agent == null ? "" : agent);
    boolean adapter = agent != null && agent.startsWith(ADAPTER_AGENT);
    if (adapter) {
      calls.add(call);
      RequestLog.record(call);
      authorizations.add(String.valueOf(request.getHeader("Authorization")));
    }
    // faults hit only the adapter's requests, never the test's own arranging
    Fault fault = adapter ? takeFault(call) : null;
    if (fault != null && fault.code() > 0) {
      return status(fault.code());
    }
    if (fault != null && fault.before() != null) {
      MockResponse other =
          history.write(
              fault.before(), ApiCall.of(fault.before().getMethod(), fault.before().getPath(), ""));
      if (other.code() >= 300) {
        throw new IllegalStateException("interleaved patch failed: " + other.code());
      }
    }
    WriteLedger recording = ledger;
    MockResponse response =
        recording == null || !adapter
            ? answer(request, call)
            : recording.land(() -> answer(request, call), r -> entry(call, r));
    if (fault != null && !fault.delayAfterApplying().isZero()) {
      response.setBodyDelay(fault.delayAfterApplying());
    }
    return response;
  }

  /** The ledger entry of a request that landed; null for a read or a refused write. */
  private static WriteLedger.Entry entry(ApiCall call, MockResponse response) {
    if (!call.isWrite() || response.code() >= 300) {
      return null;
    }
    if (call.resource().equals("leases")) {
      try {
        JsonNode spec = JSON.readTree(call.body()).path("spec");
        JsonNode holder = spec.path("holderIdentity");
        JsonNode renewed = spec.path("renewTime");
        return new WriteLedger.Entry(
            call.actor(),
            call.toString(),
            holder.isTextual() ? holder.asText() : "",
            renewed.isTextual() ? java.time.Instant.parse(renewed.asText()) : null);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new WriteLedger.Entry(call.actor(), call.toString(), null);
  }

  private synchronized Fault takeFault(ApiCall call) {
    for (Iterator<Fault> it = faults.iterator(); it.hasNext(); ) {
      Fault f = it.next();
      if (f.when().test(call) && f.left()[0] > 0) {
        if (--f.left()[0] == 0) {
          faults.remove(f);
        }
        return f;
      }
    }
    return null;
  }

  private MockResponse answer(RecordedRequest request, ApiCall call) {
    Queue<ServerResponse> queued =
        expectations.get(new SimpleRequest(HttpMethod.valueOf(call.method()), request.getPath()));
    if (queued != null && !queued.isEmpty()) {
      return expected.dispatch(request);
    }
    if (evictions && call.verb().equals("create") && call.subresource().equals("eviction")) {
      return evict(request, call);
    }
    if (ScaleSubresource.handles(call)) {
      return ScaleSubresource.answer(crud, request, call);
    }
    if ("watch".equals(call.verb())) {
      return watch(call);
    }
    if (!"GET".equals(call.method())) {
      return history.write(request, call);
    }
    String limit = call.query().get("limit");
    boolean list = "list".equals(call.verb());
    if (list && canned.containsKey(call.path())) {
      List<String> items = canned.get(call.path());
      return cannedPage(
          items,
          limit == null ? items.size() : Integer.parseInt(limit),
          call.query().getOrDefault("continue", ""));
    }
    if (!list) {
      return crud.dispatch(request);
    }
    if (limit == null) {
      return history.list(request);
    }
    String unpaged = request.getPath().replaceAll("([?&])(limit|continue)=[^&]*", "$1");
    unpaged = unpaged.replaceAll("[?&]+$", "").replaceAll("&&+", "&").replace("?&", "?");
    MockResponse full =
        history.list(
            new RecordedRequest(
                request.getHttpVersion(),
                request.method(),
                unpaged,
                request.getHeaders(),
                request.getBody()));
    if (full.code() != 200) {
      return full;
    }
    return page(full, Integer.parseInt(limit), call.query().getOrDefault("continue", ""));
  }

  private MockResponse evict(RecordedRequest request, ApiCall call) {
    String pod = call.path().substring(0, call.path().length() - "/eviction".length());
    MockResponse deleted =
        history.write(
            new RecordedRequest(
                request.getHttpVersion(),
                HttpMethod.DELETE,
                pod,
                request.getHeaders(),
                new io.fabric8.mockwebserver.http.Buffer(new byte[0])),
            ApiCall.of("DELETE", pod, ""));
    return deleted.code() >= 300 ? deleted : new MockResponse().setResponseCode(201).setBody("{}");
  }

  private static MockResponse cannedPage(List<String> items, int limit, String token) {
    int from = token.isEmpty() ? 0 : Integer.parseInt(token.substring("page-".length()));
    int to = Math.min(items.size(), from + limit);
    StringBuilder page = new StringBuilder("{\"apiVersion\":\"v1\",\"kind\":\"List\",");
    page.append("\"metadata\":{\"resourceVersion\":\"1\"");
    if (to < items.size()) {
      page.append(",\"continue\":\"page-").append(to).append('"');
      page.append(",\"remainingItemCount\":").append(items.size() - to);
    }
    page.append("},\"items\":[").append(String.join(",", items.subList(from, to))).append("]}");
    return new MockResponse().setResponseCode(200).setBody(page.toString());
  }

  private static MockResponse page(MockResponse full, int limit, String token) {
    try {
      ObjectNode list =
          (ObjectNode) JSON.readTree(new String(full.getBody().getBytes(), StandardCharsets.UTF_8));
      ArrayNode items = list.withArray("items");
      int total = items.size();
      int from = token.isEmpty() ? 0 : Integer.parseInt(token.substring("page-".length()));
      int to = Math.min(total, from + limit);
      List<JsonNode> page = new ArrayList<>();
      for (int i = from; i < to; i++) {
        page.add(items.get(i));
      }
      items.removeAll();
      items.addAll(page);
      if (to < total) {
        ObjectNode meta = list.with("metadata");
        meta.put("continue", "page-" + to);
        meta.put("remainingItemCount", total - to);
      }
      return new MockResponse().setResponseCode(200).setBody(JSON.writeValueAsString(list));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A watch: refused as a server refuses options it does not know (422), else upgraded to a
   * WebSocket whose events {@link WatchHistory} sends.
   */
  private MockResponse watch(ApiCall call) {
    boolean initial = call.query().containsKey("sendInitialEvents");
    boolean match = call.query().containsKey("resourceVersionMatch");
    if (initial && !history.streamingLists()) {
      return invalid(
          "sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the"
              + " WatchList feature gate is enabled");
    }
    if (match && !initial) {
      return invalid(
          "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless"
              + " sendInitialEvents is provided");
    }
    return new MockResponse().withWebSocketUpgrade(new WatchStream(history, call));
  }

  private static MockResponse invalid(String message) {
    return new MockResponse()
        .setResponseCode(422)
        .setBody(
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":"
                + "\"ListOptions.meta.k8s.io \\\"\\\" is invalid: "
                + message
                + "\",\"reason\":\"Invalid\",\"code\":422}");
  }

  static MockResponse status(int code) {
    String reason =
        switch (code) {
          case 409 -> "Conflict";
          case 429 -> "TooManyRequests";
          case 500 -> "InternalError";
          case 503 -> "ServiceUnavailable";
          default -> "Failure";
        };
    String message =
        code == 409
            ? "the object has been modified; please apply your changes to the latest version"
            : code == 429
                ? "Cannot evict pod as it would violate the pod's disruption budget."
                : "injected fault";
    return new MockResponse()
        .setResponseCode(code)
        .setBody(
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\""
                + message
                + "\",\"reason\":\""
                + reason
                + "\",\"code\":"
                + code
                + "}");
  }
}
