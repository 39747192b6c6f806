package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.kubernetes.metrics.Metrics;
import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The alarms and the dashboard of {@code template.yaml} read metrics the functions write: every
 * metric of namespace {@link EmbeddedMetricFormat#NAMESPACE} they name is a family {@link
 * ScanMetrics} declares, dimensioned by {@link EmbeddedMetricFormat#CLUSTER_DIMENSION} and exactly
 * that family's labels (CloudWatch matches dimension sets exactly), and the alarms cover every
 * label value the code counts. Names come from the code's constants, so a rename breaks this test.
 */
class AlarmsTemplateTest {
  private static final Path TEMPLATE =
      Path.of("..").toAbsolutePath().normalize().resolve("template.yaml");
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyAlarmAndDashboardMetricIsOneTheFunctionsWrite() throws IOException {
    assertThat(violations(Files.readString(TEMPLATE))).isEmpty();
  }

  record Case(String name, String from, String to, String violation) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> mistakes() {
    return Stream.of(
        new Case(
            "a metric renamed in the template alone is caught",
            "MetricName: cluster_autoscaler_failed_scale_ups_total",
            "MetricName: cluster_autoscaler_failed_scaleups_total",
            "ScaleUpFailuresAlarm: Skyscaler has no metric cluster_autoscaler_failed_scaleups_total"),
        new Case(
            "a dimension the code does not write is caught",
            "- { Name: type, Value: unschedulable }",
            "- { Name: kind, Value: unschedulable }",
            "UnschedulablePodsAlarm: cluster_autoscaler_unschedulable_pods_count is dimensioned by"
                + " [ClusterName, type], not [ClusterName, kind]"),
        new Case(
            "an error type the failed-scans alarm leaves out is caught",
            "- { Name: type, Value: internalError }",
            "- { Name: type, Value: cloudProviderError }",
            "FailedScansAlarm: does not count cluster_autoscaler_errors_total{type=internalError}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mistakes")
  void aTemplateThatDriftsFromTheCodeIsCaught(Case c) throws IOException {
    String template = Files.readString(TEMPLATE);
    assertThat(template).contains(c.from());

    assertThat(violations(template.replaceFirst(java.util.regex.Pattern.quote(c.from()), c.to())))
        .contains(c.violation());
  }

  /** What in the template does not match the metrics the code declares. */
  static List<String> violations(String templateYaml) throws IOException {
    Path file = Files.createTempFile("template", ".yaml");
    Files.writeString(file, templateYaml);
    Map<String, Object> resources = CfnTemplate.read(file).section("Resources");
    Files.delete(file);
    Map<String, List<String>> labels = declaredLabels();
    List<String> found = new ArrayList<>();
    Map<String, List<Map<String, String>>> alarmSeries = new LinkedHashMap<>();
    resources.forEach(
        (name, r) -> {
          Map<String, Object> resource = CfnTemplate.map(r);
          if ("AWS::CloudWatch::Alarm".equals(resource.get("Type"))) {
            List<Map<String, String>> series =
                alarmMetrics(CfnTemplate.map(resource.get("Properties")));
            alarmSeries.put(name, series);
            series.forEach(s -> check(name, s, labels, found));
            Object actions = CfnTemplate.map(resource.get("Properties")).get("AlarmActions");
            if (!String.valueOf(actions).contains("AlarmTopic")) {
              found.add(name + ": does not notify AlarmTopic");
            }
          }
        });
    for (String type : ScanMetrics.ERROR_TYPES) {
      covers(alarmSeries, "FailedScansAlarm", ScanMetrics.ERRORS, "type", type, found);
    }
    for (String reason : ScanMetrics.SCALE_UP_FAILURE_REASONS) {
      covers(
          alarmSeries,
          "ScaleUpFailuresAlarm",
          ScanMetrics.FAILED_SCALE_UPS,
          "reason",
          reason,
          found);
    }
    covers(
        alarmSeries,
        "UnschedulablePodsAlarm",
        ScanMetrics.UNSCHEDULABLE_PODS,
        "type",
        ScanMetrics.UNSCHEDULABLE,
        found);
    if (!String.valueOf(alarmSeries.get("InterruptionDeadLetterAlarm"))
        .contains("InterruptionDeadLetterQueue")) {
      found.add("InterruptionDeadLetterAlarm: does not watch InterruptionDeadLetterQueue");
    }
    for (JsonNode metric : dashboardMetrics(CfnTemplate.map(resources.get("Dashboard")))) {
      Map<String, String> s = new LinkedHashMap<>();
      s.put("Namespace", metric.get(0).asText());
      s.put("MetricName", metric.get(1).asText());
      for (int i = 2; i + 1 < metric.size() && metric.get(i).isTextual(); i += 2) {
        s.put("dim:" + metric.get(i).asText(), metric.get(i + 1).asText());
      }
      check("Dashboard", s, labels, found);
    }
    return found;
  }

  private static Map<String, List<String>> declaredLabels() {
    Metrics m = new Metrics();
    new ScanMetrics(m, Clock.systemUTC());
    Map<String, List<String>> labels = new HashMap<>();
    m.families().forEach(f -> labels.put(f.name(), f.labels()));
    return labels;
  }

  private static void check(
      String where,
      Map<String, String> series,
      Map<String, List<String>> labels,
      List<String> found) {
    if (!EmbeddedMetricFormat.NAMESPACE.equals(series.get("Namespace"))) {
      return;
    }
    String name = series.get("MetricName");
    if (!labels.containsKey(name)) {
      found.add(where + ": " + EmbeddedMetricFormat.NAMESPACE + " has no metric " + name);
      return;
    }
    List<String> expected = new ArrayList<>(List.of(EmbeddedMetricFormat.CLUSTER_DIMENSION));
    expected.addAll(labels.get(name));
    List<String> actual =
        series.keySet().stream()
            .filter(k -> k.startsWith("dim:"))
            .map(k -> k.substring(4))
            .toList();
    if (!actual.equals(expected)) {
      found.add(where + ": " + name + " is dimensioned by " + expected + ", not " + actual);
    }
  }

  private static void covers(
      Map<String, List<Map<String, String>>> alarms,
      String alarm,
      String metric,
      String label,
      String value,
      List<String> found) {
    boolean counted =
        alarms.getOrDefault(alarm, List.of()).stream()
            .anyMatch(
                s -> metric.equals(s.get("MetricName")) && value.equals(s.get("dim:" + label)));
    if (!counted) {
      found.add(alarm + ": does not count " + metric + "{" + label + "=" + value + "}");
    }
  }

  /** The alarm's metrics: its own, or those of its metric-math query. */
  private static List<Map<String, String>> alarmMetrics(Map<String, Object> properties) {
    List<Map<String, String>> out = new ArrayList<>();
    if (properties.containsKey("MetricName")) {
      out.add(series(properties));
    }
    for (Object q : CfnTemplate.list(properties.getOrDefault("Metrics", List.of()))) {
      Map<String, Object> stat = CfnTemplate.map(CfnTemplate.map(q).get("MetricStat"));
      if (stat != null) {
        out.add(series(CfnTemplate.map(stat.get("Metric"))));
      }
    }
    return out;
  }

  private static Map<String, String> series(Map<String, Object> metric) {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("Namespace", String.valueOf(metric.get("Namespace")));
    s.put("MetricName", String.valueOf(metric.get("MetricName")));
    for (Object d : CfnTemplate.list(metric.getOrDefault("Dimensions", List.of()))) {
      Map<String, Object> dim = CfnTemplate.map(d);
      s.put("dim:" + dim.get("Name"), String.valueOf(dim.get("Value")));
    }
    return s;
  }

  private static List<JsonNode> dashboardMetrics(Map<String, Object> dashboard) {
    Map<String, Object> body =
        CfnTemplate.map(CfnTemplate.map(dashboard.get("Properties")).get("DashboardBody"));
    String text = String.valueOf(CfnTemplate.list(body.get("Fn::Sub")).get(0));
    JsonNode widgets;
    try {
      widgets = JSON.readTree(text.replaceAll("\\$\\{[^}]+}", "x")).get("widgets");
    } catch (IOException e) {
      throw new AssertionError("Dashboard: DashboardBody is not JSON: " + e.getMessage(), e);
    }
    List<JsonNode> metrics = new ArrayList<>();
    widgets.forEach(w -> w.path("properties").path("metrics").forEach(metrics::add));
    assertThat(metrics).as("the dashboard's metrics").isNotEmpty();
    return metrics;
  }
}
