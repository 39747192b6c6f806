package dev.skyscaler.aws;

import dev.skyscaler.kubernetes.KubernetesConnection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A {@link ClusterConnector} whose first connection is made during an on-demand initialisation, on
 * a thread of its own, while the handler is still being constructed: reading the kubeconfig secret
 * or describing the EKS cluster, and building the client, then no longer wait for the first scan.
 * The first {@link #connect} takes that connection when it succeeded and is at most {@link
 * #MAX_AGE} old (Lambda may initialise an environment ahead of its first invocation); otherwise it
 * closes it and connects anew, so a failure at initialisation is tried again, and reported, by the
 * scan. Later calls connect as the wrapped connector does.
 *
 * <p>Never for SnapStart or provisioned concurrency: their snapshot or pre-initialised environment
 * must hold no connection ({@link FunctionWiring}).
 */
final class ConnectAhead implements ClusterConnector {
  /** The oldest connection made ahead that the first scan still takes. */
  static final Duration MAX_AGE = Duration.ofSeconds(60);

  private final ClusterConnector connector;
  private final Clock clock;
  private final Instant started;
  private BackgroundBuild<KubernetesConnection> ahead;

  private ConnectAhead(ClusterConnector connector, Clock clock) {
    this.connector = Objects.requireNonNull(connector, "connector");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.started = clock.instant();
    this.ahead = BackgroundBuild.start("skyscaler-connect-ahead", connector::connect);
  }

  /** Starts the first connection now. */
  static ConnectAhead start(ClusterConnector connector, Clock clock) {
    return new ConnectAhead(connector, clock);
  }

  @Override
  public synchronized KubernetesConnection connect() {
    BackgroundBuild<KubernetesConnection> first = ahead;
    ahead = null;
    if (first != null) {
      KubernetesConnection made = null;
      try {
        made = first.get();
      } catch (RuntimeException e) {
        // connect anew below: a lasting failure is then reported by the scan, with its message
      }
      if (made != null) {
        if (Duration.between(started, clock.instant()).compareTo(MAX_AGE) <= 0) {
          return made;
        }
        made.close();
      }
    }
    return connector.connect();
  }

  @Override
  public String toString() {
    return connector.toString();
  }
}
