package dev.skyscaler.cli.simulate;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of a what-if after the base run's output: one row per run with what the report's
 * comparison shows (cost, node-hours, peak nodes, pods' waits, evictions), then each variant's
 * flags.
 */
final class WhatIfText {
  private WhatIfText() {}

  static String render(List<NamedRun> runs) {
    Scenario s = runs.get(0).result().scenario();
    boolean priced = runs.get(0).result().summary().totalCost().isPresent();
    StringBuilder sb =
        new StringBuilder("What if: the same scenario, seed and events under each variant\n");
    List<String[]> rows = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of("RUN"));
    if (priced) {
      head.addAll(
          List.of(
              "COST (" + s.currency() + ")",
              "VS " + NamedRun.BASE.toUpperCase(java.util.Locale.ROOT),
              "SAVED VS NO AUTOSCALING"));
    }
    head.addAll(
        List.of(
            "NODE-HOURS",
            "PEAK NODES",
            "WAIT P50",
            "P90",
            "P99",
            "MAX",
            "EVICTIONS",
            "STILL WAITING"));
    rows.add(head.toArray(String[]::new));
    RunFigures base = RunFigures.of(runs.get(0).result());
    for (int i = 0; i < runs.size(); i++) {
      RunFigures f = i == 0 ? base : RunFigures.of(runs.get(i).result());
      List<String> row = new ArrayList<>(List.of(runs.get(i).name()));
      if (priced) {
        row.add(SimulationText.number(f.cost().getAsDouble()));
        row.add(
            i == 0
                ? "-"
                : ReportAnswers.signed(f.cost().getAsDouble() - base.cost().getAsDouble())
                    .replace('−', '-'));
        row.add(SimulationText.number(f.saving().getAsDouble()));
      }
      row.addAll(
          List.of(
              SimulationText.number(f.nodeHours()),
              String.valueOf(f.peakNodes()),
              ReportTables.wait(f.waits().p50()),
              ReportTables.wait(f.waits().p90()),
              ReportTables.wait(f.waits().p99()),
              ReportTables.wait(f.waits().max()),
              String.valueOf(f.evictions()),
              String.valueOf(f.waits().stillWaiting())));
      rows.add(row.toArray(String[]::new));
    }
    sb.append(SimulationText.table(rows, "  ")).append('\n');
    for (NamedRun run : runs.subList(1, runs.size())) {
      sb.append("  ").append(run.name()).append(": ").append(run.flags()).append('\n');
    }
    return sb.toString();
  }
}
