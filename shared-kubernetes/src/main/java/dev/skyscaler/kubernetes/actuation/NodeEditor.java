package dev.skyscaler.kubernetes.actuation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.actuation.Outcome.Result;
import dev.skyscaler.kubernetes.fence.WriteFence;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Node edits with optimistic concurrency: read the node, change only the field at stake (the taint
 * list, {@code spec.unschedulable}, the cordon mark), and write it back as a JSON patch that also
 * sets {@code metadata.resourceVersion} to the version read. If anyone changed the node in between,
 * the server answers 409 and the edit starts again from a fresh read, so a taint someone else just
 * added is never lost. (A JSON patch names exactly the fields it changes; the API server's
 * optimistic locking applies to the patched object's resourceVersion.) Each patch is admitted by
 * the scan's {@link WriteFence} and bounded by the time it grants.
 */
final class NodeEditor {
  /** Marks a cordon Skyscaler made, so a rollback never uncordons a node a person cordoned. */
  static final String CORDONED_BY_AUTOSCALER = "skyscaler.dev/cordoned-by-autoscaler";

  private static final String MARK_PATH =
      "/metadata/annotations/" + CORDONED_BY_AUTOSCALER.replace("~", "~0").replace("/", "~1");

  private static final int ATTEMPTS = 5;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final KubernetesConnection connection;
  private final KubernetesClient client;
  private final WriteFence fence;

  NodeEditor(KubernetesConnection connection, WriteFence fence) {
    this.connection = connection;
    this.client = connection.client();
    this.fence = fence;
  }

  /**
   * Adds the taint, or updates the value of the taint with its key and effect. A CA taint already
   * present stays as it is: its value is the time the node was first marked (as CA does).
   */
  Outcome taint(TaintNode a) {
    Taint wanted =
        new Taint(a.taint().effect().apiName(), a.taint().key(), null, a.taint().value());
    boolean keepFirst =
        a.taint().key().equals(CaTaints.TO_BE_DELETED)
            || a.taint().key().equals(CaTaints.DELETION_CANDIDATE);
    return edit(
        a,
        a.node(),
        node -> {
          List<Taint> taints = new ArrayList<>(taints(node));
          for (int i = 0; i < taints.size(); i++) {
            Taint t = taints.get(i);
            if (t.getKey().equals(wanted.getKey()) && t.getEffect().equals(wanted.getEffect())) {
              if (keepFirst || valueOf(t).equals(valueOf(wanted))) {
                return Optional.empty();
              }
              taints.set(i, wanted);
              return Optional.of(List.of(set("/spec/taints", taints)));
            }
          }
          taints.add(wanted);
          return Optional.of(List.of(set("/spec/taints", taints)));
        });
  }

  /** Removes every taint with the key; others' taints stay. */
  Outcome removeTaint(RemoveTaint a) {
    return edit(
        a,
        a.node(),
        node -> {
          List<Taint> kept =
              taints(node).stream().filter(t -> !t.getKey().equals(a.taintKey())).toList();
          return kept.size() == taints(node).size()
              ? Optional.empty()
              : Optional.of(List.of(set("/spec/taints", kept)));
        });
  }

  /** Cordons an uncordoned node and marks the cordon as the autoscaler's. */
  Outcome cordon(CordonNode a) {
    return edit(
        a,
        a.node(),
        node -> {
          if (unschedulable(node)) {
            return Optional.empty();
          }
          return Optional.of(
              List.of(set("/spec/unschedulable", true), addMark(node.getMetadata())));
        });
  }

  /**
   * Lifts the autoscaler's own cordon (the node carries its mark). A node someone else cordoned
   * stays cordoned: every uncordon a planner asks for undoes a cordon the autoscaler made (a failed
   * or stale removal), never a person's.
   */
  Outcome uncordon(UncordonNode a) {
    return edit(
        a,
        a.node(),
        node -> {
          boolean marked =
              node.getMetadata().getAnnotations() != null
                  && node.getMetadata().getAnnotations().containsKey(CORDONED_BY_AUTOSCALER);
          if (!marked) {
            return Optional.empty();
          }
          return Optional.of(
              List.of(
                  set("/spec/unschedulable", false), Map.of("op", "remove", "path", MARK_PATH)));
        });
  }

  private Outcome edit(
      Action action, String name, Function<Node, Optional<List<Map<String, Object>>>> change) {
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      Node node;
      try {
        node = client.nodes().withName(name).get();
      } catch (KubernetesClientException e) {
        return failed(action, "get node " + name, e);
      }
      if (node == null) {
        return new Outcome(action, Result.GONE, "node " + name + " no longer exists");
      }
      Optional<List<Map<String, Object>>> patch = change.apply(node);
      if (patch.isEmpty()) {
        return new Outcome(action, Result.UNCHANGED, "");
      }
      List<Map<String, Object>> ops = new ArrayList<>();
      // The server refuses (409) a result whose resourceVersion is not the current one.
      ops.add(set("/metadata/resourceVersion", node.getMetadata().getResourceVersion()));
      ops.addAll(patch.get());
      try {
        // throws, and so ends the scan's writes, when the lease is not provably ours
        connection.write(
            fence,
            "patch node " + name,
            c -> c.nodes().resource(node).patch(PatchContext.of(PatchType.JSON), json(ops)));
        return new Outcome(action, Result.DONE, "");
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404) {
          return new Outcome(action, Result.GONE, "node " + name + " no longer exists");
        }
        if (e.getCode() != 409) {
          return failed(action, "patch node " + name, e);
        }
        // someone else changed the node since we read it: read again and redo the change
      }
    }
    return new Outcome(
        action,
        Result.FAILED,
        "node " + name + " kept changing: " + ATTEMPTS + " conflicting writes in a row");
  }

  static Outcome failed(Action action, String operation, KubernetesClientException e) {
    return new Outcome(action, Result.FAILED, KubernetesApiException.of(operation, e).getMessage());
  }

  private static String json(Object body) {
    try {
      return JSON.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a node patch", e);
    }
  }

  private static List<Taint> taints(Node node) {
    return node.getSpec() == null || node.getSpec().getTaints() == null
        ? List.of()
        : node.getSpec().getTaints();
  }

  private static boolean unschedulable(Node node) {
    return node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable());
  }

  private static String valueOf(Taint t) {
    return t.getValue() == null ? "" : t.getValue();
  }

  /** JSON patch {@code add}: sets the member, replacing any value it had. */
  private static Map<String, Object> set(String path, Object value) {
    Map<String, Object> op = new LinkedHashMap<>();
    op.put("op", "add");
    op.put("path", path);
    op.put("value", value);
    return op;
  }

  private static Map<String, Object> addMark(io.fabric8.kubernetes.api.model.ObjectMeta meta) {
    if (meta.getAnnotations() == null || meta.getAnnotations().isEmpty()) {
      return set("/metadata/annotations", Map.of(CORDONED_BY_AUTOSCALER, "true"));
    }
    return set(MARK_PATH, "true");
  }
}
