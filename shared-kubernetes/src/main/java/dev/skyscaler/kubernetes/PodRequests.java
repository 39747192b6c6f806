package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.Resources;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The requests kube-scheduler charges a pod with, computed from its spec as {@code
 * k8s.io/component-helpers/resource.PodRequests} does (status-based in-place resize is not
 * modelled: a snapshot pod is charged for its spec):
 *
 * <ol>
 *   <li>the sum of the app containers' requests;
 *   <li>restartable ("sidecar") init containers ({@code restartPolicy: Always}) run for the pod's
 *       whole life, so they are added to that sum; each regular init container needs its own
 *       requests plus the sidecars started before it; the pod needs the component-wise maximum of
 *       the sum and of every init container's need;
 *   <li>pod-level requests ({@code spec.resources}, cpu, memory and hugepages only) replace the
 *       aggregate for those resources;
 *   <li>{@code spec.overhead} is added.
 * </ol>
 *
 * <p>A container that sets a limit but no request for a resource gets the limit as its request, as
 * the API server's defaulting does; snapshots of real clusters already carry the defaulted value,
 * hand-written ones may not.
 */
final class PodRequests {
  private static final String SIDECAR_RESTART_POLICY = "Always";

  private PodRequests() {}

  static Resources of(PodSpec spec, String specPath) {
    Resources total = Resources.ZERO;
    List<Container> containers = Fields.list(spec.getContainers());
    for (int i = 0; i < containers.size(); i++) {
      total = total.plus(container(containers.get(i), Fields.index(specPath + ".containers", i)));
    }
    Resources sidecars = Resources.ZERO;
    Resources initNeed = Resources.ZERO;
    List<Container> inits = Fields.list(spec.getInitContainers());
    for (int i = 0; i < inits.size(); i++) {
      Container init = inits.get(i);
      Resources requests = container(init, Fields.index(specPath + ".initContainers", i));
      if (SIDECAR_RESTART_POLICY.equals(init.getRestartPolicy())) {
        total = total.plus(requests);
        sidecars = sidecars.plus(requests);
        initNeed = initNeed.max(sidecars);
      } else {
        initNeed = initNeed.max(requests.plus(sidecars));
      }
    }
    Resources effective = podLevel(total.max(initNeed), spec.getResources(), specPath);
    return effective.plus(Quantities.resources(spec.getOverhead(), specPath + ".overhead"));
  }

  /** One container's requests, with limits standing in for absent requests. */
  static Resources container(Container c, String path) {
    ResourceRequirements rr = c.getResources();
    if (rr == null) {
      return Resources.ZERO;
    }
    Map<String, Quantity> requests = Fields.map(rr.getRequests());
    Map<String, Quantity> limits = Fields.map(rr.getLimits());
    Resources explicit = Quantities.resources(requests, path + ".resources.requests");
    Quantities.resources(limits, path + ".resources.limits"); // every quantity is validated
    return explicit.plus(
        Quantities.resources(missingFrom(requests, limits), path + ".resources.limits"));
  }

  private static Resources podLevel(Resources aggregate, ResourceRequirements pod, String path) {
    if (pod == null) {
      return aggregate;
    }
    Map<String, Quantity> requests = Fields.map(pod.getRequests());
    Map<String, Quantity> limits = Fields.map(pod.getLimits());
    Resources explicit = Quantities.resources(requests, path + ".resources.requests");
    Resources limited = Quantities.resources(limits, path + ".resources.limits");
    Resources result = aggregate;
    for (String name : requests.keySet()) {
      if (isPodLevelResource(name)) {
        result = Quantities.withAmount(result, name, explicit.amount(name));
      }
    }
    // Defaulting: a pod-level limit without a request defaults the request to the containers'
    // aggregate when they request the resource, otherwise to the limit.
    for (String name : missingFrom(requests, limits).keySet()) {
      if (isPodLevelResource(name) && aggregate.amount(name) == 0) {
        result = Quantities.withAmount(result, name, limited.amount(name));
      }
    }
    return result;
  }

  private static boolean isPodLevelResource(String name) {
    return name.equals(Resources.CPU)
        || name.equals(Resources.MEMORY)
        || name.startsWith("hugepages-");
  }

  private static Map<String, Quantity> missingFrom(
      Map<String, Quantity> requests, Map<String, Quantity> limits) {
    Map<String, Quantity> missing = new LinkedHashMap<>();
    limits.forEach(
        (name, limit) -> {
          if (!requests.containsKey(name)) {
            missing.put(name, limit);
          }
        });
    return missing;
  }
}
