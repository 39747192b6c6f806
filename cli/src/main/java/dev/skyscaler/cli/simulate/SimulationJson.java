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
    root.set("summary", summary(r.summary()));
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

  private static ObjectNode summary(Summary s) {
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
    }
    o.put("pendingPodSeconds", round(s.pendingPodSeconds()));
    o.put("worstWaitSeconds", s.worstWait().toMillis() / 1000.0);
    o.put("worstWaitPod", s.worstWaitPod());
    o.put("podsPendingAtEnd", s.podsPendingAtEnd());
    for (Summary.Count c : s.counts()) {
      o.put(c.key(), c.value());
    }
    return o;
  }

  private static BigDecimal round(double v) {
    return BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros();
  }
}
