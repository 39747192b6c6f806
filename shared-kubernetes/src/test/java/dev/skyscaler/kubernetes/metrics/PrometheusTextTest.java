package dev.skyscaler.kubernetes.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The text exposition format: help, type, series sorted by labels, histograms, escaping. */
class PrometheusTextTest {
  @Test
  void countersGaugesAndHistogramsRenderAsPrometheusReadsThem() {
    Metrics m = new Metrics();
    m.gauge("up_nodes", "Nodes by state.", "state").set(3, "ready");
    m.gauge("up_nodes", "Nodes by state.", "state").set(0.5, "un\"ready\n");
    m.counter("scans_total", "Scans.").add(2);
    Metrics.Family h = m.histogram("took_seconds", "Scan time.", List.of(0.5, 1.0), "function");
    h.observe(0.2, "main");
    h.observe(0.7, "main");

    assertThat(PrometheusText.render(m))
        .isEqualTo(
            """
            # HELP up_nodes Nodes by state.
            # TYPE up_nodes gauge
            up_nodes{state="ready"} 3
            up_nodes{state="un\\"ready\\n"} 0.5
            # HELP scans_total Scans.
            # TYPE scans_total counter
            scans_total 2
            # HELP took_seconds Scan time.
            # TYPE took_seconds histogram
            took_seconds_bucket{function="main",le="0.5"} 1
            took_seconds_bucket{function="main",le="1"} 2
            took_seconds_bucket{function="main",le="+Inf"} 2
            took_seconds_sum{function="main"} 0.8999999999999999
            took_seconds_count{function="main"} 2
            """);
  }

  @Test
  void aCounterOnlyGoesUpAndLabelsMustMatchTheirNames() {
    Metrics m = new Metrics();
    Metrics.Family c = m.counter("errors_total", "Errors.", "type");

    assertThatThrownBy(() -> c.add(-1, "x")).hasMessage("errors_total: a counter only goes up");
    assertThatThrownBy(() -> c.add(1))
        .hasMessage("errors_total: expected values for [type], got 0");
    assertThatThrownBy(() -> m.gauge("bad name", "x")).hasMessage("not a metric name: bad name");
  }

  @Test
  void caDurationBucketsSpanTenthsOfASecondToHalfAnHour() {
    assertThat(ScanMetrics.DURATION_BUCKETS).hasSize(15).startsWith(0.1).endsWith(1800.0);
  }
}
