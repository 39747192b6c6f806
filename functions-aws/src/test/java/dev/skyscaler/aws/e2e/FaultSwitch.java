package dev.skyscaler.aws.e2e;

import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * Makes one kind of external call fail in the first scan that makes it, and in no other: every
 * matching request of that scan (so the client's own retries cannot hide the failure), or the first
 * matching cloud call. A failed API request gets a 503 and changes nothing; a cloud call is refused
 * before it reaches the cloud ({@link Cloud#REFUSED}) or takes effect with its answer lost ({@link
 * Cloud#ANSWER_LOST}).
 */
final class FaultSwitch {
  /** Makes a fresh switch for one run. */
  @FunctionalInterface
  interface Kind {
    FaultSwitch create();
  }

  /** How a faulted cloud call fails. */
  enum Cloud {
    REFUSED,
    ANSWER_LOST
  }

  private final Predicate<ApiCall> api;
  private final Class<? extends Action> action;
  private final Cloud how;
  private final boolean read;
  private boolean armed = true;
  private boolean hit;
  private int firedInScan = -1;
  private int scan;

  private FaultSwitch(
      Predicate<ApiCall> api, Class<? extends Action> action, Cloud how, boolean read) {
    this.api = api;
    this.action = action;
    this.how = how;
    this.read = read;
  }

  /** Every request matching {@code api} of the first scan that sends one fails. */
  static FaultSwitch api(Predicate<ApiCall> api) {
    return new FaultSwitch(api, null, null, false);
  }

  /** The first cloud action of this type fails as {@code how} says. */
  static FaultSwitch cloud(Class<? extends Action> action, Cloud how) {
    return new FaultSwitch(c -> false, action, how, false);
  }

  /** The first read of the cloud fails. */
  static FaultSwitch cloudRead() {
    return new FaultSwitch(c -> false, null, null, true);
  }

  FaultSwitch on(MockCluster cluster) {
    cluster.fail(this::failsRequest, 503, Integer.MAX_VALUE);
    return this;
  }

  private synchronized boolean failsRequest(ApiCall c) {
    if (armed && api.test(c)) {
      hit = true;
      return true;
    }
    return false;
  }

  /** Disarms the switch once its scan has made the faulted call; the next scan begins. */
  synchronized void scanEnded() {
    if (hit && armed) {
      armed = false;
      firedInScan = scan;
    }
    scan++;
  }

  /** The scan (from 0) in which the call failed; -1 when it never did. */
  synchronized int firedInScan() {
    return firedInScan;
  }

  NodeGroupProvider wrap(NodeGroupProvider cloud) {
    return new NodeGroupProvider() {
      @Override
      public Discovery discover(List<Node> nodes) {
        return cloud.discover(nodes);
      }

      @Override
      public CloudRead readCloud() {
        if (fires(null, read)) {
          throw new IllegalStateException("injected: DescribeAutoScalingGroups failed");
        }
        return cloud.readCloud();
      }

      @Override
      public Outcome apply(Action a) {
        return apply(a, WriteFence.UNBOUNDED);
      }

      @Override
      public Outcome apply(Action a, Duration budget) {
        if (!fires(a, false)) {
          return cloud.apply(a, budget);
        }
        if (how == Cloud.ANSWER_LOST) {
          cloud.apply(a, budget);
          throw new IllegalStateException("injected: the answer to " + a.describe() + " was lost");
        }
        throw new IllegalStateException("injected: " + a.describe() + " was refused");
      }
    };
  }

  private synchronized boolean fires(Action a, boolean isRead) {
    boolean matches = isRead || (a != null && action != null && action.isInstance(a));
    if (armed && matches) {
      hit = true;
      return true;
    }
    return false;
  }
}
