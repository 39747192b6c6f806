package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.CapacityBuffer.Readiness;
import dev.skyscaler.core.model.CapacityBuffer.ScalableRef;
import dev.skyscaler.core.model.Resources;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodTemplate;
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
  static CapacityBuffer translate(GenericKubernetesResource o, Map<String, PodTemplate> templates) {
    ObjectMeta meta = o.getMetadata() == null ? new ObjectMeta() : o.getMetadata();
    String namespace = ModelTranslator.namespaceOf(meta);
    return Fields.translating(
        ModelTranslator.describe("CapacityBuffer", namespace, meta.getName()),
        () -> {
          String name = SchedulingTerms.required(meta.getName(), "metadata.name");
          Map<?, ?> spec = map(o.getAdditionalProperties().get("spec"), "spec");
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
                  meta.getUid(),
                  string(spec.get("provisioningStrategy"), "spec.provisioningStrategy"),
                  templateRef,
                  scalableRef,
                  integer(spec.get("replicas"), "spec.replicas"),
                  integer(spec.get("percentage"), "spec.percentage"),
                  limits(spec.get("limits")),
                  status(o.getAdditionalProperties().get("status")),
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
  private static Optional<CapacityBuffer.Status> status(Object value) {
    Map<?, ?> status = map(value, "status");
    if (status.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Map<?, ?>> conditions = conditions(status.get("conditions"));
    Map<?, ?> ready = conditions.getOrDefault("ReadyForProvisioning", Map.of());
    Readiness readiness =
        switch (String.valueOf(ready.get("status"))) {
          case "True" -> Readiness.READY;
          case "False" -> Readiness.NOT_READY;
          default ->
              "True".equals(conditions.getOrDefault("Provisioning", Map.of()).get("status"))
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

  /** {@code status.conditions} by type. */
  private static Map<String, Map<?, ?>> conditions(Object value) {
    Map<String, Map<?, ?>> byType = new LinkedHashMap<>();
    if (value == null) {
      return byType;
    }
    if (!(value instanceof List<?> list)) {
      throw new FieldException("status.conditions", "expected a list, found " + value);
    }
    for (int i = 0; i < list.size(); i++) {
      String path = Fields.index("status.conditions", i);
      Map<?, ?> condition = map(list.get(i), path);
      byType.put(
          SchedulingTerms.required(string(condition.get("type"), path + ".type"), path + ".type"),
          condition);
    }
    return byType;
  }

  private static Optional<String> refName(Object ref, String path) {
    if (ref == null) {
      return Optional.empty();
    }
    return Optional.of(
        SchedulingTerms.required(
            string(map(ref, path).get("name"), path + ".name"), path + ".name"));
  }

  private static Optional<ScalableRef> scalableRef(Object ref) {
    if (ref == null) {
      return Optional.empty();
    }
    Map<?, ?> m = map(ref, "spec.scalableRef");
    String group = string(m.get("apiGroup"), "spec.scalableRef.apiGroup");
    String kind =
        SchedulingTerms.required(
            string(m.get("kind"), "spec.scalableRef.kind"), "spec.scalableRef.kind");
    String name =
        SchedulingTerms.required(
            string(m.get("name"), "spec.scalableRef.name"), "spec.scalableRef.name");
    return Optional.of(new ScalableRef(group, kind, name));
  }

  private static Optional<Resources> limits(Object limits) {
    if (limits == null) {
      return Optional.empty();
    }
    Map<String, io.fabric8.kubernetes.api.model.Quantity> list = new LinkedHashMap<>();
    map(limits, "spec.limits")
        .forEach(
            (k, v) ->
                list.put(
                    String.valueOf(k),
                    v == null ? null : new io.fabric8.kubernetes.api.model.Quantity(v.toString())));
    return Optional.of(Quantities.resources(list, "spec.limits"));
  }

  private static Map<?, ?> map(Object value, String path) {
    if (value == null) {
      return Map.of();
    }
    if (value instanceof Map<?, ?> m) {
      return m;
    }
    throw new FieldException(path, "expected an object, found " + value);
  }

  private static String string(Object value, String path) {
    if (value == null || value instanceof String) {
      return (String) value;
    }
    throw new FieldException(path, "expected a string, found " + value);
  }

  private static OptionalInt integer(Object value, String path) {
    if (value == null) {
      return OptionalInt.empty();
    }
    if (value instanceof Number n && n.doubleValue() == n.intValue() && n.intValue() >= 0) {
      return OptionalInt.of(n.intValue());
    }
    throw new FieldException(path, "expected a whole number of at least 0, found " + value);
  }
}
