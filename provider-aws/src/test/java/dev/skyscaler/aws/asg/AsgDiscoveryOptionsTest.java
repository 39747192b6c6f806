package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.aws.asg.AsgDiscoveryOptions.ExplicitGroup;
import dev.skyscaler.core.config.ConfigException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
    assertThat(o.explicit()).containsExactly(new ExplicitGroup(1, 10, "workers"));
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
                "--nodes one:3:ng: min \"one\" is not a whole number >= 0",
                "--nodes 5:2:ng: min (5) must not exceed max (2)",
                "--nodes: expected <min>:<max>:<asg name>, got \"1:2\"",
                "--nodes -1:2:ng: min \"-1\" is not a whole number >= 0"));
  }

  @Test
  void configuringNoGroupAtAllIsAnError() {
    assertThatThrownBy(() -> AsgDiscoveryOptions.parse(List.of(), List.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--node-group-auto-discovery / --nodes: no node groups configured");
  }
}
