package dev.skyscaler.clusterapi;

import dev.skyscaler.clusterapi.api.ManagementGateway;
import dev.skyscaler.clusterapi.discovery.GroupCandidate;
import dev.skyscaler.clusterapi.objects.CapiMachine;
import dev.skyscaler.clusterapi.objects.CapiNames;
import dev.skyscaler.clusterapi.objects.ObjectRef;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.kubernetes.KubernetesApiException;
import io.fabric8.kubernetes.api.model.autoscaling.v1.Scale;
import io.fabric8.kubernetes.api.model.autoscaling.v1.ScaleSpec;

/**
 * Replicas through the {@code /scale} subresource: read, checked, written back with the
 * resourceVersion read (a conflict means someone else changed them: retry next scan). The replicas
 * read are the live ones, which may be newer than the discovery's.
 */
final class GroupScale {
  private final ManagementGateway gateway;

  GroupScale(ManagementGateway gateway) {
    this.gateway = gateway;
  }

  /** Sets the replicas; the caller has checked the bounds. */
  Outcome set(GroupCandidate g, int to) {
    Scale scale = read(g);
    int from = replicas(scale);
    if (from == to) {
      return CapiActions.already(g.id() + " replicas are already " + to);
    }
    write(g, scale, to);
    return Outcome.done("set " + g.id() + " replicas " + from + " -> " + to);
  }

  /**
   * Marks the Machine for deletion, then lowers the replicas by one; when lowering fails, the mark
   * is taken off again. A Machine already marked whose decrement is visible (fewer replicas than
   * live Machines) is done already.
   */
  Outcome deleteMachine(GroupCandidate g, CapiMachine m, String now, CapiNames names) {
    Scale scale = read(g);
    int from = replicas(scale);
    long live = g.machines().stream().filter(x -> !x.deleting()).count();
    boolean marked = m.annotations().containsKey(names.deleteMachine());
    if (marked && from < live) {
      return CapiActions.already(
          m.describe() + " is marked for deletion and " + g.id() + " replicas are lowered");
    }
    if (from - 1 < g.min()) {
      return CapiActions.failed(
          "refused to delete "
              + m.describe()
              + " of "
              + g.id()
              + ": the group is at its min "
              + g.min());
    }
    ObjectRef ref = new ObjectRef("Machine", m.namespace(), m.name());
    if (!marked && gateway.patchMachine(ref, annotation(names, "\"" + now + "\"")).isEmpty()) {
      return CapiActions.already(m.describe() + " is already gone");
    }
    try {
      write(g, scale, from - 1);
    } catch (KubernetesApiException e) {
      if (!marked) {
        unmark(ref, names, now);
      }
      throw e;
    }
    return Outcome.done(
        "marked "
            + m.describe()
            + " "
            + names.deleteMachine()
            + " and lowered "
            + g.id()
            + " replicas "
            + from
            + " -> "
            + (from - 1));
  }

  /** A MachinePool without Machines: only the replicas can go down. */
  Outcome lowerPool(GroupCandidate g, String instance) {
    Scale scale = read(g);
    int from = replicas(scale);
    if (from - 1 < g.min()) {
      return CapiActions.failed(
          "refused to lower "
              + g.id()
              + " for "
              + instance
              + ": the group is at its min "
              + g.min());
    }
    write(g, scale, from - 1);
    return Outcome.done(
        "lowered "
            + g.id()
            + " replicas "
            + from
            + " -> "
            + (from - 1)
            + " for "
            + instance
            + ": it has no Machine objects, so its infrastructure provider chooses which instance"
            + " goes");
  }

  /** Takes the mark off, if it is still the one this action set. */
  private void unmark(ObjectRef ref, CapiNames names, String now) {
    String path =
        "/metadata/annotations/" + names.deleteMachine().replace("~", "~0").replace("/", "~1");
    try {
      gateway.jsonPatchMachine(
          ref,
          "[{\"op\":\"test\",\"path\":\""
              + path
              + "\",\"value\":\""
              + now
              + "\"},{\"op\":\"remove\",\"path\":\""
              + path
              + "\"}]");
    } catch (KubernetesApiException e) {
      // the mark alone deletes nothing: it only orders a later scale-down
    }
  }

  private static String annotation(CapiNames names, String jsonValue) {
    return "{\"metadata\":{\"annotations\":{\"" + names.deleteMachine() + "\":" + jsonValue + "}}}";
  }

  private Scale read(GroupCandidate g) {
    var kind = g.resource().kind();
    return gateway.scale(kind.plural(), kind.kind(), g.resource().ref());
  }

  private void write(GroupCandidate g, Scale scale, int to) {
    var kind = g.resource().kind();
    if (scale.getSpec() == null) {
      scale.setSpec(new ScaleSpec());
    }
    scale.getSpec().setReplicas(to);
    gateway.updateScale(kind.plural(), kind.kind(), g.resource().ref(), scale);
  }

  private static int replicas(Scale scale) {
    return scale.getSpec() == null || scale.getSpec().getReplicas() == null
        ? 0
        : scale.getSpec().getReplicas();
  }

  /** Conflicts, throttling, server errors and lost connections pass. */
  static boolean retryable(KubernetesApiException e) {
    return e.code() == 0 || e.code() == 409 || e.code() == 429 || e.code() >= 500;
  }
}
