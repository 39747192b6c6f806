package dev.skyscaler.core.scaleup;

import static dev.skyscaler.core.scaleup.Rule.NOW;
import static dev.skyscaler.core.scaleup.Rule.rule;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.config.TaintOptions;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Startup and status taints (CA's {@code --startup-taint}, {@code --ignore-taint}, {@code
 * --status-taint} and their key prefixes, {@code utils/taints/taints.go}): both are left out of a
 * group's template; a node still carrying a startup taint is not Ready for scaling, so while young
 * it is booting capacity, and once old it is unready.
 */
class StartupTaintRulesTest {
  private static final String CNI = "example.com/cni-starting";

  static UnaryOperator<ScaleUpOptions> startup(String... keys) {
    return o -> o.toBuilder().taints(new TaintOptions(List.of(keys), List.of())).build();
  }

  static UnaryOperator<ScaleUpOptions> status(String... keys) {
    return o -> o.toBuilder().taints(new TaintOptions(List.of(), List.of(keys))).build();
  }

  /** Group ng1 whose only member n1 (8 cores, 6 used) carries {@code key}; pod web wants 3. */
  static dev.skyscaler.testkit.ClusterSpec onlyMemberTainted(String key, PodSpec web) {
    NodeSpec n1 = node("n1").cpu("8").taint(key, "", TaintEffect.NO_SCHEDULE).inGroup("ng1");
    return cluster().groups(group("ng1")).nodes(n1).pods(pod("app").cpu("6").on("n1"), web);
  }

  static Stream<Rule> templates() {
    return Stream.of(
        rule("a taint not named by any flag or prefix is copied to the template")
            .given(onlyMemberTainted(CNI, pod("web").cpu("3")))
            .reasons("web", Map.of("ng1", "node(s) had untolerated taint {" + CNI + ": }"))
            .build(),
        rule("a --startup-taint is left out of the template")
            .given(onlyMemberTainted(CNI, pod("web").cpu("3")))
            .with(startup(CNI))
            .grows("ng1", 1)
            .build(),
        rule("a --status-taint is left out of the template")
            .given(onlyMemberTainted(CNI, pod("web").cpu("3")))
            .with(status(CNI))
            .grows("ng1", 1)
            .build(),
        rule("a key with the startup-taint prefix is left out without a flag")
            .given(
                onlyMemberTainted(TaintOptions.STARTUP_TAINT_PREFIX + "cni", pod("web").cpu("3")))
            .grows("ng1", 1)
            .build(),
        rule("a key with the deprecated ignore-taint prefix is left out without a flag")
            .given(onlyMemberTainted(TaintOptions.IGNORE_TAINT_PREFIX + "cni", pod("web").cpu("3")))
            .grows("ng1", 1)
            .build(),
        rule("a key with the status-taint prefix is left out without a flag")
            .given(onlyMemberTainted(TaintOptions.STATUS_TAINT_PREFIX + "gpu", pod("web").cpu("3")))
            .grows("ng1", 1)
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("templates")
  void startupAndStatusTaintsAreLeftOutOfTemplates(Rule r) {
    r.check();
  }

  /** ng1: n1 Ready and full; n2, created {@code age} ago, Ready but carrying the CNI taint. */
  static dev.skyscaler.testkit.ClusterSpec secondNodeStarting(Duration age, PodSpec web) {
    return cluster()
        .groups(group("ng1"))
        .nodes(
            node("n1").cpu("8").inGroup("ng1"),
            node("n2")
                .cpu("8")
                .taint(CNI, "", TaintEffect.NO_SCHEDULE)
                .createdAt(NOW.minus(age))
                .inGroup("ng1"))
        .pods(pod("app").cpu("6").on("n1"), web);
  }

  static PodSpec tolerating() {
    return pod("web").cpu("3").tolerate(CNI, "", TaintEffect.NO_SCHEDULE);
  }

  static Stream<Rule> readiness() {
    return Stream.of(
        rule("a node carrying a startup taint, young, is booting: the pod waits for it")
            .given(secondNodeStarting(Duration.ofMinutes(2), pod("web").cpu("3")))
            .with(startup(CNI))
            .build(),
        rule("without the flag the same node is Ready and tainted, so the pod asks for a node")
            .given(secondNodeStarting(Duration.ofMinutes(2), pod("web").cpu("3")))
            .grows("ng1", 1)
            .build(),
        rule("a node carrying a startup taint past --max-node-startup-time is unready: no room")
            .given(secondNodeStarting(Duration.ofMinutes(20), tolerating()))
            .with(startup(CNI))
            .grows("ng1", 1)
            .build(),
        rule("a --status-taint does not make the node unready: a tolerating pod fits it")
            .given(secondNodeStarting(Duration.ofMinutes(20), tolerating()))
            .with(status(CNI))
            .build(),
        rule("--ignore-taint keys are startup taints (CA appends them to --startup-taint)")
            .given(secondNodeStarting(Duration.ofMinutes(20), tolerating()))
            .with(startup(TaintOptions.IGNORE_TAINT_PREFIX + "x", CNI))
            .grows("ng1", 1)
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readiness")
  void aNodeCarryingAStartupTaintIsNotReadyYet(Rule r) {
    r.check();
  }
}
