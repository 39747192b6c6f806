package dev.skyscaler.cli.simulate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The JSON output of {@code skyscaler simulate --output json}: the scenario's parameters, the
 * timeline and the summary (format in {@code docs/simulate.md}). Numbers with fractions are rounded
 * to four decimals.
 */
public final class SimulationJson {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

  private SimulationJson() {}

  public static String render(SimulationResult r) {
    return write(tree(r));
  }

  /**
   * A run's output; for a what-if, the base run's with {@code variants}: each variant's name,
   * flags, timeline and summary.
   */
  public static String render(List<NamedRun> runs) {
    ObjectNode root = tree(runs.get(0).result());
    if (runs.size() > 1) {
      ArrayNode variants = root.putArray("variants");
      for (NamedRun run : runs.subList(1, runs.size())) {
        ObjectNode v = variants.addObject();
        v.put("name", run.name());
        v.put("flags", run.flags());
        ObjectNode tree = tree(run.result());
        v.set("timeline", tree.get("timeline"));
        v.set("summary", tree.get("summary"));
      }
    }
    return write(root);
  }

  private static ObjectNode tree(SimulationResult r) {
    ObjectNode root = MAPPER.createObjectNode();
    Scenario s = r.scenario();
    root.put("scenario", s.name());
    root.put("start", s.start().toString());
    root.put("durationSeconds", s.duration().getSeconds());
    root.put("scanIntervalSeconds", s.scanInterval().toMillis() / 1000.0);
    root.put("scans", s.scans());
    root.put("seed", s.seed());
    ArrayNode timeline = root.putArray("timeline");
    for (TimelineEntry e : r.timeline()) {
      ObjectNode entry = timeline.addObject();
      entry.put("time", TimelineEntry.clock(e.at()));
      entry.put("seconds", e.at().getSeconds());
      entry.put("kind", e.kind());
      entry.put("message", e.message());
    }
    root.set("summary", summary(r.summary(), s));
    return root;
  }

  private static String write(ObjectNode root) {
    try {
      DefaultIndenter lines = new DefaultIndenter("  ", "\n");
      DefaultPrettyPrinter printer = new DefaultPrettyPrinter();
      printer.indentArraysWith(lines);
      printer.indentObjectsWith(lines);
      return MAPPER.writer(printer).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectNode summary(Summary s, Scenario scenario) {
    ObjectNode o = MAPPER.createObjectNode();
    ArrayNode groups = o.putArray("nodeGroups");
    for (Summary.GroupSummary g : s.groups()) {
      ObjectNode n = groups.addObject();
      n.put("name", g.name());
      n.put("nodesAtStart", g.nodesAtStart());
      n.put("peakNodes", g.peakNodes());
      n.put("nodesAtEnd", g.nodesAtEnd());
      n.put("nodeHours", round(g.nodeHours()));
      if (g.price().isPresent()) {
        n.put("pricePerHour", g.price().getAsDouble());
        n.put("cost", round(g.cost().getAsDouble()));
      }
    }
    if (s.totalCost().isPresent()) {
      o.put("totalCost", round(s.totalCost().getAsDouble()));
      o.put("currency", scenario.currency());
      o.put("baselineCost", round(s.baselineCost(scenario.duration()).getAsDouble()));
    }
    o.put("pendingPodSeconds", round(s.pendingPodSeconds()));
    o.put("worstWaitSeconds", s.worstWait().toMillis() / 1000.0);
    o.put("worstWaitPod", s.worstWaitPod());
    o.put("podsPendingAtEnd", s.podsPendingAtEnd());
    for (Summary.Count c : s.counts()) {
      o.put(c.key(), c.value());
    }
    waits(o.putObject("podWaits"), s.waits().all());
    ArrayNode workloads = o.putArray("workloads");
    for (PodWaits.WorkloadWaits w : s.waits().workloads()) {
      ObjectNode n = workloads.addObject();
      n.put("workload", w.workload());
      waits(n, w.stats());
    }
    return o;
  }

  private static void waits(ObjectNode o, WaitStats w) {
    o.put("pods", w.pods());
    o.put("waited", w.waited());
    o.put("p50Seconds", seconds(w.p50()));
    o.put("p90Seconds", seconds(w.p90()));
    o.put("p99Seconds", seconds(w.p99()));
    o.put("maxSeconds", seconds(w.max()));
    o.put("pendingPodSeconds", round(w.podSeconds()));
    o.put("stillWaiting", w.stillWaiting());
  }

  private static double seconds(java.time.Duration d) {
    return d.toMillis() / 1000.0;
  }

  private static BigDecimal round(double v) {
    return BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros();
  }
}
