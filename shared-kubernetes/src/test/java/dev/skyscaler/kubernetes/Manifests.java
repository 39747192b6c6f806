package dev.skyscaler.kubernetes;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/** fabric8 objects from YAML text, for tests that feed {@link ModelTranslator} directly. */
final class Manifests {
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private Manifests() {}

  /** A pod {@code default/p} whose spec (and optionally status) is the given YAML. */
  static io.fabric8.kubernetes.api.model.Pod pod(String specAndStatus) {
    return SERIALIZATION.unmarshal(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\n" + specAndStatus,
        io.fabric8.kubernetes.api.model.Pod.class);
  }

  static io.fabric8.kubernetes.api.model.Pod fullPod(String yaml) {
    return SERIALIZATION.unmarshal(yaml, io.fabric8.kubernetes.api.model.Pod.class);
  }

  static io.fabric8.kubernetes.api.model.Node node(String yaml) {
    return SERIALIZATION.unmarshal(yaml, io.fabric8.kubernetes.api.model.Node.class);
  }

  static io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget pdb(String yaml) {
    return SERIALIZATION.unmarshal(
        yaml, io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget.class);
  }

  static io.fabric8.kubernetes.api.model.apps.DaemonSet daemonSet(String yaml) {
    return SERIALIZATION.unmarshal(yaml, io.fabric8.kubernetes.api.model.apps.DaemonSet.class);
  }
}
