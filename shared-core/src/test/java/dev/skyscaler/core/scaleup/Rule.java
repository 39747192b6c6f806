package dev.skyscaler.core.scaleup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.PodExplanation;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.testkit.ClusterSpec;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * One row of a scale-up rule table, run end to end through {@link Autoscaler#runOnce} and {@link
 * Autoscaler#explain}: a cluster, options, the scale-ups expected (group to delta), and optionally
 * the reasons one pod gets per group, the explanation summary of one pod, and a warning.
 */
record Rule(
    String sentence,
    ClusterSpec cluster,
    UnaryOperator<ScaleUpOptions> options,
    Map<String, Integer> scaleUps,
    Map<String, Map<String, String>> reasons,
    Map<String, String> summaries,
    String warning) {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  static Builder rule(String sentence) {
    return new Builder(sentence);
  }

  @Override
  public String toString() {
    return sentence;
  }

  AutoscalerOptions autoscalerOptions() {
    return AutoscalerOptions.defaults().withScaleUp(options.apply(ScaleUpOptions.defaults()));
  }

  Plan plan() {
    return Autoscaler.runOnce(cluster.build(), AutoscalerState.EMPTY, autoscalerOptions(), NOW);
  }

  PodExplanation explain(String pod) {
    return Autoscaler.explain(
        cluster.build(), AutoscalerState.EMPTY, autoscalerOptions(), NOW, "default/" + pod);
  }

  static Map<String, Integer> deltas(Plan plan) {
    return plan.scaleUps().stream()
        .collect(Collectors.toMap(ScaleUp::nodeGroup, ScaleUp::delta, (a, b) -> a, TreeMap::new));
  }

  /** Asserts every expectation of the row. */
  void check() {
    Plan plan = plan();
    assertThat(deltas(plan)).as("scale-ups").isEqualTo(new TreeMap<>(scaleUps));
    reasons.forEach(
        (pod, expected) -> {
          NoScaleUp n =
              plan.noScaleUps().stream()
                  .filter(x -> x.pod().equals("default/" + pod))
                  .findFirst()
                  .orElseThrow(() -> new AssertionError(pod + " got a scale-up or was ignored"));
          assertThat(n.reasons()).as("reasons for " + pod).isEqualTo(expected);
        });
    summaries.forEach(
        (pod, expected) ->
            assertThat(explain(pod).summary()).as("summary of " + pod).isEqualTo(expected));
    if (warning != null) {
      assertThat(plan.warnings()).contains(warning);
    }
  }

  /** Fluent construction of a row. */
  static final class Builder {
    private final String sentence;
    private ClusterSpec cluster;
    private UnaryOperator<ScaleUpOptions> options = o -> o;
    private final Map<String, Integer> scaleUps = new TreeMap<>();
    private final Map<String, Map<String, String>> reasons = new LinkedHashMap<>();
    private final Map<String, String> summaries = new LinkedHashMap<>();
    private String warning;

    private Builder(String sentence) {
      this.sentence = sentence;
    }

    Builder given(ClusterSpec c) {
      cluster = c;
      return this;
    }

    Builder with(UnaryOperator<ScaleUpOptions> o) {
      options = o;
      return this;
    }

    /** Expects {@code group} to grow by {@code delta}. */
    Builder grows(String group, int delta) {
      scaleUps.put(group, delta);
      return this;
    }

    /** Expects {@code pod} (in namespace default) to stay pending with these reasons. */
    Builder reasons(String pod, Map<String, String> perGroup) {
      reasons.put(pod, perGroup);
      return this;
    }

    /** Expects {@code pod}'s explanation summary. */
    Builder summary(String pod, String expected) {
      summaries.put(pod, expected);
      return this;
    }

    Builder warning(String expected) {
      warning = expected;
      return this;
    }

    Rule build() {
      return new Rule(
          sentence,
          cluster,
          options,
          Map.copyOf(scaleUps),
          Map.copyOf(reasons),
          Map.copyOf(summaries),
          warning);
    }
  }
}
