package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.CapacityBuffer.Readiness;
import dev.skyscaler.core.model.CapacityBuffer.ScalableRef;
import dev.skyscaler.core.model.Resources;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * CapacityBuffer objects ({@code autoscaling.x-k8s.io}, read as generic resources) into the core's
 * {@link CapacityBuffer}: the spec ({@code provisioningStrategy}, {@code podTemplateRef}, {@code
 * scalableRef}, {@code replicas}, {@code percentage}, {@code limits}), the status a buffer
 * controller writes ({@code podTemplateRef}, {@code replicas}, {@code provisioningStrategy}, the
 * {@code ReadyForProvisioning} and {@code Provisioning} conditions), and the PodTemplate a chunk
 * copies. The replicas of a {@code scalableRef} object are not read.
 */
final class CapacityBuffers {
  static final String API_GROUP = "autoscaling.x-k8s.io";

  /** The API versions whose schema this translation reads, newest first. */
  static final List<String> VERSIONS = List.of("v1", "v1beta1", "v1alpha1");

  private CapacityBuffers() {}

  /**
   * One buffer; {@code templates} are the PodTemplates read, by {@code namespace/name}.
   *
   * @throws SnapshotException naming the buffer and the field
   */
  static CapacityBuffer translate(JsonNode o, Map<String, JsonNode> templates) {
    JsonNode meta = Fields.get(o, "metadata");
    String namespace = ModelTranslator.namespaceOf(meta);
    String rawName = ModelTranslator.name(meta);
    return Fields.translating(
        ModelTranslator.describe("CapacityBuffer", namespace, rawName),
        () -> {
          String name = SchedulingTerms.required(rawName, "metadata.name");
          JsonNode spec = map(o.get("spec"), "spec");
          Optional<String> templateRef = refName(spec.get("podTemplateRef"), "spec.podTemplateRef");
          Optional<ScalableRef> scalableRef = scalableRef(spec.get("scalableRef"));
          if (templateRef.isPresent() == scalableRef.isPresent()) {
            throw new FieldException(
                "spec",
                "needs exactly one of podTemplateRef and scalableRef, found "
                    + (templateRef.isPresent() ? "both" : "neither"));
          }
          CapacityBuffer buffer =
              new CapacityBuffer(
                  namespace,
                  name,
                  Fields.text(meta, "uid", "metadata"),
                  string(spec.get("provisioningStrategy"), "spec.provisioningStrategy"),
                  templateRef,
                  scalableRef,
                  integer(spec.get("replicas"), "spec.replicas"),
                  integer(spec.get("percentage"), "spec.percentage"),
                  limits(spec.get("limits")),
                  status(o.get("status")),
                  Optional.empty(),
                  OptionalInt.empty());
          return buffer.withPodTemplate(
              buffer
                  .chunkTemplateRef()
                  .map(ref -> templates.get(namespace + "/" + ref))
                  .map(ModelTranslator::toTemplatePod));
        });
  }

  /** The status, when the object has one with anything in it. */
  private static Optional<CapacityBuffer.Status> status(JsonNode value) {
    JsonNode status = map(value, "status");
    if (status.isEmpty()) {
      return Optional.empty();
    }
    Map<String, JsonNode> conditions = conditions(status.get("conditions"));
    JsonNode ready = conditions.getOrDefault("ReadyForProvisioning", EMPTY);
    Readiness readiness =
        switch (ready.path("status").asText("null")) {
          case "True" -> Readiness.READY;
          case "False" -> Readiness.NOT_READY;
          default ->
              "True".equals(conditions.getOrDefault("Provisioning", EMPTY).path("status").asText())
                  ? Readiness.READY
                  : Readiness.UNKNOWN;
        };
    return Optional.of(
        new CapacityBuffer.Status(
            refName(status.get("podTemplateRef"), "status.podTemplateRef"),
            integer(status.get("replicas"), "status.replicas"),
            Optional.ofNullable(
                string(status.get("provisioningStrategy"), "status.provisioningStrategy")),
            readiness,
            string(ready.get("message"), "status.conditions[ReadyForProvisioning].message")));
  }

  private static final JsonNode EMPTY = JsonNodeFactory.instance.objectNode();

  /** {@code status.conditions} by type. */
  private static Map<String, JsonNode> conditions(JsonNode value) {
    Map<String, JsonNode> byType = new LinkedHashMap<>();
    if (value == null || value.isNull()) {
      return byType;
    }
    if (!value.isArray()) {
      throw new FieldException("status.conditions", "expected a list, found " + found(value));
    }
    for (int i = 0; i < value.size(); i++) {
      String path = Fields.index("status.conditions", i);
      JsonNode condition = map(value.get(i), path);
      byType.put(
          SchedulingTerms.required(string(condition.get("type"), path + ".type"), path + ".type"),
          condition);
    }
    return byType;
  }

  private static Optional<String> refName(JsonNode ref, String path) {
    if (ref == null || ref.isNull()) {
      return Optional.empty();
    }
    return Optional.of(
        SchedulingTerms.required(
            string(map(ref, path).get("name"), path + ".name"), path + ".name"));
  }

  private static Optional<ScalableRef> scalableRef(JsonNode ref) {
    if (ref == null || ref.isNull()) {
      return Optional.empty();
    }
    JsonNode m = map(ref, "spec.scalableRef");
    String group = string(m.get("apiGroup"), "spec.scalableRef.apiGroup");
    String kind =
        SchedulingTerms.required(
            string(m.get("kind"), "spec.scalableRef.kind"), "spec.scalableRef.kind");
    String name =
        SchedulingTerms.required(
            string(m.get("name"), "spec.scalableRef.name"), "spec.scalableRef.name");
    return Optional.of(new ScalableRef(group, kind, name));
  }

  private static Optional<Resources> limits(JsonNode limits) {
    if (limits == null || limits.isNull()) {
      return Optional.empty();
    }
    map(limits, "spec.limits");
    return Optional.of(Quantities.resources(limits, "spec.limits"));
  }

  private static JsonNode map(JsonNode value, String path) {
    if (value == null || value.isNull()) {
      return EMPTY;
    }
    if (value.isObject()) {
      return value;
    }
    throw new FieldException(path, "expected an object, found " + found(value));
  }

  private static String string(JsonNode value, String path) {
    if (value == null || value.isNull()) {
      return null;
    }
    if (value.isTextual()) {
      return value.textValue();
    }
    throw new FieldException(path, "expected a string, found " + found(value));
  }

  private static OptionalInt integer(JsonNode value, String path) {
    if (value == null || value.isNull()) {
      return OptionalInt.empty();
    }
    if (value.isNumber() && value.doubleValue() == value.intValue() && value.intValue() >= 0) {
      return OptionalInt.of(value.intValue());
    }
    throw new FieldException(path, "expected a whole number of at least 0, found " + found(value));
  }

  /** A value as the old map-based messages printed it: {@code {a=1}}, {@code [x]}, {@code 3}. */
  private static String found(JsonNode value) {
    if (value.isObject()) {
      StringBuilder sb = new StringBuilder("{");
      value
          .fields()
          .forEachRemaining(
              e ->
                  sb.append(sb.length() > 1 ? ", " : "")
                      .append(e.getKey())
                      .append('=')
                      .append(found(e.getValue())));
      return sb.append('}').toString();
    }
    if (value.isArray()) {
      StringBuilder sb = new StringBuilder("[");
      value.forEach(v -> sb.append(sb.length() > 1 ? ", " : "").append(found(v)));
      return sb.append(']').toString();
    }
    return value.asText();
  }
}
