package dev.skyscaler.core.scheduling;

import static dev.skyscaler.core.model.NodeSelectorTerm.Operator.DOES_NOT_EXIST;
import static dev.skyscaler.core.model.NodeSelectorTerm.Operator.EXISTS;
import static dev.skyscaler.core.model.NodeSelectorTerm.Operator.GT;
import static dev.skyscaler.core.model.NodeSelectorTerm.Operator.IN;
import static dev.skyscaler.core.model.NodeSelectorTerm.Operator.LT;
import static dev.skyscaler.core.model.NodeSelectorTerm.Operator.NOT_IN;
import static dev.skyscaler.core.scheduling.Check.row;
import static dev.skyscaler.core.scheduling.SchedulingChecks.NODE_AFFINITY;
import static dev.skyscaler.core.scheduling.SchedulingChecks.TOO_MANY_PODS;
import static dev.skyscaler.core.scheduling.SchedulingChecks.UNSCHEDULABLE;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;

import dev.skyscaler.core.model.NodeSelectorTerm;
import dev.skyscaler.core.model.NodeSelectorTerm.Requirement;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * kube-scheduler's node-local filters, one table each, with the exact reason kube-scheduler (and so
 * CA's NotTriggerScaleUp event) gives: NodeUnschedulable, TaintToleration, NodeAffinity and
 * NodeResourcesFit.
 */
class SchedulingChecksTest {
  private static final String UNSCHEDULABLE_KEY = "node.kubernetes.io/unschedulable";

  static Stream<Check> nodeUnschedulable() {
    return Stream.of(
        row("a schedulable node takes the pod").pod(pod("web")).fits(),
        row("a cordoned node refuses the pod")
            .nodes(node("n1").cordoned())
            .pod(pod("web"))
            .refused(UNSCHEDULABLE),
        row("a cordoned node takes a pod tolerating node.kubernetes.io/unschedulable:NoSchedule")
            .nodes(node("n1").cordoned())
            .pod(pod("web").tolerate(UNSCHEDULABLE_KEY, "", TaintEffect.NO_SCHEDULE))
            .fits(),
        row("a cordoned node takes a pod tolerating the unschedulable key with Exists")
            .nodes(node("n1").cordoned())
            .pod(pod("web").tolerateExists(UNSCHEDULABLE_KEY))
            .fits(),
        row("a cordoned node takes a pod that tolerates every taint")
            .nodes(node("n1").cordoned())
            .pod(pod("web").tolerateAll())
            .fits(),
        row("tolerating the unschedulable key only for NoExecute does not uncordon")
            .nodes(node("n1").cordoned())
            .pod(
                pod("web")
                    .toleration(
                        new Toleration(
                            UNSCHEDULABLE_KEY,
                            Toleration.Operator.EXISTS,
                            "",
                            TaintEffect.NO_EXECUTE)))
            .refused(UNSCHEDULABLE),
        row("the cordon is reported before an untolerated taint")
            .nodes(node("n1").cordoned().taint("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .pod(pod("web"))
            .refused(UNSCHEDULABLE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeUnschedulable")
  void nodeUnschedulableFilter(Check c) {
    c.assertVerdict();
  }

  static Stream<Check> taintToleration() {
    return Stream.of(
        row("an untolerated NoSchedule taint blocks the pod")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .pod(pod("web"))
            .refused("node(s) had untolerated taint {dedicated: batch}"),
        row("an untolerated NoExecute taint blocks the pod")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.NO_EXECUTE))
            .pod(pod("web"))
            .refused("node(s) had untolerated taint {dedicated: batch}"),
        row("a PreferNoSchedule taint does not block the pod")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.PREFER_NO_SCHEDULE))
            .pod(pod("web"))
            .fits(),
        row("an Equal toleration with the taint's value tolerates it")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .pod(pod("web").tolerate("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .fits(),
        row("an Equal toleration with another value does not")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .pod(pod("web").tolerate("dedicated", "web", TaintEffect.NO_SCHEDULE))
            .refused("node(s) had untolerated taint {dedicated: batch}"),
        row("an Exists toleration on the key tolerates any value")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .pod(pod("web").tolerateExists("dedicated"))
            .fits(),
        row("an Exists toleration on another key does not")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .pod(pod("web").tolerateExists("gpu"))
            .refused("node(s) had untolerated taint {dedicated: batch}"),
        row("an empty key with Exists tolerates every taint")
            .nodes(
                node("n1")
                    .taint("dedicated", "batch", TaintEffect.NO_SCHEDULE)
                    .taint("spot", "true", TaintEffect.NO_EXECUTE))
            .pod(pod("web").tolerateAll())
            .fits(),
        row("a toleration without an effect matches NoExecute too")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.NO_EXECUTE))
            .pod(
                pod("web")
                    .toleration(
                        new Toleration("dedicated", Toleration.Operator.EQUAL, "batch", null)))
            .fits(),
        row("a toleration for NoSchedule does not match the same taint with NoExecute")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.NO_EXECUTE))
            .pod(pod("web").tolerate("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .refused("node(s) had untolerated taint {dedicated: batch}"),
        row("a taint without a value is named with an empty value")
            .nodes(node("n1").taint("gpu", "", TaintEffect.NO_SCHEDULE))
            .pod(pod("web"))
            .refused("node(s) had untolerated taint {gpu: }"),
        row("an Equal toleration with no value tolerates a taint with no value")
            .nodes(node("n1").taint("gpu", "", TaintEffect.NO_SCHEDULE))
            .pod(pod("web").tolerate("gpu", "", TaintEffect.NO_SCHEDULE))
            .fits(),
        row("of two taints the untolerated one is named")
            .nodes(
                node("n1")
                    .taint("dedicated", "batch", TaintEffect.NO_SCHEDULE)
                    .taint("spot", "true", TaintEffect.NO_SCHEDULE))
            .pod(pod("web").tolerate("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .refused("node(s) had untolerated taint {spot: true}"),
        row("of two untolerated taints the first is named")
            .nodes(
                node("n1")
                    .taint("dedicated", "batch", TaintEffect.NO_SCHEDULE)
                    .taint("spot", "true", TaintEffect.NO_SCHEDULE))
            .pod(pod("web"))
            .refused("node(s) had untolerated taint {dedicated: batch}"),
        row("an untolerated taint is reported before a node selector mismatch")
            .nodes(node("n1").taint("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .pod(pod("web").nodeSelector("pool", "web"))
            .refused("node(s) had untolerated taint {dedicated: batch}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("taintToleration")
  void taintTolerationFilter(Check c) {
    c.assertVerdict();
  }

  static Stream<Check> nodeAffinity() {
    return Stream.of(
        row("a nodeSelector matching the node's label fits")
            .nodes(node("n1").label("pool", "web"))
            .pod(pod("web").nodeSelector("pool", "web"))
            .fits(),
        row("a nodeSelector with another value is refused")
            .nodes(node("n1").label("pool", "batch"))
            .pod(pod("web").nodeSelector("pool", "web"))
            .refused(NODE_AFFINITY),
        row("a nodeSelector on a label the node lacks is refused")
            .pod(pod("web").nodeSelector("pool", "web"))
            .refused(NODE_AFFINITY),
        row("nodeSelector and required affinity must both hold")
            .nodes(node("n1").label("pool", "web").label("arch", "arm64"))
            .pod(pod("web").nodeSelector("pool", "web").requireNode("arch", IN, "amd64"))
            .refused(NODE_AFFINITY),
        row("required terms are ORed: the second term matching is enough")
            .nodes(node("n1").label("arch", "arm64"))
            .pod(
                pod("web")
                    .requireNode("arch", IN, "amd64")
                    .nodeAffinityTerm(term("arch", IN, "arm64")))
            .fits(),
        row("requirements in one term are ANDed: one failing refuses")
            .nodes(node("n1").label("arch", "amd64").label("pool", "batch"))
            .pod(pod("web").requireNode("arch", IN, "amd64").requireNode("pool", IN, "web"))
            .refused(NODE_AFFINITY),
        row("In matches one of several values")
            .nodes(node("n1").zone("eu-1b"))
            .pod(pod("web").requireNode(ZONE, IN, "eu-1a", "eu-1b"))
            .fits(),
        row("In does not match a missing label")
            .pod(pod("web").requireNode(ZONE, IN, "eu-1a"))
            .refused(NODE_AFFINITY),
        row("NotIn refuses a listed value")
            .nodes(node("n1").zone("eu-1a"))
            .pod(pod("web").requireNode(ZONE, NOT_IN, "eu-1a"))
            .refused(NODE_AFFINITY),
        row("NotIn matches a missing label")
            .pod(pod("web").requireNode(ZONE, NOT_IN, "eu-1a"))
            .fits(),
        row("Exists matches any value")
            .nodes(node("n1").label("gpu", "t4"))
            .pod(pod("web").requireNode("gpu", EXISTS))
            .fits(),
        row("Exists refuses a missing label")
            .pod(pod("web").requireNode("gpu", EXISTS))
            .refused(NODE_AFFINITY),
        row("DoesNotExist matches a missing label")
            .pod(pod("web").requireNode("gpu", DOES_NOT_EXIST))
            .fits(),
        row("DoesNotExist refuses a present label")
            .nodes(node("n1").label("gpu", "t4"))
            .pod(pod("web").requireNode("gpu", DOES_NOT_EXIST))
            .refused(NODE_AFFINITY),
        row("Gt compares integers: 16 > 8")
            .nodes(node("n1").label("cores", "16"))
            .pod(pod("web").requireNode("cores", GT, "8"))
            .fits(),
        row("Gt is strict: 8 > 8 is false")
            .nodes(node("n1").label("cores", "8"))
            .pod(pod("web").requireNode("cores", GT, "8"))
            .refused(NODE_AFFINITY),
        row("Gt compares numbers, not strings: 9 > 10 is false")
            .nodes(node("n1").label("cores", "9"))
            .pod(pod("web").requireNode("cores", GT, "10"))
            .refused(NODE_AFFINITY),
        row("Lt compares integers: 4 < 8")
            .nodes(node("n1").label("cores", "4"))
            .pod(pod("web").requireNode("cores", LT, "8"))
            .fits(),
        row("a non-integer label never matches Gt")
            .nodes(node("n1").label("cores", "many"))
            .pod(pod("web").requireNode("cores", GT, "8"))
            .refused(NODE_AFFINITY),
        row("a non-integer label never matches Lt")
            .nodes(node("n1").label("cores", "few"))
            .pod(pod("web").requireNode("cores", LT, "8"))
            .refused(NODE_AFFINITY),
        row("a missing label never matches Gt")
            .pod(pod("web").requireNode("cores", GT, "8"))
            .refused(NODE_AFFINITY),
        row("matchFields on metadata.name selects the node by name")
            .pod(pod("web").nodeAffinityTerm(nameTerm(IN, "n1")))
            .fits(),
        row("matchFields on metadata.name refuses other nodes")
            .pod(pod("web").nodeAffinityTerm(nameTerm(IN, "n2")))
            .refused(NODE_AFFINITY),
        row("matchFields NotIn on metadata.name keeps the pod off that node")
            .pod(pod("web").nodeAffinityTerm(nameTerm(NOT_IN, "n1")))
            .refused(NODE_AFFINITY),
        row("an empty term matches nothing")
            .pod(pod("web").nodeAffinityTerm(new NodeSelectorTerm(List.of(), List.of())))
            .refused(NODE_AFFINITY),
        row("an empty term ORed with a matching term still fits")
            .nodes(node("n1").label("pool", "web"))
            .pod(
                pod("web")
                    .nodeAffinityTerm(new NodeSelectorTerm(List.of(), List.of()))
                    .nodeAffinityTerm(term("pool", IN, "web")))
            .fits());
  }

  private static final String ZONE = dev.skyscaler.core.model.Node.ZONE_LABEL;

  private static NodeSelectorTerm term(String key, NodeSelectorTerm.Operator op, String... values) {
    return new NodeSelectorTerm(List.of(new Requirement(key, op, List.of(values))), List.of());
  }

  private static NodeSelectorTerm nameTerm(NodeSelectorTerm.Operator op, String... names) {
    return new NodeSelectorTerm(
        List.of(), List.of(new Requirement("metadata.name", op, List.of(names))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeAffinity")
  void nodeAffinityFilter(Check c) {
    c.assertVerdict();
  }

  static Stream<Check> nodeResourcesFit() {
    return Stream.of(
        row("a pod within the free cpu and memory fits")
            .nodes(node("n1").cpu("4").memory("16Gi"))
            .running(pod("busy").cpu("3").memory("8Gi").on("n1"))
            .pod(pod("web").cpu("1").memory("8Gi"))
            .fits(),
        row("a pod needing more cpu than is free gets Insufficient cpu")
            .nodes(node("n1").cpu("4"))
            .running(pod("busy").cpu("3500m").on("n1"))
            .pod(pod("web").cpu("501m"))
            .refused("Insufficient cpu"),
        row("a pod needing more memory than is free gets Insufficient memory")
            .nodes(node("n1").memory("16Gi"))
            .running(pod("busy").memory("15Gi").on("n1"))
            .pod(pod("web").memory("1025Mi"))
            .refused("Insufficient memory"),
        row("a pod needing more ephemeral storage than is free gets Insufficient ephemeral-storage")
            .nodes(node("n1").ephemeralStorage("20Gi"))
            .running(pod("busy").ephemeralStorage("15Gi").on("n1"))
            .pod(pod("web").ephemeralStorage("6Gi"))
            .refused("Insufficient ephemeral-storage"),
        row("a node at its pod limit gets Too many pods")
            .nodes(node("n1").pods(2))
            .running(pod("a").on("n1"), pod("b").on("n1"))
            .pod(pod("web"))
            .refused(TOO_MANY_PODS),
        row("a GPU pod on a node without GPUs gets Insufficient nvidia.com/gpu")
            .pod(pod("train").gpu(1))
            .refused("Insufficient nvidia.com/gpu"),
        row("a GPU pod on a node whose GPUs are taken gets Insufficient nvidia.com/gpu")
            .nodes(node("n1").gpu(1))
            .running(pod("other").gpu(1).on("n1"))
            .pod(pod("train").gpu(1))
            .refused("Insufficient nvidia.com/gpu"),
        row("any extended resource is checked like a GPU")
            .nodes(node("n1").resource("example.com/dongle", "2"))
            .pod(pod("web").resource("example.com/dongle", "3"))
            .refused("Insufficient example.com/dongle"),
        row("several shortages are joined, pods first, then cpu, memory, storage, extended")
            .nodes(node("n1").cpu("1").memory("1Gi").ephemeralStorage("1Gi").pods(1))
            .running(pod("a").on("n1"))
            .pod(pod("web").cpu("2").memory("2Gi").ephemeralStorage("2Gi").gpu(1))
            .refused(
                "Too many pods, Insufficient cpu, Insufficient memory,"
                    + " Insufficient ephemeral-storage, Insufficient nvidia.com/gpu"),
        row("a pod asking for exactly what is free fits")
            .nodes(node("n1").cpu("4").memory("16Gi"))
            .running(pod("busy").cpu("2500m").memory("12Gi").on("n1"))
            .pod(pod("web").cpu("1500m").memory("4Gi"))
            .fits(),
        row("allocatable, not capacity, is what a pod must fit in")
            .nodes(node("n1").cpu("4").reserved("500m", "0"))
            .pod(pod("web").cpu("3600m"))
            .refused("Insufficient cpu"),
        row("a pod asking no cpu fits a node whose cpu is overcommitted by running pods")
            .nodes(node("n1").cpu("4"))
            .running(pod("static").cpu("5").on("n1"))
            .pod(pod("web").memory("1Gi"))
            .fits(),
        row("a pod asking for nothing still needs a pod slot")
            .nodes(node("n1").cpu("1").pods(1))
            .running(pod("a").on("n1"))
            .pod(pod("web"))
            .refused(TOO_MANY_PODS));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeResourcesFit")
  void nodeResourcesFitFilter(Check c) {
    c.assertVerdict();
  }
}
