package dev.skyscaler.cli.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import java.util.List;

/**
 * The plan as JSON, a stable contract for programs (documented in {@code docs/configuration.md}):
 *
 * <pre>
 * {"scaleUp": [{"nodeGroup": "ng2", "delta": 1, "targetSize": 4, "pods": ["default/p-new"]}],
 *  "noScaleUp": [{"pod": "default/huge", "reasons": {"ng1": "Insufficient cpu"}}],
 *  "scaleDown": [], "unremovable": [], "warnings": []}
 * </pre>
 *
 * Keys always appear, in this order; {@code targetSize} is the group's new target size.
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
    root.putArray("scaleDown");
    root.putArray("unremovable");
    warnings.forEach(root.putArray("warnings")::add);
    return Json.write(root);
  }
}
