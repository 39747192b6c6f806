package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonIncludeProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EphemeralContainer;
import io.fabric8.kubernetes.api.model.EventList;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;

/**
 * The fabric8 serialization of every Skyscaler client: fabric8's own, except that it does not bind
 * the parts of pods and nodes the autoscaler never reads (probes, environment, security contexts,
 * container statuses, volume sources other than {@code emptyDir}, {@code hostPath} and {@code
 * persistentVolumeClaim}, node images and system info, managed fields).
 *
 * <p>Scans and snapshot files no longer read pods and nodes through it: they are read as JSON trees
 * ({@link ObjectTrees}) and translated from those (ADR 0016). What still goes through fabric8's
 * typed models: {@code skyscaler snapshot}, which writes objects whole, and the objects Skyscaler
 * writes (its Lease, ConfigMaps and Events). The mix-ins keep a snapshot small and free of
 * environment values (often secrets), and keep Jackson from building deserializers for ~200 model
 * classes a pod reaches (ADR 0012).
 *
 * <p>The cost is that objects read through this view lack those fields: never write one back whole
 * (Skyscaler patches nodes with explicit operations and only updates its own Lease and ConfigMaps,
 * whose fields are all kept). {@code ReadViewTest} pins that a pod and a node with every one of
 * those fields translate to the same core model through this view as through fabric8's full one. It
 * also registers no resource kinds by scanning the classpath (see {@link KubeconfigText}).
 */
public final class ReadView {
  /**
   * Shared: its deserializers are built once per JVM, whichever client or file needs them first.
   */
  public static final KubernetesSerialization SERIALIZATION =
      new KubernetesSerialization(mapper(), false);

  /** What a scan reads through fabric8's models, in the order it first reads them. */
  private static final List<Class<?>> SCAN_READS =
      List.of(
          io.fabric8.kubernetes.api.model.Config.class,
          Lease.class,
          ConfigMap.class,
          APIGroup.class,
          EventList.class);

  private ReadView() {}

  /**
   * Builds the deserializers of everything a scan reads through fabric8, and runs a pod and a node
   * through the scan's own reader and translation, so that a cold start can load those classes on
   * an idle core ahead of the first scan, or a SnapStart snapshot can hold them loaded. Touches no
   * network. Idempotent; cheap once done. Returns the number of types primed.
   */
  public static int prime() {
    for (Class<?> type : SCAN_READS) {
      SERIALIZATION.unmarshal("{}", type);
    }
    ObjectTrees.prime();
    return SCAN_READS.size() + 2;
  }

  private static ObjectMapper mapper() {
    // what the API server or a snapshot file sends is held to ParseLimits (depth, string length)
    return new ObjectMapper(ParseLimits.jsonFactory())
        .addMixIn(ObjectMeta.class, MetaMixIn.class)
        .addMixIn(Container.class, ContainerMixIn.class)
        .addMixIn(EphemeralContainer.class, ContainerMixIn.class)
        .addMixIn(PodSpec.class, PodSpecMixIn.class)
        .addMixIn(PodStatus.class, PodStatusMixIn.class)
        .addMixIn(Volume.class, VolumeMixIn.class)
        .addMixIn(NodeStatus.class, NodeStatusMixIn.class);
  }

  @JsonIgnoreProperties("managedFields")
  private abstract static class MetaMixIn {}

  @JsonIgnoreProperties({
    "env",
    "envFrom",
    "lifecycle",
    "livenessProbe",
    "readinessProbe",
    "startupProbe",
    "securityContext",
    "volumeMounts",
    "volumeDevices",
    "resizePolicy",
    "restartPolicyRules"
  })
  private abstract static class ContainerMixIn {}

  @JsonIgnoreProperties({
    "ephemeralContainers",
    "securityContext",
    "dnsConfig",
    "hostAliases",
    "imagePullSecrets",
    "readinessGates",
    "resourceClaims",
    "os"
  })
  private abstract static class PodSpecMixIn {}

  @JsonIgnoreProperties({
    "containerStatuses",
    "initContainerStatuses",
    "ephemeralContainerStatuses",
    "resourceClaimStatuses",
    "extendedResourceClaimStatus",
    "nodeAllocatableResourceClaimStatuses",
    "podIPs",
    "hostIPs"
  })
  private abstract static class PodStatusMixIn {}

  @JsonIncludeProperties({"name", "emptyDir", "hostPath", "persistentVolumeClaim"})
  private abstract static class VolumeMixIn {}

  @JsonIgnoreProperties({
    "images",
    "nodeInfo",
    "daemonEndpoints",
    "volumesAttached",
    "volumesInUse",
    "config",
    "features",
    "runtimeHandlers",
    "addresses"
  })
  private abstract static class NodeStatusMixIn {}
}
