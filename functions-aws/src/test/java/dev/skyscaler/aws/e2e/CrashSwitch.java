package dev.skyscaler.aws.e2e;

import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Kills the actor that makes the {@code k}-th write of a run, right after that write took effect:
 * every later call of that actor, to the API server or to the cloud, is refused before it reaches
 * anything, as if its function had died there (no state saved, the lease not released). The actors
 * after it live. Counts every write (a create, update, patch or delete of the API server, a cloud
 * action); reads are not counted, since dying after a read leaves the world as dying after the
 * write before it.
 */
final class CrashSwitch {
  private final int dieAfter;
  private int writes;
  private boolean dead;
  private final List<String> written = new ArrayList<>();

  /**
   * @param dieAfter the write after which the actor dies; 0 for none
   */
  CrashSwitch(int dieAfter) {
    this.dieAfter = dieAfter;
  }

  /** Refuses the API server's answers to a dead actor (503, nothing applied). */
  CrashSwitch on(MockCluster cluster) {
    cluster.fail(c -> blocks(c.toString(), c.isWrite()), 503, Integer.MAX_VALUE);
    return this;
  }

  /** The cloud as the actors see it: refused once the actor is dead. */
  NodeGroupProvider cloud(NodeGroupProvider cloud) {
    return new NodeGroupProvider() {
      @Override
      public Discovery discover(List<Node> nodes) {
        check("discover the cloud", false);
        return cloud.discover(nodes);
      }

      @Override
      public CloudRead readCloud() {
        check("read the cloud", false);
        return cloud.readCloud();
      }

      @Override
      public Outcome apply(Action action) {
        return apply(action, WriteFence.UNBOUNDED);
      }

      @Override
      public Outcome apply(Action action, Duration budget) {
        check("cloud: " + action.describe(), true);
        return cloud.apply(action, budget);
      }
    };
  }

  private void check(String call, boolean write) {
    if (blocks(call, write)) {
      throw new IllegalStateException("the actor died before: " + call);
    }
  }

  /** True when the call must not happen: its actor is dead. */
  synchronized boolean blocks(String call, boolean write) {
    if (dead) {
      return true;
    }
    if (write) {
      written.add(++writes + " " + call);
      dead = writes == dieAfter;
    }
    return false;
  }

  /** A fresh actor starts: alive, whatever happened to the one before. */
  synchronized void nextActor() {
    dead = false;
  }

  synchronized boolean died() {
    return writes >= dieAfter && dieAfter > 0;
  }

  /** Every write made, numbered, in order. */
  synchronized List<String> writes() {
    return List.copyOf(written);
  }
}
