package dev.skyscaler.core.scaleup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The three clusters of ADR 0025's residue (seeds of {@link
 * RandomScaleUpClusters#drawWithoutBooting}): the scan that requested the nodes packed each chosen
 * group in one pass over every pod still pending, which the split replay (single-home pods first)
 * did not reproduce, so the next scan asked for one more node. Replaying the groups in the order
 * the first scan chose them finds the room (ADR 0053).
 */
class BootingReplayTest {
  record Case(String name, long seed, String group, int firstDelta) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "three 16-core nodes requested for seven pods, then one 2-core node: the big pod"
                + " p26 keeps its room",
            2089,
            "g0",
            3),
        new Case(
            "two 2-core nodes requested for five pods, then one of another 2-core group: p17"
                + " keeps its room",
            5691,
            "g2",
            2),
        new Case(
            "one 4-core node, then three 8-core nodes for seven pods: the 4.8-core pod p7 keeps"
                + " its room",
            9333,
            "g3",
            3));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void capacityABootingGroupWasRequestedForIsFoundAgainByTheNextScan(Case c) {
    RandomScaleUpClusters.Draw d = RandomScaleUpClusters.drawWithoutBooting(c.seed());
    Plan first = ScaleUpPropertiesTest.plan(d);
    Map<String, Integer> targets = new HashMap<>();
    for (ScaleUp s : first.scaleUps()) {
      targets.put(s.nodeGroup(), s.newTarget());
    }
    assertThat(first.scaleUps())
        .filteredOn(s -> s.nodeGroup().equals(c.group()))
        .singleElement()
        .extracting(ScaleUp::delta)
        .isEqualTo(c.firstDelta());

    Plan second =
        Autoscaler.runOnce(
            ScaleUpPropertiesTest.withTargets(d.cluster(), targets),
            first.state(),
            d.options(),
            ScaleUpPropertiesTest.NOW.plusSeconds(10));

    assertThat(second.scaleUps()).as("scale-ups of the second scan").isEmpty();
  }
}
