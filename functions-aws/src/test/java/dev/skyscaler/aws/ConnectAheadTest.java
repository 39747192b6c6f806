package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ConnectAheadTest {
  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
  final List<String> threads = new CopyOnWriteArrayList<>();
  final AtomicInteger failuresLeft = new AtomicInteger();

  /** Connects to the mock cluster, noting the thread; fails while {@link #failuresLeft} lasts. */
  final ClusterConnector connector =
      () -> {
        threads.add(Thread.currentThread().getName());
        if (failuresLeft.getAndDecrement() > 0) {
          throw new IllegalStateException("secret kubeconfig: AccessDeniedException");
        }
        return cluster.connect();
      };

  @Test
  void theFirstConnectionIsMadeAheadOnItsOwnThreadAndTakenByTheFirstScan() {
    ConnectAhead ahead = ConnectAhead.start(connector, clock);

    try (KubernetesConnection first = ahead.connect()) {
      assertThat(first.client().nodes().list().getItems()).isEmpty();
    }
    assertThat(threads).containsExactly("skyscaler-connect-ahead");
  }

  @Test
  void laterScansConnectAnewOnTheirOwnThread() {
    ConnectAhead ahead = ConnectAhead.start(connector, clock);
    ahead.connect().close();

    ahead.connect().close();

    assertThat(threads)
        .containsExactly("skyscaler-connect-ahead", Thread.currentThread().getName());
  }

  @Test
  void aConnectionAheadThatFailedIsTriedAgainByTheFirstScan() {
    failuresLeft.set(1);
    ConnectAhead ahead = ConnectAhead.start(connector, clock);

    try (KubernetesConnection first = ahead.connect()) {
      assertThat(first.client().nodes().list().getItems()).isEmpty();
    }
    assertThat(threads).hasSize(2);
  }

  @Test
  void aFailureThatLastsReachesTheFirstScanWithItsOwnMessage() {
    failuresLeft.set(2);
    ConnectAhead ahead = ConnectAhead.start(connector, clock);

    assertThatThrownBy(ahead::connect)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("secret kubeconfig: AccessDeniedException");
  }

  @Test
  void aConnectionMadeMoreThanAMinuteBeforeTheFirstScanIsReplaced() {
    ConnectAhead ahead = ConnectAhead.start(connector, clock);
    clock.advance(ConnectAhead.MAX_AGE.plus(Duration.ofSeconds(1)));

    ahead.connect().close();

    assertThat(threads)
        .containsExactly("skyscaler-connect-ahead", Thread.currentThread().getName());
  }
}
