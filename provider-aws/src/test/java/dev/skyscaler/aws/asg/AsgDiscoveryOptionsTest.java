package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.NodeGroupSpec;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AsgDiscoveryOptionsTest {

  @Test
  void theClusterDefaultIsCasTwoDiscoveryTagsWithAnyValue() {
    AsgDiscoveryOptions o = AsgDiscoveryOptions.forCluster("prod");

    assertThat(o.tagSpecs())
        .containsExactly(
            Map.of("k8s.io/cluster-autoscaler/enabled", "", "k8s.io/cluster-autoscaler/prod", ""));
    assertThat(o.explicit()).isEmpty();
  }

  @Test
  void aTagSpecMayRequireValuesAndExplicitGroupsGiveTheirBounds() {
    AsgDiscoveryOptions o =
        AsgDiscoveryOptions.parse(
            List.of("asg:tag=team=batch,k8s.io/cluster-autoscaler/prod"), List.of("1:10:workers"));

    assertThat(o.tagSpecs())
        .containsExactly(Map.of("team", "batch", "k8s.io/cluster-autoscaler/prod", ""));
    assertThat(o.explicit()).containsExactly(new NodeGroupSpec(1, 10, "workers"));
    assertThat(o.explicit("workers")).isPresent();
  }

  @Test
  void everyBadValueIsReportedAtOnceNamingItsFlag() {
    assertThatThrownBy(
            () ->
                AsgDiscoveryOptions.parse(
                    List.of("tag=k8s.io/cluster-autoscaler/enabled", "asg:tag=a,,b"),
                    List.of("one:3:ng", "5:2:ng", "1:2", "-1:2:ng")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            String.join(
                "\n",
                "--node-group-auto-discovery: expected asg:tag=<key>[=<value>],<key>[=<value>]...,"
                    + " got \"tag=k8s.io/cluster-autoscaler/enabled\"",
                "--node-group-auto-discovery: expected asg:tag=<key>[=<value>],<key>[=<value>]...,"
                    + " got \"asg:tag=a,,b\"",
                "--nodes: expected <min>:<max>:<name> with min a whole number >= 0, got"
                    + " \"one:3:ng\"",
                "--nodes: expected <min>:<max>:<name> with max a whole number >= min, got"
                    + " \"5:2:ng\"",
                "--nodes: expected <min>:<max>:<name>, got \"1:2\"",
                "--nodes: expected <min>:<max>:<name> with min a whole number >= 0, got"
                    + " \"-1:2:ng\""));
  }

  static Stream<Arguments> badNames() {
    String rule =
        "--nodes: expected <min>:<max>:<name> with an Auto Scaling group name (1 to 255"
            + " characters from ASCII 33 to 126, no ':'), got ";
    return Stream.of(
        Arguments.of("a name with a space", "1:2:my group", rule + "\"1:2:my group\""),
        Arguments.of("a name with a colon", "1:2:a:b", rule + "\"1:2:a:b\""),
        Arguments.of(
            "a name longer than 255 characters",
            "1:2:" + "a".repeat(256),
            rule + "\"1:2:" + "a".repeat(256) + "\""),
        Arguments.of(
            "the same group twice",
            "1:2:ng;0:3:ng",
            "--nodes: expected <min>:<max>:<name> with each name once, got \"0:3:ng\""));
  }

  @ParameterizedTest(name = "{0} is refused")
  @MethodSource("badNames")
  void namesMustBeAutoScalingGroupNames(String description, String nodes, String message) {
    assertThatThrownBy(() -> AsgDiscoveryOptions.parse(List.of(), List.of(nodes.split(";"))))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message);
  }

  @Test
  void configuringNoGroupAtAllIsAnError() {
    assertThatThrownBy(() -> AsgDiscoveryOptions.parse(List.of(), List.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--node-group-auto-discovery / --nodes: no node groups configured");
  }
}
