package dev.skyscaler.kubernetes;

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
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Translates fabric8 Kubernetes objects into the core model, once, for both the snapshot files of
 * the CLI and the objects the live adapter reads. Pure functions: no I/O, no clock.
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
  public static Pod toPod(io.fabric8.kubernetes.api.model.Pod pod) {
    ObjectMeta meta = meta(pod.getMetadata());
    String namespace = namespaceOf(meta);
    return Fields.translating(
        describe("Pod", namespace, meta.getName()),
        () -> {
          String name = SchedulingTerms.required(meta.getName(), "metadata.name");
          PodSpec spec = present(pod.getSpec(), "spec");
          Map<String, String> labels = Fields.strings(meta.getLabels(), "metadata.labels");
          Pod.Builder b =
              Pod.builder(namespace, name)
                  .uid(meta.getUid())
                  .labels(labels)
                  .annotations(Fields.strings(meta.getAnnotations(), "metadata.annotations"))
                  .owner(controller(meta))
                  .creationTime(
                      Fields.timestamp(
                          meta.getCreationTimestamp(), "metadata.creationTimestamp", Instant.EPOCH))
                  .deletionTime(
                      Fields.timestamp(
                          meta.getDeletionTimestamp(), "metadata.deletionTimestamp", null));
          withSpec(b, labels, spec, "spec");
          withStatus(b, pod.getStatus());
          return b.build();
        });
  }

  /** A node; {@code allocatable} falls back to {@code capacity} when the status lacks it. */
  public static Node toNode(io.fabric8.kubernetes.api.model.Node node) {
    ObjectMeta meta = meta(node.getMetadata());
    return Fields.translating(
        meta.getName() == null ? "Node" : "Node " + meta.getName(),
        () -> {
          String name = SchedulingTerms.required(meta.getName(), "metadata.name");
          var spec =
              node.getSpec() == null
                  ? new io.fabric8.kubernetes.api.model.NodeSpec()
                  : node.getSpec();
          var status =
              node.getStatus() == null
                  ? new io.fabric8.kubernetes.api.model.NodeStatus()
                  : node.getStatus();
          Resources capacity = Quantities.resources(status.getCapacity(), "status.capacity");
          Resources allocatable =
              Fields.map(status.getAllocatable()).isEmpty()
                  ? capacity
                  : Quantities.resources(status.getAllocatable(), "status.allocatable");
          boolean ready =
              Fields.list(status.getConditions()).stream()
                  .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
          return new Node(
              name,
              Fields.strings(meta.getLabels(), "metadata.labels"),
              Fields.strings(meta.getAnnotations(), "metadata.annotations"),
              taints(spec.getTaints()),
              capacity,
              allocatable,
              Boolean.TRUE.equals(spec.getUnschedulable()),
              ready,
              spec.getProviderID(),
              Fields.timestamp(
                  meta.getCreationTimestamp(), "metadata.creationTimestamp", Instant.EPOCH),
              conditions(status.getConditions()));
        });
  }

  private static List<NodeCondition> conditions(
      List<io.fabric8.kubernetes.api.model.NodeCondition> conditions) {
    List<NodeCondition> result = new java.util.ArrayList<>();
    List<io.fabric8.kubernetes.api.model.NodeCondition> list = Fields.list(conditions);
    for (int i = 0; i < list.size(); i++) {
      var c = list.get(i);
      String field = "status.conditions[" + i + "]";
      result.add(
          new NodeCondition(
              SchedulingTerms.required(c.getType(), field + ".type"),
              c.getStatus() == null ? "Unknown" : c.getStatus(),
              Fields.timestamp(
                  c.getLastTransitionTime(), field + ".lastTransitionTime", Instant.EPOCH),
              c.getReason()));
    }
    return result;
  }

  /**
   * A policy/v1 PodDisruptionBudget with its observed {@code status.disruptionsAllowed} (0 when the
   * controller has not reported yet). A null selector guards no pod, as in policy/v1.
   */
  public static PodDisruptionBudget toPdb(
      io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget pdb) {
    ObjectMeta meta = meta(pdb.getMetadata());
    String namespace = namespaceOf(meta);
    return Fields.translating(
        describe("PodDisruptionBudget", namespace, meta.getName()),
        () -> {
          String name = SchedulingTerms.required(meta.getName(), "metadata.name");
          var selector =
              SchedulingTerms.labelSelector(
                  pdb.getSpec() == null ? null : pdb.getSpec().getSelector(), "spec.selector");
          Integer allowed =
              pdb.getStatus() == null ? null : pdb.getStatus().getDisruptionsAllowed();
          return new PodDisruptionBudget(
              namespace, name, selector, allowed == null ? 0 : Math.max(0, allowed));
        });
  }

  /**
   * A DaemonSet whose {@code podTemplate} is the pod it would run on a new node: the template's
   * labels and spec, owned by the DaemonSet, requests computed as for any pod, and the tolerations
   * the DaemonSet controller adds to every daemon pod.
   */
  public static DaemonSet toDaemonSet(io.fabric8.kubernetes.api.model.apps.DaemonSet ds) {
    ObjectMeta meta = meta(ds.getMetadata());
    String namespace = namespaceOf(meta);
    return Fields.translating(
        describe("DaemonSet", namespace, meta.getName()),
        () -> {
          String name = SchedulingTerms.required(meta.getName(), "metadata.name");
          PodTemplateSpec template =
              present(ds.getSpec() == null ? null : ds.getSpec().getTemplate(), "spec.template");
          PodSpec spec = present(template.getSpec(), "spec.template.spec");
          Pod.Builder b =
              fromTemplate(namespace, name, template, meta, "spec.template")
                  .owner(new OwnerReference("DaemonSet", name, meta.getUid()));
          Pod daemonPod = b.build();
          return new DaemonSet(
              namespace,
              name,
              daemonPod.toBuilder()
                  .tolerations(
                      DaemonPodTolerations.withDefaults(
                          daemonPod.tolerations(), Boolean.TRUE.equals(spec.getHostNetwork())))
                  .build());
        });
  }

  /**
   * The pod a PodTemplate describes (as a CapacityBuffer's placeholder pods would be), named after
   * the template, with requests computed as for any pod.
   */
  public static Pod toTemplatePod(io.fabric8.kubernetes.api.model.PodTemplate podTemplate) {
    ObjectMeta meta = meta(podTemplate.getMetadata());
    String namespace = namespaceOf(meta);
    return Fields.translating(
        describe("PodTemplate", namespace, meta.getName()),
        () -> {
          String name = SchedulingTerms.required(meta.getName(), "metadata.name");
          PodTemplateSpec template = present(podTemplate.getTemplate(), "template");
          Pod.Builder b = fromTemplate(namespace, name, template, meta, "template");
          return b.build();
        });
  }

  /**
   * A pod as {@code template} (at {@code field}) describes it: its labels, annotations and spec,
   * with requests computed as for any pod, created when the owning object was.
   */
  private static Pod.Builder fromTemplate(
      String namespace, String name, PodTemplateSpec template, ObjectMeta owner, String field) {
    ObjectMeta templateMeta = meta(template.getMetadata());
    PodSpec spec = present(template.getSpec(), field + ".spec");
    Map<String, String> labels =
        Fields.strings(templateMeta.getLabels(), field + ".metadata.labels");
    Pod.Builder b =
        Pod.builder(namespace, name)
            .labels(labels)
            .annotations(
                Fields.strings(templateMeta.getAnnotations(), field + ".metadata.annotations"))
            .creationTime(
                Fields.timestamp(
                    owner.getCreationTimestamp(), "metadata.creationTimestamp", Instant.EPOCH));
    withSpec(b, labels, spec, field + ".spec");
    return b;
  }

  /** How messages name an object: {@code Pod default/web-1}. */
  static String describe(String kind, String namespace, String name) {
    return kind + " " + namespace + "/" + (name == null ? "(no name)" : name);
  }

  static String namespaceOf(ObjectMeta meta) {
    return meta.getNamespace() == null || meta.getNamespace().isBlank()
        ? "default"
        : meta.getNamespace();
  }

  private static void withSpec(
      Pod.Builder b, Map<String, String> labels, PodSpec spec, String path) {
    b.requests(PodRequests.of(spec, path))
        .nodeName(Fields.blankToNull(spec.getNodeName()))
        .priority(spec.getPriority() == null ? 0 : spec.getPriority())
        .terminationGracePeriodSeconds(
            spec.getTerminationGracePeriodSeconds() == null
                ? Pod.DEFAULT_GRACE_PERIOD_SECONDS
                : spec.getTerminationGracePeriodSeconds())
        .schedulerName(Fields.blankToNull(spec.getSchedulerName()))
        .nodeSelector(Fields.strings(spec.getNodeSelector(), path + ".nodeSelector"))
        .requiredNodeAffinity(
            SchedulingTerms.requiredNodeAffinity(spec.getAffinity(), path + ".affinity"))
        .affinity(
            SchedulingTerms.podAffinity(spec.getAffinity(), false, labels, path + ".affinity"))
        .antiAffinity(
            SchedulingTerms.podAffinity(spec.getAffinity(), true, labels, path + ".affinity"))
        .tolerations(SchedulingTerms.tolerations(spec.getTolerations(), path + ".tolerations"))
        .topologySpread(
            SchedulingTerms.topologySpread(
                spec.getTopologySpreadConstraints(), labels, path + ".topologySpreadConstraints"))
        .hostPorts(PodFootprint.hostPorts(spec, path))
        .localStorageVolumes(PodFootprint.localStorageVolumes(spec.getVolumes()));
  }

  private static void withStatus(Pod.Builder b, PodStatus status) {
    if (status == null) {
      return;
    }
    b.phase(Fields.at("status.phase", () -> PodPhase.parse(status.getPhase())))
        .nominatedNodeName(Fields.blankToNull(status.getNominatedNodeName()));
    for (PodCondition c : Fields.list(status.getConditions())) {
      if ("PodScheduled".equals(c.getType())
          && "False".equals(c.getStatus())
          && "Unschedulable".equals(c.getReason())) {
        b.unschedulable(true);
      }
    }
  }

  private static OwnerReference controller(ObjectMeta meta) {
    var refs = Fields.list(meta.getOwnerReferences());
    for (int i = 0; i < refs.size(); i++) {
      var ref = refs.get(i);
      if (Boolean.TRUE.equals(ref.getController())) {
        String at = Fields.index("metadata.ownerReferences", i);
        return Fields.at(at, () -> new OwnerReference(ref.getKind(), ref.getName(), ref.getUid()));
      }
    }
    return null;
  }

  private static List<Taint> taints(List<io.fabric8.kubernetes.api.model.Taint> taints) {
    List<Taint> result = new ArrayList<>();
    var list = Fields.list(taints);
    for (int i = 0; i < list.size(); i++) {
      var t = list.get(i);
      String at = Fields.index("spec.taints", i);
      String key = SchedulingTerms.required(t.getKey(), at + ".key");
      if (t.getEffect() == null || t.getEffect().isEmpty()) {
        throw new FieldException(
            at + ".effect", "missing: expected NoSchedule, PreferNoSchedule or NoExecute");
      }
      TaintEffect effect = Fields.at(at + ".effect", () -> TaintEffect.parse(t.getEffect()));
      result.add(new Taint(key, t.getValue(), effect));
    }
    return result;
  }

  private static ObjectMeta meta(ObjectMeta meta) {
    return meta == null ? new ObjectMeta() : meta;
  }

  private static <T> T present(T value, String path) {
    if (value == null) {
      throw new FieldException(path, "missing");
    }
    return value;
  }
}
