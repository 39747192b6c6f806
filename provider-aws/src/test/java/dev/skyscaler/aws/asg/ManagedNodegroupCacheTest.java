package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.eks.EksGatewayException;
import dev.skyscaler.aws.eks.ManagedNodegroup;
import dev.skyscaler.kubernetes.mock.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How long DescribeNodegroup answers and failures are kept. */
class ManagedNodegroupCacheTest {
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-21T12:00:00Z"));
  private final List<String> calls = new ArrayList<>();
  private boolean denied;

  private final ManagedNodegroupCache cache =
      new ManagedNodegroupCache(
          (cluster, nodegroup) -> {
            calls.add(cluster + "/" + nodegroup);
            if (denied) {
              throw new EksGatewayException(
                  "eks:DescribeNodegroup " + cluster + "/" + nodegroup + " failed: AccessDenied",
                  null);
            }
            return new ManagedNodegroup(
                cluster,
                nodegroup,
                "ON_DEMAND",
                Map.of("call", "" + calls.size()),
                List.of(),
                Map.of());
          },
          clock);

  @Test
  void anAnswerIsReusedForSixMinutesThenAskedAgain() {
    ManagedNodegroup first = cache.get("prod", "gpu").nodegroup().orElseThrow();
    clock.advance(Duration.ofMinutes(6).minusSeconds(1));
    ManagedNodegroup cached = cache.get("prod", "gpu").nodegroup().orElseThrow();
    clock.advance(Duration.ofSeconds(1));
    ManagedNodegroup fresh = cache.get("prod", "gpu").nodegroup().orElseThrow();

    assertThat(cached).isSameAs(first);
    assertThat(fresh.labels()).containsEntry("call", "2");
    assertThat(calls).containsExactly("prod/gpu", "prod/gpu");
  }

  @Test
  void eachNodeGroupOfEachClusterIsAskedForOnce() {
    cache.get("prod", "gpu");
    cache.get("prod", "cpu");
    cache.get("test", "gpu");
    cache.get("prod", "gpu");

    assertThat(calls).containsExactly("prod/gpu", "prod/cpu", "test/gpu");
  }

  @Test
  void aFailureIsKeptForAMinuteSoAFixedPermissionShowsSoon() {
    denied = true;
    ManagedNodegroupCache.Answer failed = cache.get("prod", "gpu");
    clock.advance(Duration.ofSeconds(59));
    ManagedNodegroupCache.Answer stillFailed = cache.get("prod", "gpu");
    denied = false;
    clock.advance(Duration.ofSeconds(1));
    ManagedNodegroupCache.Answer fixed = cache.get("prod", "gpu");

    assertThat(failed.nodegroup()).isEmpty();
    assertThat(failed.failure()).isEqualTo("eks:DescribeNodegroup prod/gpu failed: AccessDenied");
    assertThat(stillFailed).isEqualTo(failed);
    assertThat(fixed.nodegroup()).isPresent();
    assertThat(fixed.failure()).isEmpty();
    assertThat(calls).hasSize(2);
  }
}
