package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.Resources;
import java.util.ArrayList;
import java.util.List;

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

  static Resources of(JsonNode spec, String specPath) {
    return of(spec, specPath, Interner.NONE);
  }

  /** {@link #of(JsonNode, String)}, each distinct quantity parsed once through {@code shared}. */
  static Resources of(JsonNode spec, String specPath, Interner shared) {
    Resources total = Resources.ZERO;
    List<JsonNode> containers = Fields.list(spec, "containers", specPath);
    for (int i = 0; i < containers.size(); i++) {
      JsonNode c = containers.get(i);
      total = total.plus(Fields.item(specPath, "containers", i, () -> container(c, shared)));
    }
    Resources sidecars = Resources.ZERO;
    Resources initNeed = Resources.ZERO;
    List<JsonNode> inits = Fields.list(spec, "initContainers", specPath);
    for (int i = 0; i < inits.size(); i++) {
      JsonNode init = inits.get(i);
      Resources requests =
          Fields.item(specPath, "initContainers", i, () -> container(init, shared));
      String restartPolicy =
          Fields.item(specPath, "initContainers", i, () -> Fields.text(init, "restartPolicy", ""));
      if (SIDECAR_RESTART_POLICY.equals(restartPolicy)) {
        total = total.plus(requests);
        sidecars = sidecars.plus(requests);
        initNeed = initNeed.max(sidecars);
      } else {
        initNeed = initNeed.max(requests.plus(sidecars));
      }
    }
    Resources effective =
        podLevel(total.max(initNeed), Fields.object(spec, "resources", specPath), specPath);
    return effective.plus(Quantities.resources(spec, "overhead", specPath, shared));
  }

  /**
   * One container's requests, with limits standing in for absent requests; errors at paths relative
   * to the container (see {@link Fields#item}).
   */
  static Resources container(JsonNode c, Interner shared) {
    JsonNode rr = Fields.object(c, "resources", "");
    if (rr == null) {
      return Resources.ZERO;
    }
    String at = "resources";
    JsonNode requests = Fields.object(rr, "requests", at);
    JsonNode limits = Fields.object(rr, "limits", at);
    Resources explicit = Quantities.resources(requests, "resources.requests", shared);
    Quantities.resources(limits, "resources.limits", shared); // every quantity is validated
    if (limits == null || limits.isEmpty()) {
      return explicit;
    }
    Resources defaulted = explicit;
    for (String name : missingFrom(requests, limits)) {
      defaulted =
          defaulted.plus(Quantities.entry(name, limits.get(name), "resources.limits", shared));
    }
    return defaulted;
  }

  private static Resources podLevel(Resources aggregate, JsonNode pod, String path) {
    if (pod == null) {
      return aggregate;
    }
    String at = path + ".resources";
    JsonNode requests = Fields.object(pod, "requests", at);
    JsonNode limits = Fields.object(pod, "limits", at);
    Resources explicit = Quantities.resources(requests, at + ".requests");
    Resources limited = Quantities.resources(limits, at + ".limits");
    Resources result = aggregate;
    if (requests != null) {
      for (var it = requests.fieldNames(); it.hasNext(); ) {
        String name = it.next();
        if (isPodLevelResource(name)) {
          result = Quantities.withAmount(result, name, explicit.amount(name));
        }
      }
    }
    // Defaulting: a pod-level limit without a request defaults the request to the containers'
    // aggregate when they request the resource, otherwise to the limit.
    for (String name : missingFrom(requests, limits)) {
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

  /** The resources {@code limits} names and {@code requests} does not, in the limits' order. */
  private static List<String> missingFrom(JsonNode requests, JsonNode limits) {
    if (limits == null || limits.isEmpty()) {
      return List.of();
    }
    List<String> missing = new ArrayList<>(limits.size());
    for (var it = limits.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (requests == null || !requests.has(name)) {
        missing.add(name);
      }
    }
    return missing;
  }
}
