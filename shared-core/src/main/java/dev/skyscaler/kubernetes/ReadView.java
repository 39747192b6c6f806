package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonIncludeProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EphemeralContainer;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/**
 * The fabric8 serialization every Skyscaler client and snapshot file is read with: fabric8's own,
 * except that it does not bind the parts of pods and nodes the autoscaler never reads (probes,
 * environment, security contexts, container statuses, volume sources other than {@code emptyDir},
 * {@code hostPath} and {@code persistentVolumeClaim}, node images and system info, managed fields).
 *
 * <p>Why: Jackson builds a deserializer for every type a class can reach before it reads the first
 * byte, and a Pod reaches ~200 model classes, most of them under those fields. Building them was
 * the largest part of a Lambda's first cluster read (ADR 0012). Skipped fields are skipped in the
 * JSON too, so every list is also cheaper to read.
 *
 * <p>The cost is that objects read through this view lack those fields: never write one back whole
 * (Skyscaler patches nodes with explicit operations and only updates its own Lease and ConfigMaps,
 * whose fields are all kept), and a {@code skyscaler snapshot} leaves them out (which also keeps
 * environment values, often secrets, out of snapshot files). {@code ReadViewTest} pins that a pod
 * and a node with every one of those fields translate to the same core model through this view as
 * through fabric8's full one. It also registers no resource kinds by scanning the classpath (see
 * {@link KubeconfigText}).
 */
public final class ReadView {
  /**
   * Shared: its deserializers are built once per JVM, whichever client or file needs them first.
   */
  public static final KubernetesSerialization SERIALIZATION =
      new KubernetesSerialization(mapper(), false);

  private ReadView() {}

  private static ObjectMapper mapper() {
    return new ObjectMapper()
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
