package dev.skyscaler.core.scaledown;

import static dev.skyscaler.core.scaledown.DownRule.NOW;
import static dev.skyscaler.core.scaledown.DownRule.rule;
import static dev.skyscaler.core.scaledown.EligibilityRulesTest.withN2;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;

import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.PodDisruptionBudget;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.PodSpec;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CA's drainability rules, in CA's order (docs/algorithm.md §19): for each, a node n2 holding the
 * pod next to a node n1 with room for it. A blocking pod is reported with CA's reason name.
 */
class DrainabilityRulesTest {
  static final String SAFE = Drainability.SAFE_TO_EVICT;

  static String blocked(String pod, String reason) {
    return "BlockedByPod: " + pod + " (" + reason + ")";
  }

  static PodDisruptionBudget pdb(String namespace, String app, int allowed) {
    return new PodDisruptionBudget(
        namespace, app + "-pdb", LabelSelector.of(Map.of("app", app)), allowed);
  }

  static ClusterSpec n2With(PodSpec... pods) {
    return withN2(pods);
  }

  static Stream<DownRule> rules() {
    return Stream.of(
        rule("a mirror pod neither moves nor blocks")
            .given(n2With(pod("etcd").cpu("100m").mirror()))
            .removable("n2")
            .moves("n2", Map.of())
            .build(),
        rule("a pod terminating past its grace period neither moves nor blocks")
            .given(n2With(pod("bare").noOwner().grace(30).deletingAt(NOW.minusSeconds(90))))
            .removable("n2")
            .moves("n2", Map.of())
            .build(),
        rule("a ReplicaSet with fewer live pods than min-replica-count blocks")
            .given(n2With(pod("web").cpu("500m")))
            .with(o -> o.toBuilder().minReplicaCount(2).build())
            .keeps("n2", blocked("default/web", "MinReplicasReached"))
            .build(),
        rule("a ReplicaSet with enough live pods moves")
            .given(n2With(pod("web").cpu("500m").times(2)))
            .with(o -> o.toBuilder().minReplicaCount(2).build())
            .removable("n2")
            .build(),
        rule("min-replica-count applies only with skip-nodes-with-custom-controller-pods")
            .given(n2With(pod("web").cpu("500m")))
            .with(
                o ->
                    o.toBuilder()
                        .minReplicaCount(2)
                        .skipNodesWithCustomControllerPods(false)
                        .build())
            .removable("n2")
            .build(),
        rule("a DaemonSet pod goes with the node and is not moved")
            .given(n2With(pod("agent").cpu("100m").daemonSet("agent")))
            .removable("n2")
            .moves("n2", Map.of())
            .build(),
        rule("safe-to-evict true moves a pod without a controller")
            .given(n2With(pod("bare").cpu("1").noOwner().annotation(SAFE, "true")))
            .removable("n2")
            .moves("n2", Map.of("default/bare", "n1"))
            .build(),
        rule("safe-to-evict true overrides local storage")
            .given(n2With(pod("cache").localStorage("data").annotation(SAFE, "true")))
            .removable("n2")
            .build(),
        rule("safe-to-evict true overrides an exhausted PDB")
            .given(
                n2With(pod("web").label("app", "web").annotation(SAFE, "true"))
                    .pdb(pdb("default", "web", 0)))
            .removable("n2")
            .build(),
        rule("a Succeeded pod neither moves nor blocks")
            .given(
                EligibilityRulesTest.withN2Placed(
                    node("n2"), pod("job").cpu("1").noOwner().on("n2").phase(PodPhase.SUCCEEDED)))
            .removable("n2")
            .moves("n2", Map.of())
            .build(),
        rule("a Failed pod neither moves nor blocks")
            .given(
                EligibilityRulesTest.withN2Placed(
                    node("n2"), pod("job").cpu("1").noOwner().on("n2").phase(PodPhase.FAILED)))
            .removable("n2")
            .moves("n2", Map.of())
            .build(),
        rule("safe-to-evict on-completion blocks while the pod runs")
            .given(n2With(pod("batch").cpu("1").annotation(SAFE, "on-completion")))
            .keeps("n2", blocked("default/batch", "BlockedByOnCompletionPod"))
            .build(),
        rule("a finished on-completion pod no longer blocks")
            .given(
                EligibilityRulesTest.withN2Placed(
                    node("n2"),
                    pod("batch")
                        .cpu("1")
                        .annotation(SAFE, "on-completion")
                        .on("n2")
                        .phase(PodPhase.SUCCEEDED)))
            .removable("n2")
            .build(),
        rule("a pod without a controller blocks")
            .given(n2With(pod("bare").cpu("1").noOwner()))
            .keeps("n2", blocked("default/bare", "NotReplicated"))
            .build(),
        rule("a pod of a custom controller blocks by default")
            .given(n2With(pod("x").cpu("1").ownedBy("MyController", "x")))
            .keeps("n2", blocked("default/x", "NotReplicated"))
            .build(),
        rule("skip-nodes-with-custom-controller-pods=false accepts any controller")
            .given(n2With(pod("x").cpu("1").ownedBy("MyController", "x")))
            .with(o -> o.toBuilder().skipNodesWithCustomControllerPods(false).build())
            .removable("n2")
            .build(),
        rule("Job and StatefulSet pods are replicated")
            .given(
                n2With(
                    pod("job").cpu("500m").ownedBy("Job", "job"),
                    pod("db").cpu("500m").ownedBy("StatefulSet", "db")))
            .removable("n2")
            .moves("n2", Map.of("default/job", "n1", "default/db", "n1"))
            .build(),
        rule("a kube-system pod no PDB covers blocks")
            .given(n2With(kubeSystem("dns").createdAt(NOW.minus(Duration.ofMinutes(59)))))
            .keeps("n2", blocked("kube-system/dns", "UnmovableKubeSystemPod"))
            .build(),
        rule("a kube-system pod older than blocking-system-pod-distruption-timeout moves")
            .given(n2With(kubeSystem("dns").createdAt(NOW.minus(Duration.ofHours(1)))))
            .removable("n2")
            .build(),
        rule("the kube-system timeout is configurable")
            .given(n2With(kubeSystem("dns").createdAt(NOW.minus(Duration.ofMinutes(59)))))
            .with(o -> o.toBuilder().blockingSystemPodDisruptionTimeout(Duration.ZERO).build())
            .removable("n2")
            .build(),
        rule("a kube-system pod a PDB covers moves")
            .given(n2With(kubeSystem("dns").createdAt(NOW)).pdb(pdb("kube-system", "dns", 1)))
            .removable("n2")
            .build(),
        rule("a kube-system pod whose PDB has no disruption left is blocked by the PDB")
            .given(n2With(kubeSystem("dns").createdAt(NOW)).pdb(pdb("kube-system", "dns", 0)))
            .keeps("n2", blocked("kube-system/dns", "NotEnoughPdb"))
            .build(),
        rule("skip-nodes-with-system-pods=false lets kube-system pods move")
            .given(n2With(kubeSystem("dns").createdAt(NOW)))
            .with(o -> o.toBuilder().skipNodesWithSystemPods(false).build())
            .removable("n2")
            .build(),
        rule("safe-to-evict false blocks")
            .given(n2With(pod("web").cpu("1").annotation(SAFE, "false")))
            .keeps("n2", blocked("default/web", "NotSafeToEvictAnnotation"))
            .build(),
        rule("a pod with local storage blocks")
            .given(n2With(pod("cache").cpu("1").localStorage("data")))
            .keeps("n2", blocked("default/cache", "LocalStorageRequested"))
            .build(),
        rule("safe-to-evict-local-volumes naming the volume lets the pod move")
            .given(
                n2With(
                    pod("cache")
                        .localStorage("data")
                        .annotation(Drainability.SAFE_TO_EVICT_LOCAL_VOLUMES, "tmp,data")))
            .removable("n2")
            .build(),
        rule("safe-to-evict-local-volumes is taken literally, spaces included")
            .given(
                n2With(
                    pod("cache")
                        .localStorage("data")
                        .annotation(Drainability.SAFE_TO_EVICT_LOCAL_VOLUMES, "tmp, data")))
            .keeps("n2", blocked("default/cache", "LocalStorageRequested"))
            .build(),
        rule("skip-nodes-with-local-storage=false lets it move")
            .given(n2With(pod("cache").cpu("1").localStorage("data")))
            .with(o -> o.toBuilder().skipNodesWithLocalStorage(false).build())
            .removable("n2")
            .build(),
        rule("a PDB with no disruption left blocks")
            .given(n2With(pod("web").label("app", "web")).pdb(pdb("default", "web", 0)))
            .keeps("n2", blocked("default/web", "NotEnoughPdb"))
            .build(),
        rule("a PDB in another namespace does not cover the pod")
            .given(n2With(pod("web").label("app", "web")).pdb(pdb("other", "web", 0)))
            .removable("n2")
            .build(),
        rule("CA's order: no controller is reported before safe-to-evict false")
            .given(n2With(pod("bare").noOwner().annotation(SAFE, "false")))
            .keeps("n2", blocked("default/bare", "NotReplicated"))
            .build(),
        rule("CA's order: a kube-system pod before its local storage")
            .given(n2With(kubeSystem("dns").createdAt(NOW).localStorage("data")))
            .keeps("n2", blocked("kube-system/dns", "UnmovableKubeSystemPod"))
            .build(),
        rule("CA's order: local storage before an exhausted PDB")
            .given(
                n2With(pod("web").label("app", "web").localStorage("data"))
                    .pdb(pdb("default", "web", 0)))
            .keeps("n2", blocked("default/web", "LocalStorageRequested"))
            .build(),
        rule("an expendable pod neither moves nor blocks")
            .given(n2With(pod("bare").cpu("1").noOwner().priority(-11)))
            .removable("n2")
            .moves("n2", Map.of())
            .build(),
        rule("the first blocking pod by name is the one reported")
            .given(n2With(pod("b-bare").noOwner(), pod("a-bare").noOwner()))
            .keeps("n2", blocked("default/a-bare", "NotReplicated"))
            .build());
  }

  static PodSpec kubeSystem(String name) {
    return pod(name).namespace("kube-system").label("app", name).cpu("100m");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void drainabilityFollowsCasRulesInCasOrder(DownRule rule) {
    rule.check();
  }
}
