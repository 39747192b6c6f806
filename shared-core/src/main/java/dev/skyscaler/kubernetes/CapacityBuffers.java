package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodTemplate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** CapacityBuffer objects (read as generic resources) into {@link CapacityBuffer} records. */
final class CapacityBuffers {
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
          Map<?, ?> status = map(o.getAdditionalProperties().get("status"), "status");
          Optional<String> ref =
              refName(status.get("podTemplateRef"), "status.podTemplateRef")
                  .or(() -> refName(spec.get("podTemplateRef"), "spec.podTemplateRef"));
          Optional<Pod> pod =
              ref.map(r -> templates.get(namespace + "/" + r)).map(ModelTranslator::toTemplatePod);
          return new CapacityBuffer(
              namespace,
              name,
              string(spec.get("provisioningStrategy"), "spec.provisioningStrategy"),
              ref,
              pod,
              scalableRef(spec.get("scalableRef")),
              integer(spec.get("replicas"), "spec.replicas"),
              integer(spec.get("percentage"), "spec.percentage"),
              limits(spec.get("limits")));
        });
  }

  private static Optional<String> refName(Object ref, String path) {
    if (ref == null) {
      return Optional.empty();
    }
    return Optional.of(
        SchedulingTerms.required(
            string(map(ref, path).get("name"), path + ".name"), path + ".name"));
  }

  private static Optional<String> scalableRef(Object ref) {
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
    return Optional.of((group == null ? "" : group) + "/" + kind + "/" + name);
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
