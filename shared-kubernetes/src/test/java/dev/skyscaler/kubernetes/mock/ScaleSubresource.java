package dev.skyscaler.kubernetes.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The {@code /scale} subresource of custom resources, which fabric8's CRUD mode does not serve, as
 * the API server serves it for a CRD whose scale subresource maps {@code .spec.replicas}, {@code
 * .status.replicas} and {@code .status.selector} (Cluster API's MachineDeployments, MachineSets and
 * MachinePools): {@code GET} answers an {@code autoscaling/v1 Scale}; {@code PUT} and a merge
 * {@code PATCH} change the object's {@code spec.replicas} only, a {@code PUT} with a stale
 * resourceVersion is a 409 conflict.
 */
final class ScaleSubresource {
  private static final ObjectMapper JSON =
      io.fabric8.kubernetes.client.utils.Serialization.jsonMapper();

  private ScaleSubresource() {}

  static boolean handles(ApiCall call) {
    return call.subresource().equals("scale") && !call.group().isEmpty();
  }

  static MockResponse answer(Dispatcher crud, RecordedRequest request, ApiCall call) {
    String parent = call.path().substring(0, call.path().length() - "/scale".length());
    MockResponse current = crud.dispatch(request(HttpMethod.GET, parent, null, ""));
    if (current.code() != 200) {
      return current;
    }
    JsonNode object = read(body(current));
    if (call.method().equals("GET")) {
      return ok(scale(object));
    }
    JsonNode asked = read(call.body());
    String rv = asked.path("metadata").path("resourceVersion").asText("");
    if (call.method().equals("PUT")
        && !rv.isEmpty()
        && !rv.equals(object.path("metadata").path("resourceVersion").asText())) {
      return ApiDispatcher.status(409);
    }
    if (!asked.path("spec").has("replicas")) {
      return ok(scale(object));
    }
    String patch = "{\"spec\":{\"replicas\":" + asked.path("spec").path("replicas").asInt() + "}}";
    MockResponse patched =
        crud.dispatch(request(HttpMethod.PATCH, parent, "application/merge-patch+json", patch));
    if (patched.code() >= 300) {
      return patched;
    }
    return ok(scale(read(body(crud.dispatch(request(HttpMethod.GET, parent, null, ""))))));
  }

  private static String scale(JsonNode object) {
    ObjectNode s = JSON.createObjectNode();
    s.put("kind", "Scale");
    s.put("apiVersion", "autoscaling/v1");
    ObjectNode meta = s.putObject("metadata");
    JsonNode m = object.path("metadata");
    meta.put("name", m.path("name").asText());
    meta.put("namespace", m.path("namespace").asText());
    meta.put("resourceVersion", m.path("resourceVersion").asText());
    s.putObject("spec").put("replicas", object.path("spec").path("replicas").asInt(0));
    ObjectNode status = s.putObject("status");
    status.put("replicas", object.path("status").path("replicas").asInt(0));
    if (object.path("status").has("selector")) {
      status.put("selector", object.path("status").path("selector").asText());
    }
    return s.toString();
  }

  private static RecordedRequest request(
      HttpMethod method, String path, String contentType, String body) {
    var headers = Headers.builder();
    if (contentType != null) {
      headers.add("Content-Type", contentType);
    }
    return new RecordedRequest(
        "HTTP/1.1",
        method,
        path,
        headers.build(),
        new Buffer(body.getBytes(StandardCharsets.UTF_8)));
  }

  private static MockResponse ok(String body) {
    return new MockResponse().setResponseCode(200).setBody(body);
  }

  private static String body(MockResponse r) {
    return new String(r.getBody().getBytes(), StandardCharsets.UTF_8);
  }

  private static JsonNode read(String json) {
    try {
      return json.isBlank() ? JSON.createObjectNode() : JSON.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
