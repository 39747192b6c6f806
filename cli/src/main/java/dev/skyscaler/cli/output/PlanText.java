package dev.skyscaler.cli.output;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The plan for people: a one-line summary, a table of scale-ups, the pending pods no scale-up helps
 * with their reasons per group (pods of one workload with the same reasons are one entry), the
 * scale-down ({@link ScaleDownText}), and the warnings.
 */
public final class PlanText {
  private final Map<String, Pod> pods;
  private final StringBuilder out = new StringBuilder();

  private PlanText(Map<String, Pod> pods) {
    this.pods = pods;
  }

  /**
   * @param pods the snapshot's pods by key, to name the workloads pods belong to
   * @param warnings everything the user should know, the plan's warnings included
   */
  public static String render(Plan plan, Map<String, Pod> pods, List<String> warnings) {
    PlanText text = new PlanText(pods);
    text.summary(plan);
    text.scaleUps(plan.scaleUps());
    text.noScaleUps(plan.noScaleUps());
    text.scaleDown(plan);
    text.warnings(warnings);
    return text.out.toString();
  }

  private void summary(Plan plan) {
    int groups = plan.scaleUps().size();
    int nodes = plan.scaleUps().stream().mapToInt(ScaleUp::delta).sum();
    int helped = plan.scaleUps().stream().mapToInt(s -> s.pods().size()).sum();
    int stuck = plan.noScaleUps().size();
    String line;
    if (groups == 0) {
      line =
          stuck == 0
              ? "Scale-up: none needed; no pending pod waits for a new node"
              : "Scale-up: none; " + noScaleUp(stuck);
    } else {
      line =
          "Scale-up: "
              + count(groups, "node group")
              + ", +"
              + count(nodes, "node")
              + " for "
              + count(helped, "pending pod");
      if (stuck > 0) {
        line += "; " + noScaleUp(stuck);
      }
    }
    out.append(line).append('\n');
  }

  private void scaleUps(List<ScaleUp> scaleUps) {
    if (scaleUps.isEmpty()) {
      return;
    }
    Table table = new Table("NODE GROUP", "NODES", "PODS");
    for (ScaleUp s : scaleUps) {
      List<PodGroups.Group> helped = PodGroups.of(s.pods(), pods);
      String nodes = s.currentTarget() + " -> " + s.newTarget() + " (+" + s.delta() + ")";
      for (int i = 0; i < helped.size(); i++) {
        table.row(i == 0 ? s.nodeGroup() : "", i == 0 ? nodes : "", helped.get(i).describe());
      }
      if (helped.isEmpty()) {
        table.row(s.nodeGroup(), nodes, "");
      }
    }
    out.append('\n').append(table.render("  "));
  }

  private void noScaleUps(List<NoScaleUp> stuck) {
    if (stuck.isEmpty()) {
      return;
    }
    // Pods of one workload usually fail for the same reasons: show each combination once.
    Map<Map<String, String>, List<String>> byReasons = new LinkedHashMap<>();
    for (NoScaleUp n : stuck) {
      byReasons.computeIfAbsent(n.reasons(), r -> new ArrayList<>()).add(n.pod());
    }
    List<Entry> entries = new ArrayList<>();
    byReasons.forEach(
        (reasons, keys) ->
            PodGroups.of(keys, pods).forEach(g -> entries.add(new Entry(g, reasons))));
    entries.sort(Comparator.comparingInt((Entry e) -> -e.group().pods().size()));
    out.append('\n').append("No scale-up for ").append(count(stuck.size(), "pending pod"));
    out.append(":\n");
    for (Entry e : entries) {
      out.append("  ").append(e.group().describe()).append(":\n");
      if (e.reasons().isEmpty()) {
        out.append("    no node group can host it\n");
      }
      e.reasons()
          .forEach(
              (group, reason) ->
                  out.append("    ").append(group).append(": ").append(reason).append('\n'));
    }
  }

  private void scaleDown(Plan plan) {
    StringBuilder section = new StringBuilder();
    ScaleDownText.append(section, plan, pods);
    if (section.length() > 0) {
      out.append('\n').append(section);
    }
  }

  private void warnings(List<String> warnings) {
    if (warnings.isEmpty()) {
      return;
    }
    out.append("\nWarnings:\n");
    warnings.forEach(w -> out.append("  - ").append(w).append('\n'));
  }

  private record Entry(PodGroups.Group group, Map<String, String> reasons) {}

  private static String noScaleUp(int pods) {
    return count(pods, "pending pod") + (pods == 1 ? " gets" : " get") + " no scale-up";
  }

  static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
