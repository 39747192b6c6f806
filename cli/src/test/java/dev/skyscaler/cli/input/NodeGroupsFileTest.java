package dev.skyscaler.cli.input;

import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NodeGroupsFileTest {
  private static final List<Node> NODES =
      List.of(
          node("n1").label("pool", "general").build(),
          node("n2").label("pool", "general").build(),
          node("n3").label("pool", "batch").label("spot", "true").build());

  @TempDir Path dir;

  private Path write(String yaml) throws IOException {
    Path file = dir.resolve("node-groups.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private List<NodeGroup> read(String yaml) throws IOException {
    return NodeGroupsFile.read(write(yaml), NODES);
  }

  @Test
  void membersListedByNameSetTheDefaultTargetSize() throws IOException {
    List<NodeGroup> groups =
        read(
            """
            nodeGroups:
            - name: ng1
              minSize: 1
              maxSize: 10
              nodes: [n1, n2]
              price: 0.192
            """);
    assertThat(groups).hasSize(1);
    NodeGroup g = groups.get(0);
    assertThat(g.name()).isEqualTo("ng1");
    assertThat(g.minSize()).isEqualTo(1);
    assertThat(g.maxSize()).isEqualTo(10);
    assertThat(g.memberNodes()).containsExactlyInAnyOrder("n1", "n2");
    assertThat(g.targetSize()).isEqualTo(2);
    assertThat(g.template()).isEmpty();
    assertThat(g.price().getAsDouble()).isEqualTo(0.192);
  }

  @Test
  void aTargetAboveTheMembersMeansNodesAreBooting() throws IOException {
    NodeGroup g =
        read("""
                nodeGroups:
                - {name: ng1, minSize: 1, maxSize: 10, targetSize: 4, nodes: [n1]}
                """)
            .get(0);
    assertThat(g.targetSize()).isEqualTo(4);
    assertThat(g.memberNodes()).containsExactly("n1");
  }

  @Test
  void aSelectorPicksMembersByLabel() throws IOException {
    List<NodeGroup> groups =
        read(
            """
            nodeGroups:
            - name: general
              minSize: 0
              maxSize: 5
              selector: {matchLabels: {pool: general}}
            - name: spot
              minSize: 0
              maxSize: 5
              selector:
                matchExpressions:
                - {key: spot, operator: In, values: ["true"]}
            """);
    assertThat(groups.get(0).memberNodes()).containsExactlyInAnyOrder("n1", "n2");
    assertThat(groups.get(1).memberNodes()).containsExactly("n3");
    assertThat(groups.get(1).price()).isEmpty();
  }

  @Test
  void anEmptyGroupScalesFromItsTemplate() throws IOException {
    NodeGroup g =
        read("""
                nodeGroups:
                - name: gpu
                  minSize: 0
                  maxSize: 4
                  template:
                    capacity: {cpu: "4", memory: 16Gi, nvidia.com/gpu: 1}
                    labels: {topology.kubernetes.io/zone: eu-west-1a}
                    taints: [{key: dedicated, value: gpu, effect: NoSchedule}]
                """)
            .get(0);
    assertThat(g.memberNodes()).isEmpty();
    assertThat(g.targetSize()).isZero();
    NodeTemplate t = g.template().orElseThrow();
    assertThat(t.capacity())
        .isEqualTo(new Resources(4000, 16L << 30, 0, 110, Map.of("nvidia.com/gpu", 1L)));
    assertThat(t.labels()).isEqualTo(Map.of("topology.kubernetes.io/zone", "eu-west-1a"));
    assertThat(t.taints()).containsExactly(new Taint("dedicated", "gpu", TaintEffect.NO_SCHEDULE));
  }

  @Test
  void aGroupWithMembersMayStillDeclareATemplate() throws IOException {
    NodeGroup g =
        read("""
                nodeGroups:
                - name: ng1
                  minSize: 1
                  maxSize: 3
                  nodes: [n1]
                  template: {capacity: {cpu: 2, memory: 8Gi, pods: 29}}
                """)
            .get(0);
    assertThat(g.template().orElseThrow().capacity().pods()).isEqualTo(29);
    assertThat(Set.copyOf(g.memberNodes())).containsExactly("n1");
  }

  static Stream<Arguments> badFiles() {
    return Stream.of(
        Arguments.of(
            "a misspelt field",
            "nodeGroups:\n- {name: ng1, minSize: 1, maxsize: 10, nodes: [n1]}\n",
            "nodeGroups[0] (ng1): unknown field \"maxsize\"; did you mean \"maxSize\"?"),
        Arguments.of(
            "a group without a name",
            "nodeGroups:\n- {name: ng1, minSize: 1, maxSize: 2, nodes: [n1]}\n"
                + "- {minSize: 1, maxSize: 2, nodes: [n2]}\n",
            "nodeGroups[1]: missing required field \"name\""),
        Arguments.of(
            "a group without a maximum",
            "nodeGroups:\n- {name: ng1, minSize: 1, nodes: [n1]}\n",
            "nodeGroups[0] (ng1): missing required field \"maxSize\""),
        Arguments.of(
            "a minimum above the maximum",
            "nodeGroups:\n- {name: ng1, minSize: 5, maxSize: 3, nodes: [n1]}\n",
            "nodeGroups[0] (ng1): minSize (5) must not exceed maxSize (3)"),
        Arguments.of(
            "a size that is a word",
            "nodeGroups:\n- {name: ng1, minSize: one, maxSize: 3, nodes: [n1]}\n",
            "nodeGroups[0] (ng1): minSize: expected a whole number >= 0, got \"one\""),
        Arguments.of(
            "a node in two groups",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 3, nodes: [n1]}\n"
                + "- {name: ng2, minSize: 0, maxSize: 3, selector: {matchLabels: {pool: general}}}\n",
            "nodeGroups[1] (ng2): node \"n1\" is already in node group ng1"),
        Arguments.of(
            "an empty group without a template",
            "nodeGroups:\n- {name: gpu, minSize: 0, maxSize: 3}\n",
            "nodeGroups[0] (gpu): has no member nodes, so it needs a template (capacity, labels,"
                + " taints) to know what a new node looks like"),
        Arguments.of(
            "a node name the snapshot does not have",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 3, nodes: [n1, n9]}\n",
            "nodeGroups[0] (ng1): nodes[1]: no node \"n9\" in the snapshot"),
        Arguments.of(
            "a node listed twice",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 3, nodes: [n1, n1]}\n",
            "nodeGroups[0] (ng1): nodes[1]: node \"n1\" is listed twice"),
        Arguments.of(
            "a bad quantity in the template",
            "nodeGroups:\n- name: ng1\n  minSize: 0\n  maxSize: 3\n"
                + "  template: {capacity: {cpu: 12x, memory: 8Gi}}\n",
            "nodeGroups[0] (ng1): template.capacity.cpu: invalid quantity \"12x\": expected a"
                + " number with an optional suffix (m, k, M, G, T, Ki, Mi, Gi, Ti, or an exponent"
                + " like 2e3)"),
        Arguments.of(
            "a bad taint effect",
            "nodeGroups:\n- name: ng1\n  minSize: 0\n  maxSize: 3\n  template:\n"
                + "    capacity: {cpu: 2}\n    taints: [{key: a, value: b, effect: NoSchedul}]\n",
            "nodeGroups[0] (ng1): template.taints[0].effect: invalid taint effect \"NoSchedul\":"
                + " expected NoSchedule, PreferNoSchedule or NoExecute"),
        Arguments.of(
            "a template without capacity",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 3, template: {labels: {a: b}}}\n",
            "nodeGroups[0] (ng1): template: missing required field \"capacity\" (e.g. {cpu: \"4\","
                + " memory: 16Gi})"),
        Arguments.of(
            "both nodes and a selector",
            "nodeGroups:\n- name: ng1\n  minSize: 0\n  maxSize: 3\n  nodes: [n1]\n"
                + "  selector: {matchLabels: {pool: general}}\n",
            "nodeGroups[0] (ng1): give either nodes or selector, not both"),
        Arguments.of(
            "an empty selector",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 3, selector: {}}\n",
            "nodeGroups[0] (ng1): selector: is empty and would match every node; give matchLabels"
                + " or matchExpressions"),
        Arguments.of(
            "a selector with an unknown operator",
            "nodeGroups:\n- name: ng1\n  minSize: 0\n  maxSize: 3\n  selector:\n"
                + "    matchExpressions: [{key: pool, operator: Equals, values: [general]}]\n",
            "nodeGroups[0] (ng1): selector.matchExpressions[0].operator: invalid label selector"
                + " operator \"Equals\": expected In, NotIn, Exists or DoesNotExist"),
        Arguments.of(
            "two groups with one name",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 3, nodes: [n1]}\n"
                + "- {name: ng1, minSize: 0, maxSize: 3, nodes: [n2]}\n",
            "nodeGroups[1] (ng1): name is already used by nodeGroups[0]"),
        Arguments.of(
            "a target below the registered members",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 3, targetSize: 1, nodes: [n1, n2]}\n",
            "nodeGroups[0] (ng1): targetSize: is 1 but the group has 2 member nodes; the target"
                + " counts registered nodes plus booting ones"),
        Arguments.of(
            "a target above the maximum",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 3, targetSize: 5, nodes: [n1]}\n",
            "nodeGroups[0] (ng1): targetSize: must be between minSize (0) and maxSize (3), got 5"),
        Arguments.of(
            "more members than the maximum",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 1, nodes: [n1, n2]}\n",
            "nodeGroups[0] (ng1): has 2 member nodes, more than maxSize (1)"),
        Arguments.of(
            "a negative price",
            "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 3, nodes: [n1], price: -1}\n",
            "nodeGroups[0] (ng1): price: expected a number >= 0.0, got -1"),
        Arguments.of(
            "a misspelt top-level key",
            "nodegroups: []\n",
            "unknown field \"nodegroups\"; did you mean \"nodeGroups\"?"),
        Arguments.of("no node groups key", "groups: []\n", "unknown field \"groups\""),
        Arguments.of(
            "an empty list of groups",
            "nodeGroups: []\n",
            "nodeGroups: is empty; declare at least one node group"),
        Arguments.of(
            "a group that is not a mapping",
            "nodeGroups: [ng1]\n",
            "nodeGroups[0]: expected a mapping, got \"ng1\""),
        Arguments.of(
            "YAML that does not parse",
            "nodeGroups:\n- name: ng1\n  minSize: [1\n",
            "not valid YAML (line 3, column 14): expected ',' or ']', but got <stream end>"),
        Arguments.of(
            "a key given twice",
            "nodeGroups:\n- {name: ng1, name: ng2, minSize: 0, maxSize: 3, nodes: [n1]}\n",
            "not valid YAML (line 2, column 19): Duplicate field 'name'"),
        Arguments.of("an empty file", "", "is empty; expected a mapping with a nodeGroups list"),
        Arguments.of(
            "a list at the top",
            "- name: ng1\n",
            "expected a mapping with a nodeGroups list at the top level"));
  }

  @ParameterizedTest(name = "{0} is rejected")
  @MethodSource("badFiles")
  void badFilesAreRejectedWithOneMessageNamingFileGroupAndField(
      String sentence, String yaml, String message) throws IOException {
    Path file = write(yaml);
    assertThatThrownBy(() -> NodeGroupsFile.read(file, NODES))
        .isInstanceOf(InputException.class)
        .hasMessage(file + ": " + message);
  }

  @Test
  void aMissingFileIsNamed() {
    Path missing = dir.resolve("nope.yaml");
    assertThatThrownBy(() -> NodeGroupsFile.read(missing, NODES))
        .isInstanceOf(InputException.class)
        .hasMessage(missing + ": no such file");
  }

  @Test
  void aDirectoryIsNotAFile() {
    assertThatThrownBy(() -> NodeGroupsFile.read(dir, NODES))
        .isInstanceOf(InputException.class)
        .hasMessage(dir + ": is a directory; expected a YAML file");
  }
}
