package dev.skyscaler.cli.output;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.core.plan.PodExplanation;

/**
 * A pod's explanation, for people ({@link #text}) or programs ({@link #json}: {@code {"pod",
 * "summary", "scaleUpGroup" (null when none), "groups": {group: verdict}}}).
 */
public final class ExplanationOutput {
  private ExplanationOutput() {}

  public static String text(PodExplanation e) {
    StringBuilder out = new StringBuilder();
    out.append(e.pod()).append(": ").append(e.summary()).append('\n');
    out.append("Scale-up: ").append(e.scaleUpGroup().orElse("none")).append('\n');
    if (!e.groups().isEmpty()) {
      Table table = new Table("NODE GROUP", "VERDICT");
      e.groups().forEach(table::row);
      out.append('\n').append(table.render("  "));
    }
    return out.toString();
  }

  public static String json(PodExplanation e) {
    ObjectNode root = Json.object();
    root.put("pod", e.pod());
    root.put("summary", e.summary());
    root.put("scaleUpGroup", e.scaleUpGroup().orElse(null));
    ObjectNode groups = root.putObject("groups");
    e.groups().forEach(groups::put);
    return Json.write(root);
  }
}
