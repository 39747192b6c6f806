package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad snapshot files: one message naming the file, the object, the field and the expectation. */
class SnapshotFileErrorsTest {
  private static final String QUANTITY_FORMS =
      "expected a number with an optional suffix (m, k, M, G, T, Ki, Mi, Gi, Ti, or an exponent"
          + " like 2e3)";
  private static final String NOT_AN_OBJECT =
      "expected a mapping with apiVersion and kind, as kubectl get -o yaml prints";

  @TempDir Path dir;

  static Stream<Arguments> badFiles() {
    return Stream.of(
        arguments(
            "a malformed quantity names the pod and the field",
            """
            apiVersion: v1
            kind: List
            items:
            - apiVersion: v1
              kind: Pod
              metadata: {name: web-1, namespace: default}
              spec:
                containers:
                - name: web
                  resources:
                    requests: {cpu: 12x}
            """,
            "Pod default/web-1: spec.containers[0].resources.requests.cpu: invalid quantity"
                + " \"12x\": "
                + QUANTITY_FORMS),
        arguments(
            "an empty quantity is a malformed quantity too",
            """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            status: {capacity: {cpu: ""}}
            """,
            "Node n1: status.capacity.cpu: invalid quantity \"\": " + QUANTITY_FORMS),
        arguments(
            "a value of the wrong type names the field",
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: web-1}
            spec: {priority: high, containers: [{name: a}]}
            """,
            "Pod default/web-1: spec.priority: invalid value \"high\": expected an integer"),
        arguments(
            "YAML that does not parse gives the line",
            """
            apiVersion: v1
            kind: Pod
            metadata:
              name: a
               namespace: b
            """,
            "line 5, column 13: invalid YAML: mapping values are not allowed here"),
        arguments(
            "a document that is a list is not a Kubernetes object",
            "- a\n- b\n",
            "document 1: not a Kubernetes object (found a list): " + NOT_AN_OBJECT),
        arguments(
            "a document without kind is not a Kubernetes object",
            "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\nname: x\nreplicas: 3\n",
            "document 2: not a Kubernetes object (no kind): " + NOT_AN_OBJECT),
        arguments(
            "a list item without apiVersion is not a Kubernetes object",
            "apiVersion: v1\nkind: List\nitems:\n- kind: Pod\n  metadata: {name: a}\n",
            "document 1, items[0]: not a Kubernetes object (no apiVersion): " + NOT_AN_OBJECT),
        arguments(
            "a node defined twice is rejected",
            """
            apiVersion: v1
            kind: List
            items:
            - {apiVersion: v1, kind: Node, metadata: {name: n1}}
            - {apiVersion: v1, kind: Node, metadata: {name: n1}}
            """,
            "Node n1: defined twice: document 1, items[1], and first in FILE (document 1, items[0])"),
        arguments(
            "a namespace defined twice is rejected",
            """
            apiVersion: v1
            kind: NamespaceList
            items:
            - metadata: {name: data}
            - metadata: {name: data}
            """,
            "Namespace data: defined twice: document 1, items[1], and first in FILE (document 1,"
                + " items[0])"),
        arguments(
            "a namespace without a name names the field",
            "apiVersion: v1\nkind: Namespace\nmetadata: {labels: {team: x}}\n",
            "Namespace (no name): metadata.name: missing: expected a non-empty string"),
        arguments(
            "a namespace selector with a bad operator names the pod and the field",
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: web-1, namespace: shop}
            spec:
              containers: [{name: a}]
              affinity:
                podAffinity:
                  requiredDuringSchedulingIgnoredDuringExecution:
                  - topologyKey: kubernetes.io/hostname
                    labelSelector: {}
                    namespaceSelector:
                      matchExpressions: [{key: team, operator: Has}]
            """,
            "Pod shop/web-1: spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution"
                + "[0].namespaceSelector.matchExpressions[0].operator: invalid label selector"
                + " operator \"Has\": expected In, NotIn, Exists or DoesNotExist"),
        arguments(
            "an invalid taint effect names the node and the taint",
            """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            spec:
              taints: [{key: dedicated, value: gpu, effect: NoPods}]
            """,
            "Node n1: spec.taints[0].effect: invalid taint effect \"NoPods\": expected NoSchedule,"
                + " PreferNoSchedule or NoExecute"),
        arguments(
            "an invalid toleration operator names the pod and the toleration",
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: web-1, namespace: shop}
            spec:
              containers: [{name: a}]
              tolerations: [{key: spot, operator: Exist}]
            """,
            "Pod shop/web-1: spec.tolerations[0].operator: invalid toleration operator \"Exist\":"
                + " expected Equal or Exists"),
        arguments(
            "a PodDisruptionBudget of a removed API version is rejected",
            """
            apiVersion: policy/v1beta1
            kind: PodDisruptionBudget
            metadata: {name: web, namespace: shop}
            """,
            "PodDisruptionBudget shop/web: apiVersion: unsupported \"policy/v1beta1\": expected"
                + " policy/v1"),
        arguments(
            "expander priorities with a non-integer priority are rejected",
            """
            apiVersion: v1
            kind: ConfigMap
            metadata: {name: cluster-autoscaler-priority-expander, namespace: kube-system}
            data:
              priorities: |
                high: [".*"]
            """,
            "ConfigMap kube-system/cluster-autoscaler-priority-expander: data.priorities: priority"
                + " \"high\" is not an integer: expected a YAML map of integer priority to a list of"
                + " node-group regexes, e.g. {10: [\".*spot.*\"], 50: [\"ng-a\"]}"),
        arguments(
            "expander priorities with a bad regex are rejected",
            """
            apiVersion: v1
            kind: ConfigMap
            metadata: {name: cluster-autoscaler-priority-expander, namespace: kube-system}
            data:
              priorities: |
                10: ["ng-(a"]
            """,
            "ConfigMap kube-system/cluster-autoscaler-priority-expander: data.priorities[10]:"
                + " invalid regex \"ng-(a\": Unclosed group"),
        arguments(
            "a document nested 5,000 levels deep stops at level 101, not in a stack overflow",
            "apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: "
                + "[".repeat(5_000)
                + "]".repeat(5_000)
                + "\n",
            "line 4, column 106: nested more than 100 levels deep; a Kubernetes object nests"
                + " about 20 levels deep"),
        arguments(
            "block mappings nested 101 deep are refused as well",
            "apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec:\n" + blocks(100),
            "line 104, column 101: nested more than 100 levels deep; a Kubernetes object nests"
                + " about 20 levels deep"));
  }

  /** {@code n} block mappings, one inside the other, each one column further in. */
  private static String blocks(int n) {
    StringBuilder yaml = new StringBuilder();
    for (int i = 0; i < n; i++) {
      yaml.append(" ".repeat(i + 1)).append("k").append(i).append(":\n");
    }
    return yaml.append(" ".repeat(n + 1)).append("v\n").toString();
  }

  @Test
  void aSnapshotStopsAtTheNodeOrPodOneOverTheLimitNamingTheFile() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("big.yaml"),
            """
            apiVersion: v1
            kind: List
            items:
            - {apiVersion: v1, kind: Node, metadata: {name: n1}}
            - {apiVersion: v1, kind: Node, metadata: {name: n2}}
            - {apiVersion: v1, kind: Pod, metadata: {name: a}, spec: {containers: [{name: c}]}}
            - {apiVersion: v1, kind: Pod, metadata: {name: b}, spec: {containers: [{name: c}]}}
            """);

    assertThatThrownBy(() -> SnapshotFiles.read(List.of(file), 1, 5))
        .isInstanceOf(SnapshotException.class)
        .hasMessage(
            file
                + ": more than 1 nodes; at most 1 are read (Kubernetes' tested limit is 5,000 per"
                + " cluster)");
    assertThatThrownBy(() -> SnapshotFiles.read(List.of(file), 5, 1))
        .hasMessage(
            file
                + ": more than 1 pods; at most 1 are read (Kubernetes' tested limit is 150,000 per"
                + " cluster)");
    assertThat(SnapshotFiles.read(List.of(file), 2, 2).nodes()).hasSize(2);
  }

  @Test
  void aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws IOException {
    Path file = dir.resolve("huge.yaml");
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(ParseLimits.MAX_SNAPSHOT_FILE_BYTES + 1);
    }

    assertThatThrownBy(() -> SnapshotFiles.read(List.of(file)))
        .isInstanceOf(SnapshotException.class)
        .hasMessage(
            "snapshot: " + file + ": 1,073,741,825 bytes; at most 1,073,741,824 bytes are read");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badFiles")
  void badContentIsReportedWithTheFile(String what, String content, String problem)
      throws IOException {
    Path file = Files.writeString(dir.resolve("snapshot.yaml"), content);
    assertThatThrownBy(() -> SnapshotFiles.read(List.of(file)))
        .isInstanceOf(SnapshotException.class)
        .hasMessage(file + ": " + problem.replace("FILE", file.toString()));
  }

  @Test
  void aMissingFileIsNamed() {
    Path missing = dir.resolve("x/y.yaml");
    assertThatThrownBy(() -> SnapshotFiles.read(List.of(missing)))
        .isInstanceOf(SnapshotException.class)
        .hasMessage("snapshot: " + missing + ": no such file");
  }

  @Test
  void aDirectoryWithoutSnapshotFilesIsAnError() throws IOException {
    Files.writeString(dir.resolve("notes.txt"), "not a snapshot");
    assertThatThrownBy(() -> SnapshotFiles.read(List.of(dir)))
        .isInstanceOf(SnapshotException.class)
        .hasMessage(
            "snapshot: no snapshot files in " + dir + ": expected *.yaml, *.yml or *.json files");
  }

  @Test
  void noPathsIsAnError() {
    assertThatThrownBy(() -> SnapshotFiles.read(List.of()))
        .isInstanceOf(SnapshotException.class)
        .hasMessage("snapshot: no snapshot files given");
  }

  @Test
  void invalidJsonGivesTheLine() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("cluster.json"), "{\"apiVersion\": \"v1\",\n \"kind\": [\n}\n");
    assertThatThrownBy(() -> SnapshotFiles.read(List.of(file)))
        .isInstanceOf(SnapshotException.class)
        .hasMessage(
            file
                + ": line 3, column 1: invalid JSON: Unexpected close marker '}': expected ']' (for"
                + " Array starting at line 2, column 10)");
  }

  @Test
  void aNodeInTwoFilesIsRejectedNamingBoth() throws IOException {
    String node = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n";
    Path a = Files.writeString(dir.resolve("a.yaml"), node);
    Path b = Files.writeString(dir.resolve("b.yaml"), node);
    assertThatThrownBy(() -> SnapshotFiles.read(List.of(dir)))
        .isInstanceOf(SnapshotException.class)
        .hasMessage(
            b + ": Node n1: defined twice: document 1, and first in " + a + " (document 1)");
  }

  @Test
  void twoPriorityExpanderConfigMapsAreAmbiguous() throws IOException {
    String configMap =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: cluster-autoscaler-priority-expander, namespace: %s}
        data: {priorities: "10: [ng-a]"}
        """;
    Path file =
        Files.writeString(
            dir.resolve("cms.yaml"),
            configMap.formatted("kube-system") + "---\n" + configMap.formatted("autoscaler"));
    assertThatThrownBy(() -> SnapshotFiles.read(List.of(file)))
        .isInstanceOf(SnapshotException.class)
        .hasMessage(
            file
                + ": ConfigMap autoscaler/cluster-autoscaler-priority-expander: a second priority"
                + " expander ConfigMap; the first is ConfigMap"
                + " kube-system/cluster-autoscaler-priority-expander in "
                + file
                + " (document 1)");
  }

  @Test
  void aDaemonSetDefinedTwiceIsRejected() throws IOException {
    String ds =
        "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent, namespace: ops}\n"
            + "spec: {template: {spec: {containers: [{name: a}]}}}\n";
    Path file = Files.writeString(dir.resolve("ds.yaml"), ds + "---\n" + ds);
    assertThatThrownBy(() -> SnapshotFiles.read(List.of(file)))
        .isInstanceOf(SnapshotException.class)
        .hasMessage(
            file
                + ": DaemonSet ops/agent: defined twice: document 2, and first in "
                + file
                + " (document 1)");
  }

  @Test
  void finishedPodsAreDroppedBeforeTheirSpecIsChecked() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("done.yaml"),
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: job-1}
            spec: {containers: [{name: a, resources: {requests: {cpu: 12x}}}]}
            status: {phase: Succeeded}
            """);
    assertThat(SnapshotFiles.read(List.of(file)).pods()).isEmpty();
  }
}
