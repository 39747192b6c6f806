package dev.skyscaler.kubernetes.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.metrics.DeltaFlush.Sample;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a push output sends: counters' increases, gauges' values, new observations only. */
class DeltaFlushTest {
  @Test
  void aCounterSendsItsIncreaseSinceTheLastFlushAndZeroWhenItDidNotMove() {
    Metrics m = new Metrics();
    Metrics.Family errors = m.counter("errors_total", "Errors.", "type");
    DeltaFlush flush = new DeltaFlush(m);
    errors.add(2, "apiCallError");
    List<Sample> first = flush.next();
    errors.add(3, "apiCallError");
    List<Sample> second = flush.next();
    List<Sample> third = flush.next();

    assertThat(List.of(first, second, third))
        .extracting(s -> s.get(0).value())
        .containsExactly(2.0, 3.0, 0.0);
    assertThat(first.get(0).labels()).containsExactly(java.util.Map.entry("type", "apiCallError"));
  }

  @Test
  void aGaugeSendsItsValueEveryFlush() {
    Metrics m = new Metrics();
    Metrics.Family nodes = m.gauge("nodes_count", "Nodes.", "state");
    DeltaFlush flush = new DeltaFlush(m);
    nodes.set(4, "ready");
    flush.next();

    assertThat(flush.next()).extracting(Sample::value).containsExactly(4.0);
  }

  @Test
  void aHistogramSendsTheCountAndSumOfNewObservationsAndNothingWithoutAny() {
    Metrics m = new Metrics();
    Metrics.Family took = m.histogram("took_seconds", "Took.", List.of(1.0), "function");
    DeltaFlush flush = new DeltaFlush(m);
    took.observe(0.5, "main");
    flush.next();
    took.observe(2.0, "main");
    took.observe(4.0, "main");
    List<Sample> second = flush.next();

    assertThat(second)
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.value()).isEqualTo(6.0);
              assertThat(s.count()).isEqualTo(2);
            });
    assertThat(flush.next()).isEmpty();
  }
}
