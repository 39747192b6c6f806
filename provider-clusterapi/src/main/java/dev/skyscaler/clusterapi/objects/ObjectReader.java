package dev.skyscaler.clusterapi.objects;

import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads Cluster API objects (fabric8's generic resources, from the API or a snapshot file) into
 * {@link ScalableResource}, {@link CapiMachine}, {@link CapiCluster} and {@link
 * InfrastructureTemplate}. Both v1beta1 and v1beta2 shapes are read: {@code infrastructureRef} by
 * {@code apiVersion} or by {@code apiGroup}, {@code nodeRef} with or without its {@code kind}.
 *
 * <p>Limits: a MachinePool's {@code providerIDList} of at most {@value #MAX_PROVIDER_IDS} entries
 * (Cluster API's own limit), at most {@value #MAX_TAINTS} template taints.
 */
public final class ObjectReader {
  static final int MAX_PROVIDER_IDS = 10_000;
  static final int MAX_TAINTS = 64;

  private final CapiNames names;

  public ObjectReader(CapiNames names) {
    this.names = names;
  }

  /** {@code Kind namespace/name}. */
  public static String describe(GenericKubernetesResource o) {
    ObjectMeta m = o.getMetadata();
    String ns = m == null || m.getNamespace() == null ? "" : m.getNamespace() + "/";
    return o.getKind() + " " + ns + (m == null ? "(no name)" : m.getName());
  }

  /**
   * A MachineDeployment, MachineSet or MachinePool.
   *
   * @throws CapiObjectException naming the object and the field
   */
  public ScalableResource scalable(GenericKubernetesResource o) {
    ObjectFields f = fields(o);
    ObjectMeta m = meta(o);
    ObjectRef ref = new ObjectRef(o.getKind(), m.getNamespace(), m.getName());
    Optional<Integer> replicas = f.integer("spec.replicas");
    String cluster = f.string("spec.clusterName").orElse(labels(m).get(names.clusterNameLabel()));
    List<String> providerIds = new ArrayList<>();
    for (Object id : f.list("spec.providerIDList", MAX_PROVIDER_IDS)) {
      providerIds.add(String.valueOf(id));
    }
    return new ScalableResource(
        ref,
        labels(m),
        annotations(m),
        replicas.map(OptionalInt::of).orElse(OptionalInt.empty()),
        f.integer("status.replicas").orElse(0),
        cluster,
        owners(m),
        f.strings("spec.template.metadata.labels"),
        taints(f),
        infrastructure(f),
        providerIds,
        created(f, m));
  }

  /** A Machine. */
  public CapiMachine machine(GenericKubernetesResource o) {
    ObjectFields f = fields(o);
    ObjectMeta m = meta(o);
    Optional<String> nodeKind = f.string("status.nodeRef.kind");
    String node = f.string("status.nodeRef.name").orElse("");
    if (nodeKind.isPresent() && !nodeKind.get().equals("Node")) {
      node = ""; // a v1beta1 reference to something else is no node
    }
    return new CapiMachine(
        m.getNamespace() == null ? "" : m.getNamespace(),
        m.getName(),
        labels(m),
        annotations(m),
        owners(m),
        f.string("spec.providerID").orElse(""),
        node,
        f.string("status.phase").orElse(""),
        m.getDeletionTimestamp() != null && !m.getDeletionTimestamp().isBlank(),
        created(f, m));
  }

  /** A Cluster: paused by {@code spec.paused} or by the paused annotation. */
  public CapiCluster cluster(GenericKubernetesResource o) {
    ObjectFields f = fields(o);
    ObjectMeta m = meta(o);
    boolean paused =
        Boolean.TRUE.equals(f.at("spec.paused").orElse(false))
            || annotations(m).containsKey(names.paused());
    return new CapiCluster(m.getNamespace() == null ? "" : m.getNamespace(), m.getName(), paused);
  }

  /** An infrastructure machine template's capacity and node info. */
  public InfrastructureTemplate template(GenericKubernetesResource o) {
    ObjectFields f = fields(o);
    return new InfrastructureTemplate(
        f.strings("status.capacity"),
        f.string("status.nodeInfo.architecture").orElse(""),
        f.string("status.nodeInfo.operatingSystem").orElse(""));
  }

  private Optional<InfrastructureRef> infrastructure(ObjectFields f) {
    String at = "spec.template.spec.infrastructureRef";
    if (f.at(at).isEmpty()) {
      return Optional.empty();
    }
    String kind = f.string(at + ".kind").orElseThrow(() -> f.error(at + ".kind", "missing"));
    String name = f.string(at + ".name").orElseThrow(() -> f.error(at + ".name", "missing"));
    Optional<String> group = f.string(at + ".apiGroup");
    if (group.isPresent()) {
      return Optional.of(new InfrastructureRef(group.get(), "", kind, name));
    }
    String apiVersion =
        f.string(at + ".apiVersion")
            .orElseThrow(() -> f.error(at, "expected apiGroup (v1beta2) or apiVersion (v1beta1)"));
    int slash = apiVersion.indexOf('/');
    if (slash <= 0) {
      throw f.error(at + ".apiVersion", "expected group/version, got \"" + apiVersion + "\"");
    }
    return Optional.of(
        new InfrastructureRef(
            apiVersion.substring(0, slash), apiVersion.substring(slash + 1), kind, name));
  }

  private static List<Taint> taints(ObjectFields f) {
    String at = "spec.template.spec.taints";
    List<Taint> taints = new ArrayList<>();
    List<?> raw = f.list(at, MAX_TAINTS);
    for (int i = 0; i < raw.size(); i++) {
      if (!(raw.get(i) instanceof Map<?, ?> t)) {
        throw f.error(at + "[" + i + "]", "expected a taint with key and effect");
      }
      try {
        taints.add(
            new Taint(
                String.valueOf(t.get("key")),
                t.get("value") == null ? "" : String.valueOf(t.get("value")),
                TaintEffect.parse(String.valueOf(t.get("effect")))));
      } catch (IllegalArgumentException e) {
        throw f.error(at + "[" + i + "]", e.getMessage());
      }
    }
    return taints;
  }

  private static ObjectFields fields(GenericKubernetesResource o) {
    return new ObjectFields(describe(o), o.getAdditionalProperties());
  }

  private static ObjectMeta meta(GenericKubernetesResource o) {
    ObjectMeta m = o.getMetadata();
    if (m == null || m.getName() == null || m.getName().isBlank()) {
      throw new CapiObjectException(o.getKind() + ": metadata.name: missing");
    }
    return m;
  }

  private static Map<String, String> labels(ObjectMeta m) {
    return m.getLabels() == null ? Map.of() : m.getLabels();
  }

  private static Map<String, String> annotations(ObjectMeta m) {
    return m.getAnnotations() == null ? Map.of() : m.getAnnotations();
  }

  private static List<ObjectRef> owners(ObjectMeta m) {
    List<ObjectRef> owners = new ArrayList<>();
    if (m.getOwnerReferences() != null) {
      for (OwnerReference r : m.getOwnerReferences()) {
        if (r.getKind() != null && r.getName() != null && !r.getName().isBlank()) {
          owners.add(new ObjectRef(r.getKind(), m.getNamespace(), r.getName()));
        }
      }
    }
    return owners;
  }

  private static Instant created(ObjectFields f, ObjectMeta m) {
    String text = m.getCreationTimestamp();
    if (text == null || text.isBlank()) {
      return Instant.EPOCH;
    }
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw f.error(
          "metadata.creationTimestamp", "expected an RFC 3339 time, got \"" + text + "\"");
    }
  }
}
