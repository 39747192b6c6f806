package dev.skyscaler.azure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.azure.monitor.AppInsightsConnection;
import dev.skyscaler.kubernetes.metrics.Metrics;
import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code infra/azure/modules/monitoring.bicep} watches what the functions send: the function app
 * gets the connection string the functions read, every metric its alerts and workbook query is one
 * {@link ScanMetrics} declares, and the alerts cover what the AWS alarms cover. Names come from the
 * code's constants, so a rename breaks this test.
 */
class MonitoringBicepTest {
  private static final Path INFRA = Path.of("..", "infra", "azure").toAbsolutePath().normalize();
  private static final Pattern METRIC =
      Pattern.compile("\"((?:cluster_autoscaler|skyscaler)_\\w+)\"");

  @Test
  void theFunctionAppSendsToTheApplicationInsightsTheModuleCreates() throws IOException {
    BicepText main = BicepText.read(INFRA.resolve("main.bicep"));

    assertThat(main.code)
        .contains(AppInsightsConnection.SETTING + ": monitoring.outputs.connectionString");
    assertThat(BicepText.read(INFRA.resolve("modules/monitoring.bicep")).code)
        .contains("output connectionString string = insights.properties.ConnectionString")
        .contains("WorkspaceResourceId: workspace.id")
        .contains("resource workbook 'Microsoft.Insights/workbooks@");
  }

  @Test
  void everyMetricTheAlertsAndTheWorkbookQueryIsOneTheFunctionsSend() throws IOException {
    assertThat(undeclared(monitoring())).isEmpty();
  }

  @Test
  void aMetricRenamedInTheBicepAloneIsCaught() throws IOException {
    String renamed =
        monitoring()
            .replace("\"cluster_autoscaler_errors_total\"", "\"cluster_autoscaler_error_total\"");

    assertThat(undeclared(renamed)).containsExactly("cluster_autoscaler_error_total");
  }

  record Alert(String name, String query) {
    @Override
    public String toString() {
      return name + " queries " + query;
    }
  }

  static Stream<Alert> alerts() {
    return Stream.of(
        new Alert("failed-scans", "name == \"" + ScanMetrics.ERRORS + "\""),
        new Alert(
            "unschedulable-pods",
            "name == \""
                + ScanMetrics.UNSCHEDULABLE_PODS
                + "\" and customDimensions.type == \""
                + ScanMetrics.UNSCHEDULABLE
                + "\""),
        new Alert(
            "scale-up-failures",
            "name == \""
                + ScanMetrics.FAILED_SCALE_UPS
                + "\" and customDimensions.reason in ("
                + ScanMetrics.SCALE_UP_FAILURE_REASONS.stream()
                    .map(r -> "\"" + r + "\"")
                    .collect(java.util.stream.Collectors.joining(", "))
                + ")"),
        new Alert("scans-stopped", "name == \"" + ScanMetrics.LAST_ACTIVITY + "\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("alerts")
  void eachAlarmOfTheAwsTemplateHasAnAlert(Alert a) throws IOException {
    String code = monitoring();
    int at = code.indexOf("name: '" + a.name() + "'");
    assertThat(at).as("alert " + a.name()).isPositive();

    assertThat(code.substring(at, code.indexOf("threshold:", at))).contains(a.query());
  }

  private static String monitoring() throws IOException {
    return BicepText.read(INFRA.resolve("modules/monitoring.bicep")).code;
  }

  private static List<String> undeclared(String code) {
    Metrics m = new Metrics();
    new ScanMetrics(m, Clock.systemUTC());
    Set<String> declared =
        m.families().stream().map(Metrics.Family::name).collect(Collectors.toSet());
    Set<String> named = new TreeSet<>();
    Matcher matcher = METRIC.matcher(code);
    while (matcher.find()) {
      named.add(matcher.group(1));
    }
    assertThat(named).as("metrics named in the Bicep").hasSizeGreaterThan(5);
    List<String> out = new ArrayList<>(named);
    out.removeAll(declared);
    return out;
  }
}
