package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.eks.EksGatewayException;
import dev.skyscaler.aws.eks.ManagedNodegroup;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * EKS managed node groups as {@code eks:DescribeNodegroup} last described them, kept for as long as
 * the provider lives (one Lambda execution environment): an answer for {@link #TTL}, CA's {@code
 * managedNodegroupCachedTTL}, so a group scanned every 10 s costs one EKS call every 6 minutes. A
 * failure is kept too, as CA does, to limit failed calls, but only for {@link #FAILURE_TTL}, so
 * that a fixed permission or a passing outage shows within a minute.
 */
final class ManagedNodegroupCache {
  static final Duration TTL = Duration.ofMinutes(6);
  static final Duration FAILURE_TTL = Duration.ofMinutes(1);

  /** The EKS call, normally {@link dev.skyscaler.aws.eks.EksGateway#describeNodegroup}. */
  @FunctionalInterface
  interface Lookup {
    /**
     * @throws EksGatewayException when EKS refuses or the node group does not exist
     */
    ManagedNodegroup describe(String cluster, String nodegroup);
  }

  /** One lookup's result: the node group, or why it could not be described. */
  record Answer(Optional<ManagedNodegroup> nodegroup, String failure) {
    Answer {
      Objects.requireNonNull(nodegroup, "nodegroup");
      Objects.requireNonNull(failure, "failure");
    }

    static Answer found(ManagedNodegroup nodegroup) {
      return new Answer(Optional.of(nodegroup), "");
    }

    static Answer failed(String why) {
      return new Answer(Optional.empty(), why);
    }
  }

  private record Key(String cluster, String nodegroup) {}

  private record Entry(Answer answer, Instant expires) {}

  private final Lookup lookup;
  private final Clock clock;
  private final Map<Key, Entry> entries = new ConcurrentHashMap<>();

  ManagedNodegroupCache(Lookup lookup, Clock clock) {
    this.lookup = lookup;
    this.clock = clock;
  }

  /** The cached answer while it is fresh, else a new DescribeNodegroup. */
  Answer get(String cluster, String nodegroup) {
    Key key = new Key(cluster, nodegroup);
    Instant now = clock.instant();
    Entry cached = entries.get(key);
    if (cached != null && now.isBefore(cached.expires())) {
      return cached.answer();
    }
    Entry fresh;
    try {
      fresh = new Entry(Answer.found(lookup.describe(cluster, nodegroup)), now.plus(TTL));
    } catch (EksGatewayException e) {
      fresh = new Entry(Answer.failed(e.getMessage()), now.plus(FAILURE_TTL));
    }
    // node groups deleted since are forgotten once they expire
    entries.values().removeIf(e -> !now.isBefore(e.expires()));
    entries.put(key, fresh);
    return fresh.answer();
  }
}
