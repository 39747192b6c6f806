package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeCondition;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Translates Kubernetes objects, as JSON trees, into the core model: the one translation behind
 * snapshot files, live lists and watch events, so {@code plan} on a file and a scan of a live
 * cluster can never disagree. The trees may be whole objects or what {@link ObjectTrees} keeps of
 * them. Pure functions: no I/O, no clock.
 *
 * <p>Every method throws {@link SnapshotException} naming the object ({@code Pod default/web-1}),
 * the field and what was expected when the object cannot be represented (a malformed quantity, an
 * unknown taint effect, a missing name...).
 */
public final class ModelTranslator {
  private ModelTranslator() {}

  /**
   * A pod with its effective requests (see {@link PodRequests}), scheduling constraints, owner and
   * status. A missing namespace means {@code default}; a missing creation time means the epoch.
   */
  public static Pod toPod(JsonNode pod) {
    return toPod(pod, Interner.NONE);
  }

  /** {@link #toPod(JsonNode)}, sharing equal values with earlier pods through {@code shared}. */
  static Pod toPod(JsonNode pod, Interner shared) {
    JsonNode meta = Fields.get(pod, "metadata");
    String namespace = namespaceOf(meta);
    String rawName = name(meta);
    return Fields.translating(
        () -> describe("Pod", namespace, rawName),
        () -> {
          String name = SchedulingTerms.required(rawName, "metadata.name");
          JsonNode spec = present(Fields.object(pod, "spec", ""), "spec");
          Map<String, String> labels = shared.map(Fields.strings(meta, "labels", "metadata"));
          JsonNode status = Fields.object(pod, "status", "");
          String phase = Fields.text(status, "phase", "status");
          return new Pod(
              shared.string(namespace),
              name,
              Fields.text(meta, "uid", "metadata"),
              labels,
              shared.map(Fields.strings(meta, "annotations", "metadata")),
              Optional.ofNullable(controller(meta, shared)),
              Optional.ofNullable(
                  shared.string(Fields.blankToNull(Fields.text(spec, "nodeName", "spec")))),
              status == null
                  ? PodPhase.PENDING
                  : Fields.at("status.phase", () -> PodPhase.parse(phase)),
              status != null && unschedulable(status),
              Optional.ofNullable(
                  Fields.blankToNull(Fields.text(status, "nominatedNodeName", "status"))),
              shared.resources(PodRequests.of(spec, "spec", shared)),
              orZero(Fields.integer(spec, "priority", "spec")),
              shared.string(Fields.blankToNull(Fields.text(spec, "schedulerName", "spec"))),
              shared.map(Fields.strings(spec, "nodeSelector", "spec")),
              shared.list(
                  SchedulingTerms.requiredNodeAffinity(
                      Fields.object(spec, "affinity", "spec"), "spec.affinity")),
              shared.list(
                  SchedulingTerms.podAffinity(
                      Fields.object(spec, "affinity", "spec"), false, labels, "spec.affinity")),
              shared.list(
                  SchedulingTerms.podAffinity(
                      Fields.object(spec, "affinity", "spec"), true, labels, "spec.affinity")),
              shared.list(SchedulingTerms.tolerations(spec, "spec")),
              shared.list(SchedulingTerms.topologySpread(spec, labels, "spec")),
              shared.list(PodFootprint.hostPorts(spec, "spec")),
              shared.list(PodFootprint.localStorageVolumes(spec, "spec")),
              shared.instant(creationTime(meta)),
              Optional.ofNullable(
                  Fields.timestamp(
                      Fields.text(meta, "deletionTimestamp", "metadata"),
                      "metadata.deletionTimestamp",
                      null)),
              gracePeriod(spec));
        });
  }

  /** A node; {@code allocatable} falls back to {@code capacity} when the status lacks it. */
  public static Node toNode(JsonNode node) {
    return toNode(node, Interner.NONE);
  }

  /** {@link #toNode(JsonNode)}, sharing equal values through {@code shared}. */
  static Node toNode(JsonNode node, Interner shared) {
    JsonNode meta = Fields.get(node, "metadata");
    String rawName = name(meta);
    return Fields.translating(
        rawName == null ? "Node" : "Node " + rawName,
        () -> {
          String name = SchedulingTerms.required(rawName, "metadata.name");
          JsonNode spec = Fields.object(node, "spec", "");
          JsonNode status = Fields.object(node, "status", "");
          Resources capacity = Quantities.resources(status, "capacity", "status", shared);
          JsonNode allocatableList = Fields.object(status, "allocatable", "status");
          Resources allocatable =
              allocatableList == null || allocatableList.isEmpty()
                  ? capacity
                  : Quantities.resources(allocatableList, "status.allocatable", shared);
          List<NodeCondition> conditions = conditions(status);
          boolean ready =
              conditions.stream()
                  .anyMatch(c -> "Ready".equals(c.type()) && "True".equals(c.status()));
          return new Node(
              name,
              shared.map(Fields.strings(meta, "labels", "metadata")),
              shared.map(Fields.strings(meta, "annotations", "metadata")),
              taints(spec),
              shared.resources(capacity),
              shared.resources(allocatable),
              Fields.flag(spec, "unschedulable", "spec"),
              ready,
              Fields.text(spec, "providerID", "spec"),
              creationTime(meta),
              conditions);
        });
  }

  private static List<NodeCondition> conditions(JsonNode status) {
    List<JsonNode> list = Fields.list(status, "conditions", "status");
    List<NodeCondition> result = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      JsonNode c = list.get(i);
      String field = "status.conditions[" + i + "]";
      String conditionStatus = Fields.text(c, "status", field);
      result.add(
          new NodeCondition(
              SchedulingTerms.required(Fields.text(c, "type", field), field + ".type"),
              conditionStatus == null ? "Unknown" : conditionStatus,
              Fields.timestamp(
                  Fields.text(c, "lastTransitionTime", field),
                  field + ".lastTransitionTime",
                  Instant.EPOCH),
              Fields.text(c, "reason", field)));
    }
    return result;
  }

  /**
   * A policy/v1 PodDisruptionBudget with its observed {@code status.disruptionsAllowed} (0 when the
   * controller has not reported yet). A null selector guards no pod, as in policy/v1.
   */
  public static PodDisruptionBudget toPdb(JsonNode pdb) {
    JsonNode meta = Fields.get(pdb, "metadata");
    String namespace = namespaceOf(meta);
    String rawName = name(meta);
    return Fields.translating(
        describe("PodDisruptionBudget", namespace, rawName),
        () -> {
          String name = SchedulingTerms.required(rawName, "metadata.name");
          JsonNode spec = Fields.object(pdb, "spec", "");
          var selector =
              SchedulingTerms.labelSelector(
                  Fields.object(spec, "selector", "spec"), "spec.selector");
          Integer allowed =
              Fields.integer(Fields.object(pdb, "status", ""), "disruptionsAllowed", "status");
          return new PodDisruptionBudget(
              namespace, name, selector, allowed == null ? 0 : Math.max(0, allowed));
        });
  }

  /**
   * A DaemonSet whose {@code podTemplate} is the pod it would run on a new node: the template's
   * labels and spec, owned by the DaemonSet, requests computed as for any pod, and the tolerations
   * the DaemonSet controller adds to every daemon pod.
   */
  public static DaemonSet toDaemonSet(JsonNode ds) {
    JsonNode meta = Fields.get(ds, "metadata");
    String namespace = namespaceOf(meta);
    String rawName = name(meta);
    return Fields.translating(
        describe("DaemonSet", namespace, rawName),
        () -> {
          String name = SchedulingTerms.required(rawName, "metadata.name");
          JsonNode template =
              present(
                  Fields.object(Fields.object(ds, "spec", ""), "template", "spec"),
                  "spec.template");
          JsonNode spec =
              present(Fields.object(template, "spec", "spec.template"), "spec.template.spec");
          Pod.Builder b =
              fromTemplate(namespace, name, template, meta, "spec.template")
                  .owner(
                      new OwnerReference("DaemonSet", name, Fields.text(meta, "uid", "metadata")));
          Pod daemonPod = b.build();
          return new DaemonSet(
              namespace,
              name,
              daemonPod.toBuilder()
                  .tolerations(
                      DaemonPodTolerations.withDefaults(
                          daemonPod.tolerations(),
                          Fields.flag(spec, "hostNetwork", "spec.template.spec")))
                  .build());
        });
  }

  /**
   * The pod a PodTemplate describes (as a CapacityBuffer's placeholder pods would be), named after
   * the template, with requests computed as for any pod.
   */
  public static Pod toTemplatePod(JsonNode podTemplate) {
    JsonNode meta = Fields.get(podTemplate, "metadata");
    String namespace = namespaceOf(meta);
    String rawName = name(meta);
    return Fields.translating(
        describe("PodTemplate", namespace, rawName),
        () -> {
          String name = SchedulingTerms.required(rawName, "metadata.name");
          JsonNode template = present(Fields.object(podTemplate, "template", ""), "template");
          return fromTemplate(namespace, name, template, meta, "template").build();
        });
  }

  /**
   * A pod as {@code template} (at {@code field}) describes it: its labels, annotations and spec,
   * with requests computed as for any pod, created when the owning object was.
   */
  private static Pod.Builder fromTemplate(
      String namespace, String name, JsonNode template, JsonNode owner, String field) {
    JsonNode templateMeta = Fields.object(template, "metadata", field);
    String metaPath = field + ".metadata";
    JsonNode spec = present(Fields.object(template, "spec", field), field + ".spec");
    Map<String, String> labels = Fields.strings(templateMeta, "labels", metaPath);
    String path = field + ".spec";
    return Pod.builder(namespace, name)
        .labels(labels)
        .annotations(Fields.strings(templateMeta, "annotations", metaPath))
        .creationTime(creationTime(owner))
        .requests(PodRequests.of(spec, path))
        .nodeName(Fields.blankToNull(Fields.text(spec, "nodeName", path)))
        .priority(orZero(Fields.integer(spec, "priority", path)))
        .terminationGracePeriodSeconds(gracePeriod(spec, path))
        .schedulerName(Fields.blankToNull(Fields.text(spec, "schedulerName", path)))
        .nodeSelector(Fields.strings(spec, "nodeSelector", path))
        .requiredNodeAffinity(
            SchedulingTerms.requiredNodeAffinity(
                Fields.object(spec, "affinity", path), path + ".affinity"))
        .affinity(
            SchedulingTerms.podAffinity(
                Fields.object(spec, "affinity", path), false, labels, path + ".affinity"))
        .antiAffinity(
            SchedulingTerms.podAffinity(
                Fields.object(spec, "affinity", path), true, labels, path + ".affinity"))
        .tolerations(SchedulingTerms.tolerations(spec, path))
        .topologySpread(SchedulingTerms.topologySpread(spec, labels, path))
        .hostPorts(PodFootprint.hostPorts(spec, path))
        .localStorageVolumes(PodFootprint.localStorageVolumes(spec, path));
  }

  /** How messages name an object: {@code Pod default/web-1}. */
  static String describe(String kind, String namespace, String name) {
    return kind + " " + namespace + "/" + (name == null ? "(no name)" : name);
  }

  /** The namespace of an object's {@code metadata}; {@code default} when it has none. */
  static String namespaceOf(JsonNode meta) {
    String namespace =
        Fields.get(meta, "namespace") == null ? null : meta.get("namespace").asText();
    return namespace == null || namespace.isBlank() ? "default" : namespace;
  }

  /** The name of an object's {@code metadata}, as written; null when it has none. */
  static String name(JsonNode meta) {
    JsonNode name = Fields.get(meta, "name");
    return name == null || name.isContainerNode() ? null : name.asText();
  }

  private static Instant creationTime(JsonNode meta) {
    return Fields.timestamp(
        Fields.text(meta, "creationTimestamp", "metadata"),
        "metadata.creationTimestamp",
        Instant.EPOCH);
  }

  private static long gracePeriod(JsonNode spec) {
    return gracePeriod(spec, "spec");
  }

  private static long gracePeriod(JsonNode spec, String path) {
    Long seconds = Fields.whole(spec, "terminationGracePeriodSeconds", path);
    return seconds == null ? Pod.DEFAULT_GRACE_PERIOD_SECONDS : seconds;
  }

  private static boolean unschedulable(JsonNode status) {
    List<JsonNode> conditions = Fields.list(status, "conditions", "status");
    for (int i = 0; i < conditions.size(); i++) {
      JsonNode c = conditions.get(i);
      if (Fields.item("status", "conditions", i, () -> unschedulableCondition(c))) {
        return true;
      }
    }
    return false;
  }

  private static boolean unschedulableCondition(JsonNode c) {
    return "PodScheduled".equals(Fields.text(c, "type", ""))
        && "False".equals(Fields.text(c, "status", ""))
        && "Unschedulable".equals(Fields.text(c, "reason", ""));
  }

  private static OwnerReference controller(JsonNode meta, Interner shared) {
    List<JsonNode> refs = Fields.list(meta, "ownerReferences", "metadata");
    for (int i = 0; i < refs.size(); i++) {
      JsonNode ref = refs.get(i);
      OwnerReference controller =
          Fields.item("metadata", "ownerReferences", i, () -> controller(ref));
      if (controller != null) {
        return shared.owner(controller);
      }
    }
    return null;
  }

  /** The reference when it is the controller's, else null; errors relative to it. */
  private static OwnerReference controller(JsonNode ref) {
    if (!Fields.flag(ref, "controller", "")) {
      return null;
    }
    String kind = Fields.text(ref, "kind", "");
    String name = Fields.text(ref, "name", "");
    String uid = Fields.text(ref, "uid", "");
    return Fields.at("", () -> new OwnerReference(kind, name, uid));
  }

  private static List<Taint> taints(JsonNode spec) {
    List<JsonNode> list = Fields.list(spec, "taints", "spec");
    List<Taint> result = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      JsonNode t = list.get(i);
      String at = Fields.index("spec.taints", i);
      String key = SchedulingTerms.required(Fields.text(t, "key", at), at + ".key");
      String effectText = Fields.text(t, "effect", at);
      if (effectText == null || effectText.isEmpty()) {
        throw new FieldException(
            at + ".effect", "missing: expected NoSchedule, PreferNoSchedule or NoExecute");
      }
      TaintEffect effect = Fields.at(at + ".effect", () -> TaintEffect.parse(effectText));
      result.add(new Taint(key, Fields.text(t, "value", at), effect));
    }
    return result;
  }

  private static int orZero(Integer value) {
    return value == null ? 0 : value;
  }

  private static <T> T present(T value, String path) {
    if (value == null) {
      throw new FieldException(path, "missing");
    }
    return value;
  }
}
