package dev.skyscaler.core.scheduling;

import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One row of a scheduling table: a cluster (nodes and the pods running on them), an incoming pod,
 * the node it is tried on, and kube-scheduler's verdict there: null when the pod fits, else the
 * exact reason.
 */
record Check(
    String sentence,
    List<NodeSpec> nodes,
    List<PodSpec> running,
    PodSpec incoming,
    String target,
    String reason) {

  static Builder row(String sentence) {
    return new Builder(sentence);
  }

  @Override
  public String toString() {
    return sentence;
  }

  /** Loads nodes and running pods into a fresh simulation, as the planner does. */
  static ClusterSimulation simulate(List<NodeSpec> nodes, List<PodSpec> running) {
    ClusterSimulation sim = new ClusterSimulation();
    for (NodeSpec spec : nodes) {
      add(sim, spec.build(), SimNode.Kind.EXISTING);
    }
    for (PodSpec spec : running) {
      for (Pod p : spec.buildAll()) {
        String where = p.nodeName().orElseThrow(() -> new IllegalStateException(p.key()));
        sim.placeExisting(p, sim.node(where).orElseThrow());
      }
    }
    return sim;
  }

  static SimNode add(ClusterSimulation sim, Node n, SimNode.Kind kind) {
    return sim.addNode(
        n.name(), n.labels(), n.taints(), n.unschedulable(), null, kind, n.allocatable());
  }

  static PodClass classOf(PodSpec spec) {
    return EquivalenceClasses.of(spec.buildAll()).get(0);
  }

  /**
   * Asserts the verdict: {@code reason} gives the expected text, and {@code fit} agrees with it
   * (one pod fits exactly when there is no reason).
   */
  void assertVerdict() {
    ClusterSimulation sim = simulate(nodes, running);
    PodClass c = classOf(incoming);
    SimNode n = sim.node(target).orElseThrow();
    assertThat(sim.reason(c, n)).as("reason").isEqualTo(reason);
    int fit = sim.staticReason(c, n) == null ? sim.fit(c, n, 1) : 0;
    assertThat(fit).as("pods that fit").isEqualTo(reason == null ? 1 : 0);
  }

  /** Fluent construction of a row; one default node {@code n1} when none are given. */
  static final class Builder {
    private final String sentence;
    private final List<NodeSpec> nodes = new ArrayList<>();
    private final List<PodSpec> running = new ArrayList<>();
    private PodSpec incoming;
    private String target;

    private Builder(String sentence) {
      this.sentence = sentence;
    }

    Builder nodes(NodeSpec... specs) {
      nodes.addAll(Arrays.asList(specs));
      return this;
    }

    Builder running(PodSpec... specs) {
      running.addAll(Arrays.asList(specs));
      return this;
    }

    Builder pod(PodSpec spec) {
      incoming = spec;
      return this;
    }

    Builder on(String node) {
      target = node;
      return this;
    }

    Check fits() {
      return refused(null);
    }

    Check refused(String reason) {
      List<NodeSpec> all = nodes.isEmpty() ? List.of(node("n1")) : List.copyOf(nodes);
      return new Check(
          sentence,
          all,
          List.copyOf(running),
          incoming,
          target == null ? all.get(0).name() : target,
          reason);
    }
  }
}
