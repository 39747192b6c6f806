package dev.skyscaler.cli.output;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.Unremovable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The scale-down part of the text plan: a summary line, a table of the nodes removable together
 * (utilisation, when they may go, where their pods move, pods of one workload together), and the
 * nodes that stay, grouped by reason. Nothing is printed when the plan considered no node.
 */
final class ScaleDownText {
  /** How many node names a reason lists before it counts the rest. */
  static final int NAMES_SHOWN = 10;

  private ScaleDownText() {}

  static void append(StringBuilder out, Plan plan, Map<String, Pod> pods) {
    List<ScaleDown> removable = plan.scaleDowns();
    List<Unremovable> staying = plan.unremovable();
    if (removable.isEmpty() && staying.isEmpty()) {
      return;
    }
    out.append(summary(removable, staying)).append('\n');
    if (!removable.isEmpty()) {
      out.append('\n').append(table(removable, pods).render("  "));
    }
    if (!staying.isEmpty()) {
      out.append('\n').append("Nodes that stay:\n");
      reasons(staying)
          .forEach(
              (reason, nodes) ->
                  out.append("  ").append(reason).append(": ").append(names(nodes)).append('\n'));
    }
  }

  private static String summary(List<ScaleDown> removable, List<Unremovable> staying) {
    long empty = removable.stream().filter(ScaleDown::empty).count();
    String line =
        removable.isEmpty()
            ? "Scale-down: none"
            : "Scale-down: "
                + PlanText.count(removable.size(), "node")
                + " removable together ("
                + empty
                + " empty)";
    if (!staying.isEmpty()) {
      line +=
          "; "
              + PlanText.count(staying.size(), "node")
              + (staying.size() == 1 ? " stays" : " stay");
    }
    return line;
  }

  private static Table table(List<ScaleDown> removable, Map<String, Pod> pods) {
    Table table = new Table("NODE", "GROUP", "UTILIZATION", "REMOVABLE AT", "PODS");
    for (ScaleDown d : removable) {
      List<String> moves = moves(d, pods);
      String utilization = Math.round(d.utilization() * 100) + "%";
      for (int i = 0; i < Math.max(1, moves.size()); i++) {
        boolean first = i == 0;
        table.row(
            first ? d.node() : "",
            first ? d.nodeGroup() : "",
            first ? utilization : "",
            first ? d.removableAt().toString() : "",
            moves.isEmpty() ? "(empty)" : moves.get(i));
      }
    }
    return table;
  }

  /** {@code 3 pods of Deployment default/web -> n1, n4}: each workload with its destinations. */
  private static List<String> moves(ScaleDown d, Map<String, Pod> pods) {
    List<String> lines = new ArrayList<>();
    for (PodGroups.Group g : PodGroups.of(List.copyOf(d.moves().keySet()), pods)) {
      TreeSet<String> to = new TreeSet<>();
      g.pods().forEach(p -> to.add(d.moves().get(p)));
      lines.add(g.describe() + " -> " + String.join(", ", to));
    }
    return lines;
  }

  /** Nodes by reason; a blocking pod is named with its node. */
  private static Map<String, List<String>> reasons(List<Unremovable> staying) {
    Map<String, List<String>> byReason = new LinkedHashMap<>();
    for (Unremovable u : staying) {
      String node = u.node();
      if (u.blockingPod().isPresent()) {
        node += " (" + u.blockingPod().get() + ": " + u.podReason().orElse("") + ")";
      }
      byReason.computeIfAbsent(u.reason(), r -> new ArrayList<>()).add(node);
    }
    return byReason;
  }

  private static String names(List<String> nodes) {
    if (nodes.size() <= NAMES_SHOWN) {
      return String.join(", ", nodes);
    }
    return String.join(", ", nodes.subList(0, NAMES_SHOWN))
        + " and "
        + (nodes.size() - NAMES_SHOWN)
        + " more";
  }
}
