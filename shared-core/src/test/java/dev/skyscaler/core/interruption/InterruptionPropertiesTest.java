package dev.skyscaler.core.interruption;

import static dev.skyscaler.core.interruption.InterruptionRulesTest.NOW;
import static dev.skyscaler.core.interruption.InterruptionRulesTest.fleet;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.state.InterruptionState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Any order and duplication of notices ends in the same state: a random set of notices (spot
 * warnings, state changes, rebalance recommendations and lifecycle hooks for the fleet's two nodes
 * under either instance-id form, and notices for an instance of no node), each delivered one to
 * three times, shuffled and cut into random batches, leaves the same state as the set handled in
 * one call, and the scan after plans the same. The exhaustive {@link InterruptionIdempotenceTest}
 * does this for every permutation of one set.
 */
class InterruptionPropertiesTest {
  static final InterruptionOptions OPTIONS = InterruptionOptions.defaults();
  static final ClusterSnapshot CLUSTER = fleet().build();

  static InterruptionDecision handle(InterruptionState state, List<InterruptionNotice> notices) {
    return InterruptionPolicy.handle(CLUSTER, state, OPTIONS, NOW, notices);
  }

  @Property(seed = "20261121")
  void anyOrderAndDuplicationOfNoticesEndsInTheSameState(@ForAll long seed) {
    Random r = new Random(seed);
    List<InterruptionNotice> notices = notices(r);
    InterruptionDecision reference = handle(InterruptionState.EMPTY, notices);

    List<InterruptionNotice> deliveries = new ArrayList<>();
    for (InterruptionNotice n : notices) {
      for (int copies = 1 + r.nextInt(3); copies > 0; copies--) {
        deliveries.add(n);
      }
    }
    Collections.shuffle(deliveries, r);
    InterruptionState state = InterruptionState.EMPTY;
    int from = 0;
    while (from < deliveries.size()) {
      int to = from + 1 + r.nextInt(deliveries.size() - from);
      state = handle(state, deliveries.subList(from, to)).next();
      from = to;
    }

    assertThat(state).as("state after %s", deliveries).isEqualTo(reference.next());
    assertThat(handle(state, List.of()))
        .as("the scan after")
        .isEqualTo(handle(reference.next(), List.of()));
  }

  /**
   * 1-8 distinct notices, ids unique. Two lifecycle notices for one instance carry the same action
   * (token), as the Auto Scaling group sends them; other kinds may differ in their deadlines.
   */
  static List<InterruptionNotice> notices(Random r) {
    List<InterruptionNotice> notices = new ArrayList<>();
    int count = 1 + r.nextInt(8);
    for (int i = 0; i < count; i++) {
      String node = r.nextBoolean() ? "n1" : "n2";
      String instance =
          switch (r.nextInt(5)) {
            case 0 -> "aws:///eu-west-1a/i-" + node;
            case 1 -> "i-0other";
            default -> "i-" + node;
          };
      String id = "notice-" + i;
      notices.add(
          switch (r.nextInt(4)) {
            case 0 ->
                InterruptionNotice.of(
                    id, Kind.SPOT_WARNING, instance, NOW.plusSeconds(30 + r.nextInt(150)));
            case 1 ->
                InterruptionNotice.of(
                    id, Kind.STATE_CHANGE, instance, NOW.plusSeconds(r.nextInt(120)));
            case 2 -> InterruptionNotice.of(id, Kind.REBALANCE, instance, NOW);
            // an instance has one lifecycle action: its token and timeout come with the instance;
            // more than half the heartbeat timeout is left, so no call sends a heartbeat (which
            // would rightly extend the hook in the state of the deliveries that sent it)
            default ->
                new InterruptionNotice(
                    id,
                    Kind.LIFECYCLE_TERMINATE,
                    instance,
                    NOW.plus(Duration.ofMinutes(node.equals("n1") ? 45 : 60)),
                    Optional.of(new LifecycleHook("ng1", "drain-hook", "tok-" + node)));
          });
    }
    return notices;
  }
}
