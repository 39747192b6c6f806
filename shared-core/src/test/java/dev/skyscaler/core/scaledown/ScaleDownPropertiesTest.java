package dev.skyscaler.core.scaledown;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.GroupSpec;
import dev.skyscaler.testkit.PodSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties of every scale-down plan over random clusters (groups with minimums, pods of several
 * apps with PDBs, pods that must stay): no group below its minimum, no PDB overdrawn, no blocking
 * pod on a removed node, every pod of a removed node placed on a node that stays and has room, and
 * the same inputs give the same plan. Seeds are fixed so that every build checks the same clusters.
 */
class ScaleDownPropertiesTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final AutoscalerOptions OPTIONS =
      AutoscalerOptions.defaults()
          .withScaleDown(
              ScaleDownOptions.defaults().toBuilder()
                  .unneededTime(Duration.ZERO)
                  .maxDrainParallelism(3)
                  .build());

  /** A random cluster: 1-3 groups of 2-7 nodes, 0-4 pods per node, a PDB per app. */
  static ClusterSnapshot randomCluster(long seed) {
    Random r = new Random(seed);
    ClusterSpec c = cluster();
    int groups = 1 + r.nextInt(3);
    int podId = 0;
    for (int g = 0; g < groups; g++) {
      int size = 2 + r.nextInt(6);
      GroupSpec spec = group("g" + g).min(r.nextInt(3)).max(20);
      c.groups(spec);
      for (int i = 0; i < size; i++) {
        String name = "g" + g + "-n" + i;
        boolean big = r.nextBoolean();
        c.nodes(node(name).cpu(big ? "8" : "4").memory(big ? "32Gi" : "16Gi").inGroup("g" + g));
        long room = big ? 8000 : 4000;
        int pods = r.nextInt(5);
        for (int p = 0; p < pods; p++) {
          long cpu = 100 + r.nextInt(1900);
          if (cpu > room) {
            break;
          }
          room -= cpu;
          c.pods(randomPod(r, "p" + podId++, cpu).on(name));
        }
      }
    }
    for (String app : List.of("a", "b", "c")) {
      c.pdb(
          new PodDisruptionBudget(
              "default", app, LabelSelector.of(Map.of("app", app)), r.nextInt(3)));
    }
    return c.build();
  }

  static PodSpec randomPod(Random r, String name, long cpu) {
    String app = List.of("a", "b", "c", "d").get(r.nextInt(4));
    PodSpec p = pod(name).cpu(cpu + "m").memory((cpu * 2) + "Mi").label("app", app);
    p.ownedBy("ReplicaSet", app);
    switch (r.nextInt(20)) {
      case 0 -> p.noOwner();
      case 1 -> p.annotation(Drainability.SAFE_TO_EVICT, "false");
      case 2 -> p.localStorage("scratch");
      case 3 -> p.namespace("kube-system");
      case 4 -> p.daemonSet("agent");
      default -> {}
    }
    return p;
  }

  static Plan plan(ClusterSnapshot c) {
    return Autoscaler.runOnce(c, AutoscalerState.EMPTY, OPTIONS, NOW);
  }

  @Property(tries = 300, seed = "20261121")
  void noGroupGoesBelowItsMinimum(@ForAll long seed) {
    ClusterSnapshot c = randomCluster(seed);
    Plan plan = plan(c);
    for (NodeGroup g : c.nodeGroups()) {
      long removed = plan.scaleDowns().stream().filter(s -> s.nodeGroup().equals(g.name())).count();
      long started =
          plan.state().drains().values().stream()
              .filter(d -> d.nodeGroup().equals(g.name()))
              .count();
      assertThat(g.targetSize() - removed).as(g.name()).isGreaterThanOrEqualTo(g.minSize());
      assertThat(started).isLessThanOrEqualTo(removed);
    }
  }

  @Property(tries = 300, seed = "20261121")
  void noPdbIsOverdrawn(@ForAll long seed) {
    ClusterSnapshot c = randomCluster(seed);
    Plan plan = plan(c);
    Map<String, Pod> pods = podsByKey(c);
    for (PodDisruptionBudget pdb : c.pdbs()) {
      long disrupted =
          plan.scaleDowns().stream()
              .flatMap(s -> s.moves().keySet().stream())
              .map(pods::get)
              .filter(pdb::guards)
              .count();
      assertThat(disrupted).as(pdb.name()).isLessThanOrEqualTo(pdb.disruptionsAllowed());
    }
    boolean movesPods = plan.scaleDowns().stream().anyMatch(s -> !s.moves().isEmpty());
    Statistics.label("moves pods").collect(movesPods);
    Statistics.label("moves pods").coverage(check -> check.check(true).percentage(p -> p > 30));
  }

  @Property(tries = 300, seed = "20261121")
  void noRemovedNodeHostsABlockingPod(@ForAll long seed) {
    ClusterSnapshot c = randomCluster(seed);
    Plan plan = plan(c);
    Drainability rules =
        new Drainability(OPTIONS.scaleDown(), new PdbBudget(c.pdbs()), Map.of(), NOW);
    Set<String> removed = removedNodes(plan);
    for (Pod p : c.pods()) {
      if (p.nodeName().filter(removed::contains).isPresent()) {
        assertThat(rules.check(p, null).blocks()).as(p.key()).isFalse();
      }
    }
  }

  @Property(tries = 300, seed = "20261121")
  void everyPodOfARemovedNodeGoesToANodeThatStaysAndHasRoom(@ForAll long seed) {
    ClusterSnapshot c = randomCluster(seed);
    Plan plan = plan(c);
    Set<String> removed = removedNodes(plan);
    Map<String, Resources> used = new HashMap<>();
    for (Pod p : c.pods()) {
      String on = p.nodeName().orElseThrow();
      boolean leaves = removed.contains(on) && !p.isDaemonSetPod();
      if (!removed.contains(on)) {
        used.merge(on, p.requests(), Resources::plus);
      } else if (leaves) {
        String to = destination(plan, p);
        assertThat(removed).as(p.key() + " goes to " + to).doesNotContain(to);
        used.merge(to, p.requests(), Resources::plus);
      }
    }
    for (Node n : c.nodes()) {
      Resources u = used.getOrDefault(n.name(), Resources.ZERO);
      assertThat(u.cpu()).as(n.name() + " cpu").isLessThanOrEqualTo(n.allocatable().cpu());
      assertThat(u.memory()).as(n.name() + " memory").isLessThanOrEqualTo(n.allocatable().memory());
    }
  }

  @Property(tries = 100, seed = "20261121")
  void theSameInputsGiveTheSamePlan(@ForAll long seed) {
    assertThat(plan(randomCluster(seed))).isEqualTo(plan(randomCluster(seed)));
  }

  @Property(tries = 100, seed = "20261121")
  void aRemovalIsOnlyStartedForARemovableNodeAndNeverTwice(@ForAll long seed) {
    ClusterSnapshot c = randomCluster(seed);
    Plan plan = plan(c);
    List<String> tainted =
        plan.actions().stream()
            .filter(TaintNode.class::isInstance)
            .map(a -> ((TaintNode) a).node())
            .toList();
    assertThat(removedNodes(plan)).containsAll(tainted);
    assertThat(new HashSet<>(tainted)).hasSameSizeAs(tainted);
    assertThat(plan.actions()).noneMatch(DeleteInstance.class::isInstance);
  }

  static Set<String> removedNodes(Plan plan) {
    Set<String> removed = new HashSet<>();
    plan.scaleDowns().forEach(s -> removed.add(s.node()));
    return removed;
  }

  /** Where the pod ends up: moved with its node, and again if its destination went too. */
  static String destination(Plan plan, Pod p) {
    String at = p.nodeName().orElseThrow();
    for (ScaleDown s : plan.scaleDowns()) {
      if (s.node().equals(at) && s.moves().containsKey(p.key())) {
        at = s.moves().get(p.key());
      }
    }
    assertThat(at).as(p.key() + " has a destination").isNotEqualTo(p.nodeName().get());
    return at;
  }

  static Map<String, Pod> podsByKey(ClusterSnapshot c) {
    Map<String, Pod> m = new HashMap<>();
    c.pods().forEach(p -> m.put(p.key(), p));
    return m;
  }
}
