package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.config.GoDuration;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The report's tables: pods' waits (percentiles, per workload), the node groups, the counts that
 * are not zero, and the timeline without the rows that only echo the action beside them.
 */
final class ReportTables {
  /** Workloads listed in the waits table at most; the rest are summed up in one line. */
  static final int MAX_WORKLOADS = 25;

  private ReportTables() {}

  static void waits(StringBuilder sb, PodWaits waits) {
    HtmlReport.heading(
        sb,
        "Waiting for a node",
        "From a pod's creation to its binding, for every pod that needed a node (a pod placed in"
            + " the scan that created it waited 0s); nearest-rank percentiles. A pod still waiting"
            + " at the end, or deleted while waiting, counts with its wait until then.");
    sb.append("<table class=\"data\">\n<tr><th>Workload</th>")
        .append(num("Pods"))
        .append(num("Waited"))
        .append(num("p50"))
        .append(num("p90"))
        .append(num("p99"))
        .append(num("Max"))
        .append(num("Pod-seconds"))
        .append(num("Still waiting"))
        .append("</tr>\n");
    waitRow(sb, "all pods", waits.all(), "total");
    List<PodWaits.WorkloadWaits> workloads = waits.workloads();
    for (PodWaits.WorkloadWaits w :
        workloads.subList(0, Math.min(MAX_WORKLOADS, workloads.size()))) {
      waitRow(sb, w.workload(), w.stats(), "");
    }
    sb.append("</table>\n");
    if (workloads.size() > MAX_WORKLOADS) {
      sb.append("<p class=\"note\">")
          .append(workloads.size() - MAX_WORKLOADS)
          .append(" more workloads waited less; the JSON output lists them all.</p>\n");
    }
  }

  private static void waitRow(StringBuilder sb, String name, WaitStats w, String cls) {
    sb.append("<tr")
        .append(cls.isEmpty() ? "" : " class=\"" + cls + "\"")
        .append("><td>")
        .append(Html.escape(name))
        .append(cell(String.valueOf(w.pods())))
        .append(cell(String.valueOf(w.waited())))
        .append(cell(wait(w.p50())))
        .append(cell(wait(w.p90())))
        .append(cell(wait(w.p99())))
        .append(cell(wait(w.max())))
        .append(cell(SimulationText.number(w.podSeconds())))
        .append(cell(String.valueOf(w.stillWaiting())))
        .append("</td></tr>\n");
  }

  static void groups(StringBuilder sb, Summary s, String currency) {
    sb.append("<table class=\"data\">\n<tr><th>Node group</th>")
        .append(num("Nodes at start"))
        .append(num("Peak"))
        .append(num("At end"))
        .append(num("Node-hours"))
        .append(num("Price/h (" + currency + ")"))
        .append(num("Cost (" + currency + ")"))
        .append("</tr>\n");
    for (Summary.GroupSummary g : s.groups()) {
      sb.append("<tr><td>")
          .append(Html.escape(g.name()))
          .append(cell(String.valueOf(g.nodesAtStart())))
          .append(cell(String.valueOf(g.peakNodes())))
          .append(cell(String.valueOf(g.nodesAtEnd())))
          .append(cell(SimulationText.number(g.nodeHours())))
          .append(cell(g.price().isPresent() ? String.valueOf(g.price().getAsDouble()) : "-"))
          .append(cell(g.cost().isPresent() ? SimulationText.number(g.cost().getAsDouble()) : "-"))
          .append("</td></tr>\n");
    }
    sb.append("</table>\n");
  }

  /** The counts that are not zero, as one line of figures. */
  static void counts(StringBuilder sb, Summary s) {
    List<String> items = new ArrayList<>();
    for (Summary.Count c : s.counts()) {
      if (c.value() != 0) {
        items.add("<li>" + Html.escape(c.label()) + " <b>" + c.value() + "</b></li>");
      }
    }
    sb.append("<ul class=\"counts\">")
        .append(items.isEmpty() ? "<li>nothing was counted</li>" : String.join("", items))
        .append("</ul>\n");
  }

  static void timeline(StringBuilder sb, List<TimelineEntry> timeline) {
    List<TimelineEntry> shown = withoutEchoes(timeline);
    String hidden =
        shown.size() == timeline.size()
            ? ""
            : " "
                + (timeline.size() - shown.size())
                + " of "
                + timeline.size()
                + " rows, Kubernetes events that repeat the action beside them, are left out here;"
                + " the text and JSON outputs have every row.";
    HtmlReport.heading(sb, "Timeline", "What happened, in order." + hidden);
    if (timeline.isEmpty()) {
      sb.append("<p>Nothing happened: no scale-up, no scale-down, no node trouble.</p>\n");
      return;
    }
    sb.append("<table class=\"timeline\">\n<tr><th>Time</th><th>What</th><th>Details</th></tr>\n");
    for (TimelineEntry e : shown) {
      sb.append("<tr><td>")
          .append(TimelineEntry.clock(e.at()))
          .append("</td><td><span class=\"kind ")
          .append(Html.escape(e.kind()))
          .append("\">")
          .append(Html.escape(e.kind()))
          .append("</span></td><td>")
          .append(Html.escape(e.message()))
          .append("</td></tr>\n");
    }
    sb.append("</table>\n");
  }

  /**
   * The timeline without its echo rows: events (not warnings) recorded in a scan that also did
   * something else, whose action the row beside them already tells.
   */
  static List<TimelineEntry> withoutEchoes(List<TimelineEntry> timeline) {
    Set<Duration> acted = new HashSet<>();
    for (TimelineEntry e : timeline) {
      if (!e.kind().equals("event")) {
        acted.add(e.at());
      }
    }
    List<TimelineEntry> shown = new ArrayList<>();
    for (TimelineEntry e : timeline) {
      boolean echo =
          e.kind().equals("event") && e.message().startsWith("event ") && acted.contains(e.at());
      if (!echo) {
        shown.add(e);
      }
    }
    return shown;
  }

  static String num(String heading) {
    return "<th class=\"num\">" + Html.escape(heading) + "</th>";
  }

  static String cell(String text) {
    return "</td><td class=\"num\">" + Html.escape(text);
  }

  /** A wait to the second: {@code 2m30s}, {@code 0s}. */
  static String wait(Duration d) {
    return GoDuration.format(Duration.ofSeconds(Math.round(d.toMillis() / 1000.0)));
  }

  /** {@code 0.26 USD}; {@code -} when there is no price. */
  static String money(OptionalDouble v, String currency) {
    return v.isPresent() ? money(v.getAsDouble(), currency) : "-";
  }

  static String money(double v, String currency) {
    return String.format(Locale.ROOT, "%.2f %s", v, currency);
  }

  static String percent(double share) {
    return Math.round(share * 100) + "%";
  }
}
