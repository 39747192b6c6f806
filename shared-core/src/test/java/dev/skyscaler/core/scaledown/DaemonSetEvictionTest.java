package dev.skyscaler.core.scaledown;

import static dev.skyscaler.core.scaledown.DrainStepsTest.N2_ID;
import static dev.skyscaler.core.scaledown.DrainStepsTest.START;
import static dev.skyscaler.core.scaledown.DrainStepsTest.after;
import static dev.skyscaler.core.scaledown.DrainStepsTest.tainted;
import static dev.skyscaler.core.scaledown.DrainStepsTest.web;
import static dev.skyscaler.core.scaledown.DrainStepsTest.world;
import static dev.skyscaler.core.scaledown.Scans.work;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.testkit.PodSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --daemonset-eviction-for-empty-nodes} (default false) and {@code
 * --daemonset-eviction-for-occupied-nodes} (default true): whether a removal evicts the node's
 * DaemonSet pods, best effort; the pod's {@code enable-ds-eviction} annotation decides over the
 * flag, and only {@code "true"} evicts (CA's {@code daemonset.PodsToEvict}).
 */
class DaemonSetEvictionTest {
  private static final EvictPod LOGS = new EvictPod("default/logs", "n2", 30);

  static PodSpec logs(String annotation) {
    PodSpec p = pod("logs").daemonSet("logs").cpu("100m").grace(30);
    return annotation == null ? p : p.annotation(DrainSteps.ENABLE_DS_EVICTION, annotation);
  }

  static Stream<Arguments> emptyNodes() {
    return Stream.of(
        Arguments.of("an empty node's DaemonSet pods stay by default", null, null, false),
        Arguments.of(
            "--daemonset-eviction-for-empty-nodes evicts them before the deletion",
            true,
            null,
            true),
        Arguments.of("an annotation \"true\" evicts them without the flag", false, "true", true),
        Arguments.of("an annotation \"false\" keeps them despite the flag", true, "false", false),
        Arguments.of(
            "an annotation other than \"true\" keeps them despite the flag", true, "yes", false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("emptyNodes")
  void anEmptyNode(String name, Boolean flag, String annotation, boolean evicted) {
    Scans s = new Scans();
    if (flag != null) {
      s.with(o -> o.toBuilder().daemonSetEvictionForEmptyNodes(flag).build());
    }
    s.at(Duration.ZERO, world(node("n2"), logs(annotation)).build());
    s.at(START, world(node("n2"), logs(annotation)).build());
    List<Action> expected = new ArrayList<>();
    if (evicted) {
      expected.add(LOGS);
    }
    expected.add(new DeleteInstance("ng1", "n2", N2_ID, true, "empty"));
    assertThat(work(s.at(after(10), world(tainted(), logs(annotation)).build())))
        .containsExactlyElementsOf(expected);
  }

  static Stream<Arguments> occupiedNodes() {
    return Stream.of(
        Arguments.of("an occupied node's DaemonSet pods are evicted by default", null, null, true),
        Arguments.of(
            "--daemonset-eviction-for-occupied-nodes=false keeps them", false, null, false),
        Arguments.of("an annotation \"true\" evicts them despite the flag", false, "true", true),
        Arguments.of("an annotation \"false\" keeps them", true, "false", false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("occupiedNodes")
  void anOccupiedNode(String name, Boolean flag, String annotation, boolean evicted) {
    Scans s = new Scans();
    if (flag != null) {
      s.with(o -> o.toBuilder().daemonSetEvictionForOccupiedNodes(flag).build());
    }
    s.at(Duration.ZERO, world(node("n2"), web(), logs(annotation)).build());
    s.at(START, world(node("n2"), web(), logs(annotation)).build());
    List<Action> expected = new ArrayList<>();
    if (evicted) {
      expected.add(LOGS);
    }
    expected.add(new EvictPod("default/web", "n2", 30));
    assertThat(work(s.at(after(10), world(tainted(), web(), logs(annotation)).build())))
        .containsExactlyElementsOf(expected);
  }
}
