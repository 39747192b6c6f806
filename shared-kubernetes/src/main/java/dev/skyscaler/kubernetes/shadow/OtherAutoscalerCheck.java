package dev.skyscaler.kubernetes.shadow;

import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.status.StatusWriter;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Finds a Cluster Autoscaler that is running on the cluster, so that a scan does not act next to
 * it: two autoscalers acting on the same node groups undo each other's work.
 *
 * <p>A CA is running when either
 *
 * <ul>
 *   <li>its leader-election Lease ({@code kube-system/cluster-autoscaler}) has a holder and was
 *       renewed less than its {@code leaseDurationSeconds} (plus the clock skew allowed) ago; or
 *   <li>its status ConfigMap ({@code kube-system/cluster-autoscaler-status}) carries a {@code
 *       cluster-autoscaler.kubernetes.io/last-updated} time within {@link CheckOptions#recent()}
 *       that Skyscaler did not write: Skyscaler stamps each status it writes with the same time
 *       under {@link StatusWriter#WRITTEN_BY_SKYSCALER}, so a differing stamp was written by
 *       someone else. This finds a CA run with {@code --leader-elect=false}.
 * </ul>
 *
 * A Lease whose holder stopped renewing (a CA scaled to zero) is stale and finds nothing. Reads
 * only: two GETs. A CA Deployment scaled to zero is deliberately not a sighting: that is the state
 * a migration leaves.
 */
public final class OtherAutoscalerCheck {
  static final String CA_LAST_UPDATED = "cluster-autoscaler.kubernetes.io/last-updated";

  private final KubernetesConnection connection;
  private final CheckOptions options;

  /**
   * Where CA keeps its Lease and status, and what counts as recent.
   *
   * @param namespace CA's {@code --namespace}
   * @param lease CA's leader-election Lease
   * @param status CA's {@code --status-config-map-name}
   * @param recent a status updated this recently by someone else means a running CA; CA writes it
   *     every loop (10 seconds by default)
   * @param clockSkew added to the Lease's duration: when in doubt, a CA is taken to be running
   */
  public record CheckOptions(
      String namespace, String lease, String status, Duration recent, Duration clockSkew) {
    /** CA's defaults; a status updated within 2 minutes; clocks within 10 seconds. */
    public static final CheckOptions DEFAULTS =
        new CheckOptions(
            "kube-system",
            "cluster-autoscaler",
            "cluster-autoscaler-status",
            Duration.ofMinutes(2),
            Duration.ofSeconds(10));

    public CheckOptions {
      Objects.requireNonNull(namespace, "namespace");
      Objects.requireNonNull(lease, "lease");
      Objects.requireNonNull(status, "status");
      if (recent == null || recent.isNegative() || recent.isZero()) {
        throw new IllegalArgumentException("recent must be positive, got " + recent);
      }
      if (clockSkew == null || clockSkew.isNegative()) {
        throw new IllegalArgumentException("clockSkew must be zero or positive, got " + clockSkew);
      }
    }
  }

  /**
   * A running autoscaler, as found: Cluster Autoscaler, or Karpenter managing nodes of Skyscaler's
   * node groups ({@link KarpenterCheck}).
   *
   * @param autoscaler who, e.g. {@code Cluster Autoscaler}
   * @param found what was seen, naming the object and its times
   * @param proceed how to let Skyscaler act
   */
  public record Sighting(String autoscaler, String found, String proceed) {
    static final String SHADOW =
        "set DRY_RUN=true (skyscaler run --dry-run) to compare their decisions in shadow mode";

    public Sighting {
      Objects.requireNonNull(autoscaler, "autoscaler");
      Objects.requireNonNull(found, "found");
      Objects.requireNonNull(proceed, "proceed");
    }

    /** A running Cluster Autoscaler. */
    public static Sighting clusterAutoscaler(String found) {
      return new Sighting(
          "Cluster Autoscaler",
          found,
          "Scale Cluster Autoscaler to 0 replicas to let Skyscaler act, or " + SHADOW);
    }

    /** What was found and how to proceed, for logs and the status ConfigMap. */
    public String describe() {
      return autoscaler
          + " is running ("
          + found
          + "): Skyscaler planned but took no action. "
          + proceed;
    }
  }

  public OtherAutoscalerCheck(KubernetesConnection connection, CheckOptions options) {
    this.connection = Objects.requireNonNull(connection, "connection");
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * The running CA, if any.
   *
   * @throws KubernetesApiException when the Lease or the ConfigMap cannot be read (not found is
   *     nothing found)
   */
  public Optional<Sighting> find(Instant now) {
    return fromLease(now).or(() -> fromStatus(now));
  }

  private Optional<Sighting> fromLease(Instant now) {
    Lease lease = lease();
    if (lease == null || lease.getSpec() == null) {
      return Optional.empty();
    }
    var spec = lease.getSpec();
    String holder = spec.getHolderIdentity();
    if (holder == null || holder.isBlank() || spec.getRenewTime() == null) {
      return Optional.empty();
    }
    Instant renewed = spec.getRenewTime().toInstant();
    long seconds = spec.getLeaseDurationSeconds() == null ? 15 : spec.getLeaseDurationSeconds();
    if (!now.isBefore(renewed.plusSeconds(seconds).plus(options.clockSkew()))) {
      return Optional.empty();
    }
    return Optional.of(
        Sighting.clusterAutoscaler(
            "its Lease "
                + describe(options.lease())
                + " is held by "
                + holder
                + ", renewed at "
                + renewed
                + " for "
                + seconds
                + "s"));
  }

  private Optional<Sighting> fromStatus(Instant now) {
    ConfigMap cm = status();
    if (cm == null || cm.getMetadata() == null) {
      return Optional.empty();
    }
    Map<String, String> annotations = cm.getMetadata().getAnnotations();
    if (annotations == null) {
      return Optional.empty();
    }
    String stamp = annotations.get(CA_LAST_UPDATED);
    if (stamp == null || stamp.equals(annotations.get(StatusWriter.WRITTEN_BY_SKYSCALER))) {
      return Optional.empty();
    }
    return GoTimes.parse(stamp)
        .filter(t -> t.plus(options.recent()).isAfter(now))
        .map(
            t ->
                Sighting.clusterAutoscaler(
                    "its status ConfigMap "
                        + describe(options.status())
                        + " was updated at "
                        + t
                        + ", not by Skyscaler"));
  }

  private Lease lease() {
    try {
      return connection
          .client()
          .leases()
          .inNamespace(options.namespace())
          .withName(options.lease())
          .get();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of("get lease " + describe(options.lease()), e);
    }
  }

  private ConfigMap status() {
    try {
      return connection
          .client()
          .configMaps()
          .inNamespace(options.namespace())
          .withName(options.status())
          .get();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of("get configmap " + describe(options.status()), e);
    }
  }

  private String describe(String name) {
    return options.namespace() + "/" + name;
  }
}
