package dev.skyscaler.kubernetes.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code infra/grafana/skyscaler-dashboard.json} reads what {@code skyscaler run} serves: every
 * metric its PromQL names is a series {@link ScanMetrics} declares (a histogram's as {@code
 * _bucket}, {@code _sum} or {@code _count}), and every label it groups or filters by is one of that
 * metric's (or {@code le}, or the scrape's {@code job}).
 */
class GrafanaDashboardTest {
  private static final Path DASHBOARD =
      Path.of("..", "infra", "grafana", "skyscaler-dashboard.json").toAbsolutePath().normalize();
  private static final Pattern METRIC =
      Pattern.compile("\\b((?:cluster_autoscaler|skyscaler)_[a-z_]+)(\\{[^}]*})?");
  private static final Pattern BY = Pattern.compile("\\bby \\(([^)]*)\\)");
  private static final Pattern MATCHER = Pattern.compile("(\\w+)\\s*=~?");
  private static final Set<String> SCRAPE_LABELS = Set.of("job", "instance", "le");

  @Test
  void everyExpressionNamesAMetricAndLabelsTheCodeDeclares() throws IOException {
    List<String> expressions = expressions(Files.readString(DASHBOARD));

    assertThat(expressions).hasSizeGreaterThan(8);
    assertThat(expressions).allSatisfy(e -> assertThat(problems(e)).isEmpty());
  }

  @Test
  void aMetricOrALabelTheCodeDoesNotDeclareIsCaught() {
    assertThat(problems("sum by (zone) (increase(cluster_autoscaler_scaled_up_node_total[5m]))"))
        .containsExactly(
            "cluster_autoscaler_scaled_up_node_total is not a metric skyscaler run serves",
            "zone is not a label of [] in: sum by (zone) (increase(cluster_autoscaler_scaled_up_node_total[5m]))");
    assertThat(problems("cluster_autoscaler_last_activity{job=~\"$job\",function=\"main\"}"))
        .containsExactly(
            "function is not a label of [cluster_autoscaler_last_activity] in:"
                + " cluster_autoscaler_last_activity{job=~\"$job\",function=\"main\"}");
  }

  private static List<String> expressions(String json) throws IOException {
    JsonNode root = new ObjectMapper().readTree(json);
    List<String> out = new ArrayList<>();
    root.path("panels")
        .forEach(p -> p.path("targets").forEach(t -> out.add(t.path("expr").asText())));
    root.path("templating")
        .path("list")
        .forEach(
            v -> {
              if (v.path("query").has("query")) {
                out.add(v.path("query").path("query").asText());
              }
            });
    return out;
  }

  /** What in one expression the code does not serve. */
  static List<String> problems(String expression) {
    Map<String, List<String>> labels = served();
    List<String> found = new ArrayList<>();
    List<String> families = new ArrayList<>();
    Matcher m = METRIC.matcher(expression);
    while (m.find()) {
      String name = m.group(1);
      if (!labels.containsKey(name)) {
        found.add(name + " is not a metric skyscaler run serves");
        continue;
      }
      families.add(name);
      if (m.group(2) != null) {
        Matcher l = MATCHER.matcher(m.group(2));
        while (l.find()) {
          check(l.group(1), List.of(name), labels, expression, found);
        }
      }
    }
    Matcher by = BY.matcher(expression);
    while (by.find()) {
      for (String label : by.group(1).split(",")) {
        check(label.trim(), families, labels, expression, found);
      }
    }
    return found;
  }

  private static void check(
      String label,
      List<String> families,
      Map<String, List<String>> labels,
      String expression,
      List<String> found) {
    if (SCRAPE_LABELS.contains(label)) {
      return;
    }
    if (families.stream().noneMatch(f -> labels.get(f).contains(label))) {
      found.add(label + " is not a label of " + families + " in: " + expression);
    }
  }

  /** Every series name {@code /metrics} shows, with its labels. */
  private static Map<String, List<String>> served() {
    Metrics m = new Metrics();
    new ScanMetrics(m, Clock.systemUTC());
    Map<String, List<String>> out = new HashMap<>();
    for (Metrics.Family f : m.families()) {
      if (f.type() == Metrics.Type.HISTOGRAM) {
        for (String suffix : List.of("_bucket", "_sum", "_count")) {
          out.put(f.name() + suffix, f.labels());
        }
      } else {
        out.put(f.name(), f.labels());
      }
    }
    return out;
  }
}
