package dev.skyscaler.cli.shadow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Kind;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The report as JSON: {@code from}, {@code to}, {@code coveredFrom} (null without a scan), {@code
 * scans}, {@code decisions}, {@code omitted}, {@code agreement} (0 to 1), {@code counts} (every
 * kind by its name), {@code examples} (per disagreement kind with any, newest first: {@code at},
 * {@code group}, {@code skyscaler}, {@code clusterAutoscaler}), {@code safe} and {@code why}.
 */
final class ShadowReportJson {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ShadowReportJson() {}

  static String render(ShadowReport r) {
    ObjectNode root = JSON.createObjectNode();
    root.put("from", r.from().toString());
    root.put("to", r.to().toString());
    root.put("coveredFrom", r.coveredFrom().map(Object::toString).orElse(null));
    root.put("scans", r.scans());
    root.put("decisions", r.decisions());
    root.put("omitted", r.omitted());
    root.put("agreement", Math.round(r.agreement() * 1000) / 1000.0);
    ObjectNode counts = root.putObject("counts");
    for (Kind k : Kind.values()) {
      counts.put(k.name(), r.counts().get(k));
    }
    ObjectNode examples = root.putObject("examples");
    for (Kind k : Kind.values()) {
      List<ShadowReport.Example> list = r.examples().getOrDefault(k, List.of());
      if (list.isEmpty()) {
        continue;
      }
      ArrayNode array = examples.putArray(k.name());
      for (ShadowReport.Example e : list) {
        array
            .addObject()
            .put("at", e.at().toString())
            .put("group", e.decision().group())
            .put("skyscaler", e.decision().skyscaler())
            .put("clusterAutoscaler", e.decision().clusterAutoscaler());
      }
    }
    root.put("safe", r.safe());
    root.put("why", r.why());
    try {
      return JSON.writeValueAsString(root).replace("\r\n", "\n") + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
