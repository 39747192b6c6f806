package dev.skyscaler.cli.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.Unremovable;
import java.util.List;

/**
 * The plan as JSON, a stable contract for programs (documented in {@code docs/configuration.md}):
 *
 * <pre>
 * {"scaleUp": [{"nodeGroup": "ng2", "delta": 1, "targetSize": 4, "pods": ["default/p-new"]}],
 *  "noScaleUp": [{"pod": "default/huge", "reasons": {"ng1": "Insufficient cpu"}}],
 *  "scaleDown": [{"node": "n3", "nodeGroup": "ng1", "empty": false, "utilization": 0.25,
 *                 "unneededSince": "...", "removableAt": "...", "pods": {"default/web": "n1"}}],
 *  "unremovable": [{"node": "n1", "nodeGroup": "ng1", "reason": "BlockedByPod",
 *                   "pod": "default/solo", "podReason": "NotReplicated"}],
 *  "warnings": []}
 * </pre>
 *
 * Keys always appear, in this order; {@code targetSize} is the group's new target size; {@code pod}
 * and {@code podReason} are null unless the reason is {@code BlockedByPod}.
 */
public final class PlanJson {
  private PlanJson() {}

  /**
   * @param warnings everything the user should know, the plan's warnings included
   */
  public static String render(Plan plan, List<String> warnings) {
    ObjectNode root = Json.object();
    ArrayNode scaleUps = root.putArray("scaleUp");
    for (ScaleUp s : plan.scaleUps()) {
      ObjectNode o = scaleUps.addObject();
      o.put("nodeGroup", s.nodeGroup());
      o.put("delta", s.delta());
      o.put("targetSize", s.newTarget());
      s.pods().forEach(o.putArray("pods")::add);
    }
    ArrayNode noScaleUps = root.putArray("noScaleUp");
    for (NoScaleUp n : plan.noScaleUps()) {
      ObjectNode o = noScaleUps.addObject();
      o.put("pod", n.pod());
      ObjectNode reasons = o.putObject("reasons");
      n.reasons().forEach(reasons::put);
    }
    ArrayNode scaleDowns = root.putArray("scaleDown");
    for (ScaleDown d : plan.scaleDowns()) {
      ObjectNode o = scaleDowns.addObject();
      o.put("node", d.node());
      o.put("nodeGroup", d.nodeGroup());
      o.put("empty", d.empty());
      o.put("utilization", Math.round(d.utilization() * 10_000) / 10_000.0);
      o.put("unneededSince", d.unneededSince().toString());
      o.put("removableAt", d.removableAt().toString());
      ObjectNode pods = o.putObject("pods");
      d.moves().forEach(pods::put);
    }
    ArrayNode unremovable = root.putArray("unremovable");
    for (Unremovable u : plan.unremovable()) {
      ObjectNode o = unremovable.addObject();
      o.put("node", u.node());
      o.put("nodeGroup", u.nodeGroup());
      o.put("reason", u.reason());
      o.put("pod", u.blockingPod().orElse(null));
      o.put("podReason", u.podReason().orElse(null));
    }
    warnings.forEach(root.putArray("warnings")::add);
    return Json.write(root);
  }
}
