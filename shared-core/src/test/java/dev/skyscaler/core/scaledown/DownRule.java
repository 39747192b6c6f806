package dev.skyscaler.core.scaledown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.Unremovable;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.testkit.ClusterSpec;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * One row of a scale-down rule table, run end to end through {@link Autoscaler#runOnce}: a cluster,
 * options and state, the nodes expected removable together (in the order chosen), and the reason
 * expected for other nodes, written as {@link #describe}s it.
 */
record DownRule(
    String sentence,
    ClusterSpec cluster,
    UnaryOperator<ScaleDownOptions> options,
    UnaryOperator<ScaleUpOptions> scaleUpOptions,
    AutoscalerState state,
    List<String> removable,
    Map<String, String> unremovable,
    Map<String, Map<String, String>> moves) {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  static Builder rule(String sentence) {
    return new Builder(sentence);
  }

  @Override
  public String toString() {
    return sentence;
  }

  /** {@code NotUnderutilized}, or {@code BlockedByPod: default/web (NotReplicated)}. */
  static String describe(Unremovable u) {
    return u.blockingPod().isEmpty()
        ? u.reason()
        : u.reason() + ": " + u.blockingPod().get() + " (" + u.podReason().orElse("") + ")";
  }

  AutoscalerOptions autoscalerOptions() {
    return AutoscalerOptions.defaults()
        .withScaleUp(scaleUpOptions.apply(ScaleUpOptions.defaults()))
        .withScaleDown(options.apply(ScaleDownOptions.defaults()));
  }

  Plan plan() {
    return Autoscaler.runOnce(cluster.build(), state, autoscalerOptions(), NOW);
  }

  static Map<String, String> reasons(Plan plan) {
    Map<String, String> result = new TreeMap<>();
    plan.unremovable().forEach(u -> result.put(u.node(), describe(u)));
    return result;
  }

  /** Asserts every expectation of the row. */
  void check() {
    Plan plan = plan();
    assertThat(plan.scaleDowns()).extracting(ScaleDown::node).as("removable").isEqualTo(removable);
    Map<String, String> reasons = reasons(plan);
    unremovable.forEach(
        (node, reason) -> assertThat(reasons.get(node)).as("reason for " + node).isEqualTo(reason));
    moves.forEach(
        (node, expected) ->
            assertThat(
                    plan.scaleDowns().stream()
                        .filter(s -> s.node().equals(node))
                        .findFirst()
                        .orElseThrow()
                        .moves())
                .as("moves off " + node)
                .isEqualTo(expected));
  }

  /** Fluent construction of a row. */
  static final class Builder {
    private final String sentence;
    private ClusterSpec cluster;
    private UnaryOperator<ScaleDownOptions> options = o -> o;
    private UnaryOperator<ScaleUpOptions> scaleUpOptions = o -> o;
    private AutoscalerState state = AutoscalerState.EMPTY;
    private List<String> removable = List.of();
    private final Map<String, String> unremovable = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> moves = new LinkedHashMap<>();

    private Builder(String sentence) {
      this.sentence = sentence;
    }

    Builder given(ClusterSpec c) {
      cluster = c;
      return this;
    }

    Builder with(UnaryOperator<ScaleDownOptions> o) {
      options = o;
      return this;
    }

    Builder withScaleUp(UnaryOperator<ScaleUpOptions> o) {
      scaleUpOptions = o;
      return this;
    }

    Builder state(AutoscalerState s) {
      state = s;
      return this;
    }

    /** Expects exactly these nodes removable together, in this order. */
    Builder removable(String... nodes) {
      removable = List.of(nodes);
      return this;
    }

    /** Expects {@code node} to stay, with this reason ({@link DownRule#describe}). */
    Builder keeps(String node, String reason) {
      unremovable.put(node, reason);
      return this;
    }

    /** Expects the pods of {@code node} to move like this (pod key to destination). */
    Builder moves(String node, Map<String, String> podToNode) {
      moves.put(node, podToNode);
      return this;
    }

    DownRule build() {
      return new DownRule(
          sentence,
          cluster,
          options,
          scaleUpOptions,
          state,
          removable,
          Map.copyOf(unremovable),
          Map.copyOf(moves));
    }
  }
}
