package dev.skyscaler.kubernetes.actuation;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.actuation.Outcome.Result;
import dev.skyscaler.kubernetes.fence.WriteFence;
import io.fabric8.kubernetes.api.model.DeleteOptionsBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.Eviction;
import io.fabric8.kubernetes.api.model.policy.v1.EvictionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * Evictions through the policy/v1 Eviction API, so PodDisruptionBudgets are honoured: never a plain
 * delete, never forced. The pod is read first, to evict exactly the pod the plan meant (same node,
 * and the eviction carries its UID as a precondition, so a new pod that took the name is safe) and
 * to cap its grace period at the action's.
 */
final class PodEvictor {
  /** The kubelet's default {@code terminationGracePeriodSeconds}. */
  private static final long DEFAULT_GRACE_SECONDS = 30;

  private final KubernetesConnection connection;
  private final KubernetesClient client;
  private final WriteFence fence;

  /**
   * Evictions go through the connection's client without retries: a 429 is a PDB's answer, to be
   * reported and retried on a later scan, not hammered now.
   */
  PodEvictor(KubernetesConnection connection, WriteFence fence) {
    this.connection = connection;
    this.client = connection.client();
    this.fence = fence;
  }

  Outcome evict(EvictPod a) {
    int slash = a.pod().indexOf('/');
    if (slash <= 0 || slash == a.pod().length() - 1) {
      return new Outcome(a, Result.FAILED, "pod must be namespace/name, was \"" + a.pod() + "\"");
    }
    String namespace = a.pod().substring(0, slash);
    String name = a.pod().substring(slash + 1);
    io.fabric8.kubernetes.api.model.Pod pod;
    try {
      pod = client.pods().inNamespace(namespace).withName(name).get();
    } catch (KubernetesClientException e) {
      return NodeEditor.failed(a, "get pod " + a.pod(), e);
    }
    if (pod == null) {
      return new Outcome(a, Result.GONE, "pod " + a.pod() + " no longer exists");
    }
    String node = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
    if (!a.node().equals(node)) {
      return new Outcome(
          a,
          Result.GONE,
          "pod " + a.pod() + " is no longer on " + a.node() + " (now " + node + ")");
    }
    var annotations = pod.getMetadata().getAnnotations();
    if (annotations != null && annotations.containsKey(Pod.MIRROR_ANNOTATION)) {
      return new Outcome(
          a, Result.SKIPPED, "mirror pod: the kubelet runs it from a file; it goes with the node");
    }
    if (pod.getMetadata().getDeletionTimestamp() != null) {
      return new Outcome(a, Result.UNCHANGED, "already terminating");
    }
    long own =
        pod.getSpec().getTerminationGracePeriodSeconds() == null
            ? DEFAULT_GRACE_SECONDS
            : pod.getSpec().getTerminationGracePeriodSeconds();
    long grace = Math.min(own, a.gracePeriodSeconds());
    Eviction eviction =
        new EvictionBuilder()
            .withNewMetadata()
            .withNamespace(namespace)
            .withName(name)
            .endMetadata()
            .withDeleteOptions(
                new DeleteOptionsBuilder()
                    .withGracePeriodSeconds(grace)
                    .withNewPreconditions()
                    .withUid(pod.getMetadata().getUid())
                    .endPreconditions()
                    .build())
            .build();
    try {
      boolean evicted =
          connection.evict(
              fence,
              "evict pod " + a.pod(),
              c -> c.pods().inNamespace(namespace).withName(name).evict(eviction));
      if (!evicted) {
        return new Outcome(
            a,
            Result.REFUSED,
            "a PodDisruptionBudget allows no disruption of "
                + a.pod()
                + " now; a later scan retries");
      }
      return new Outcome(a, Result.DONE, "grace " + grace + "s");
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404 || e.getCode() == 409) {
        // 409: the UID precondition failed, so the pod we meant is gone and another took its name
        return new Outcome(a, Result.GONE, "pod " + a.pod() + " no longer exists");
      }
      return NodeEditor.failed(a, "evict pod " + a.pod(), e);
    }
  }
}
