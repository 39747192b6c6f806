package dev.skyscaler.core.scaleup;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.GroupSpec;
import dev.skyscaler.testkit.PodSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * The scale-up plan against kube-scheduler's binding ({@link SchedulerReplay}) on random small
 * clusters: groups over one to three zones, some with a node already running part of the workloads
 * (some of those pods terminating), and pending workloads with hard zone spread (maxSkew 1 or 2,
 * sometimes minDomains), hostname spread, self anti-affinity on the hostname or the zone, or none.
 * Whatever the plan, once its nodes are up:
 *
 * <ul>
 *   <li>every pod the plan puts on a new node lands (the plan counts on no pod the rules keep out);
 *   <li>no new node stays empty;
 *   <li>every new node is needed: with one node fewer in any group, fewer pods land.
 * </ul>
 *
 * Seeds are fixed so that every build checks the same clusters.
 */
class SpreadPlanPropertiesTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final String ZONE = Node.ZONE_LABEL;
  static final List<String> ZONES = List.of("a", "b", "c");

  /** A random cluster as the class Javadoc describes it. */
  static ClusterSnapshot randomCluster(long seed) {
    Random r = new Random(seed);
    ClusterSpec c = cluster();
    int zones = 1 + r.nextInt(3);
    int workloads = 1 + r.nextInt(2);
    for (int z = 0; z < zones; z++) {
      String zone = ZONES.get(z);
      GroupSpec g = group("g-" + zone).max(1 + r.nextInt(5));
      if (r.nextInt(3) == 0) {
        String n = "n-" + zone;
        c.nodes(node(n).cpu("4").memory("16Gi").zone(zone).inGroup("g-" + zone));
        c.pods(pod("busy-" + zone).cpu((1 + r.nextInt(3)) + "").on(n));
        for (int w = 0; w < workloads; w++) {
          if (r.nextBoolean()) {
            PodSpec running = workloadPod(w, "run-" + zone + "-" + w).on(n);
            if (r.nextInt(3) == 0) {
              running.deletingAt(NOW.minusSeconds(10));
            }
            c.pods(running);
          }
        }
      } else {
        g.template(template().cpu(r.nextBoolean() ? "4" : "2").memory("16Gi").zone(zone));
      }
      c.groups(g);
    }
    for (int w = 0; w < workloads; w++) {
      c.pods(pending(r, w));
    }
    return c.build();
  }

  static PodSpec workloadPod(int w, String name) {
    return pod(name).label("app", "w" + w).ownedBy("ReplicaSet", "w" + w);
  }

  static PodSpec pending(Random r, int w) {
    PodSpec p =
        workloadPod(w, "w" + w)
            .cpu(List.of("500m", "1", "1500m", "2").get(r.nextInt(4)))
            .memory("1Gi")
            .times(1 + r.nextInt(8));
    switch (r.nextInt(5)) {
      case 0, 1 ->
          p.spread(
              new TopologySpreadConstraint(
                  1 + r.nextInt(2),
                  ZONE,
                  true,
                  LabelSelector.of(Map.of("app", "w" + w)),
                  r.nextInt(3) == 0 ? 1 + r.nextInt(3) : 1,
                  true,
                  false));
      case 2 -> p.spread(Node.HOSTNAME_LABEL, 1, "app", "w" + w);
      case 3 -> p.antiAffinity(r.nextBoolean() ? Node.HOSTNAME_LABEL : ZONE, "app", "w" + w);
      default -> {}
    }
    return p;
  }

  static ScaleUpPlanner plan(ClusterSnapshot c) {
    return new ScaleUpPlanner(c, ScaleUpOptions.defaults(), NOW).plan();
  }

  @Property(tries = 1000, seed = "20261126")
  void everyPodPlannedOnANewNodeLandsUnderTheStrictRules(@ForAll long seed) {
    ClusterSnapshot c = randomCluster(seed);
    ScaleUpPlanner planner = plan(c);
    SchedulerReplay.Outcome after = SchedulerReplay.replay(c, planner);

    assertThat(after.stranded()).as("planned bindings the scheduler never admits").isEmpty();
    Statistics.label("scales up").collect(!planner.scaleUps().isEmpty());
    Statistics.label("leaves pods pending").collect(!planner.noScaleUps().isEmpty());
  }

  @Property(tries = 1000, seed = "20261126")
  void noNewNodeStaysEmpty(@ForAll long seed) {
    ClusterSnapshot c = randomCluster(seed);
    ScaleUpPlanner planner = plan(c);
    SchedulerReplay.Outcome after = SchedulerReplay.replay(c, planner);

    Map<String, Long> perGroup = new TreeMap<>();
    after
        .podsOnNewNodes()
        .forEach(
            (node, pods) -> {
              if (pods > 0) {
                perGroup.merge(
                    planner.simulation().node(node).orElseThrow().group(), 1L, Long::sum);
              }
            });
    for (ScaleUp s : planner.scaleUps()) {
      assertThat(perGroup.getOrDefault(s.nodeGroup(), 0L))
          .as("nodes of " + s.nodeGroup() + " that receive pods")
          .isEqualTo(s.delta());
    }
  }

  @Property(tries = 1000, seed = "20261126")
  void everyNewNodeIsNeeded(@ForAll long seed) {
    ClusterSnapshot c = randomCluster(seed);
    SchedulerReplay.Outcome after = SchedulerReplay.replay(c, plan(c));

    assertThat(SchedulerReplay.removableNewNodes(after))
        .as("new nodes whose pods all fit the other nodes")
        .isEmpty();
  }
}
