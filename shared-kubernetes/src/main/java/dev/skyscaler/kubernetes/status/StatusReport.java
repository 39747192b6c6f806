package dev.skyscaler.kubernetes.status;

import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.state.NodeGroupBackoff;
import dev.skyscaler.kubernetes.actuation.CaTaints;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Cluster Autoscaler's status document ({@code clusterstate/api} {@code ClusterAutoscalerStatus},
 * the YAML CA writes since 1.29): autoscaler status, cluster-wide health with node counts, scale-up
 * and scale-down conditions, and the same per node group with target, min and max size. Built from
 * a scan's snapshot and plan as nested maps in CA's field order; {@link StatusWriter} renders and
 * stores it. Pure: the time is a parameter.
 *
 * <p>What the snapshot cannot tell is reported as CA reports an absence: {@code unregistered} and
 * {@code longUnregistered} are 0 (cloud instances without a node are the health policy's business),
 * {@code resourceUnready} is 0.
 */
public final class StatusReport {
  /** Go's {@code time.Time.String()}, which CA uses for {@code time}. */
  static final DateTimeFormatter GO_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.nnnnnnnnn '+0000 UTC'")
          .withZone(ZoneOffset.UTC);

  private StatusReport() {}

  /**
   * Inputs beyond the snapshot and the plan.
   *
   * @param maxNodeStartupTime a not-ready node younger than this is {@code notStarted}, not unready
   * @param okTotalUnreadyCount {@code --ok-total-unready-count}
   * @param maxTotalUnreadyPercentage {@code --max-total-unready-percentage}
   * @param backoffs node groups in scale-up backoff, with CA's error code and message
   */
  public record StatusInputs(
      Duration maxNodeStartupTime,
      int okTotalUnreadyCount,
      double maxTotalUnreadyPercentage,
      Map<String, Backoff> backoffs) {
    public static final StatusInputs DEFAULTS =
        new StatusInputs(Duration.ofMinutes(15), 3, 45, Map.of());

    public StatusInputs {
      Objects.requireNonNull(maxNodeStartupTime, "maxNodeStartupTime");
      backoffs = Map.copyOf(backoffs);
    }
  }

  /** Why a group's scale-ups are paused ({@code QUOTA_EXCEEDED}, the cloud's message). */
  public record Backoff(String errorCode, String errorMessage) {
    /**
     * The groups of {@code backoffs} still backed off at {@code now}, each with CA's code and its
     * message followed by until when: {@code ...; backed off until 2026-11-27T12:05:00Z (5m)}.
     */
    public static Map<String, Backoff> active(Map<String, NodeGroupBackoff> backoffs, Instant now) {
      Map<String, Backoff> active = new LinkedHashMap<>();
      backoffs.forEach(
          (group, b) -> {
            if (b.activeAt(now)) {
              active.put(
                  group,
                  new Backoff(
                      b.errorCode(),
                      b.errorMessage()
                          + "; backed off until "
                          + b.until()
                          + " ("
                          + GoDuration.format(b.duration())
                          + ")"));
            }
          });
      return active;
    }
  }

  /** The status document: {@code time}, {@code autoscalerStatus}, {@code clusterWide}, ... */
  public static Map<String, Object> build(
      ClusterSnapshot snapshot, Plan plan, StatusInputs inputs, Instant now) {
    String probe = rfc3339(now);
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("time", GO_TIME.format(now));
    doc.put("autoscalerStatus", "Running");
    Map<String, Object> cluster = new LinkedHashMap<>();
    cluster.put("health", health(snapshot.nodes(), inputs, now, probe, null));
    cluster.put(
        "scaleUp",
        condition(
            plan.scaleUps().isEmpty()
                    && snapshot.nodeGroups().stream().noneMatch(g -> booting(g) > 0)
                ? "NoActivity"
                : "InProgress",
            probe));
    cluster.put("scaleDown", scaleDown(plan.scaleDowns().size(), probe));
    doc.put("clusterWide", cluster);
    List<Map<String, Object>> groups = new ArrayList<>();
    snapshot.nodeGroups().stream()
        .sorted(Comparator.comparing(NodeGroup::name))
        .forEach(g -> groups.add(group(g, snapshot, plan, inputs, now, probe)));
    if (!groups.isEmpty()) {
      doc.put("nodeGroups", groups);
    }
    return doc;
  }

  private static Map<String, Object> group(
      NodeGroup g,
      ClusterSnapshot snapshot,
      Plan plan,
      StatusInputs inputs,
      Instant now,
      String probe) {
    List<Node> members =
        snapshot.nodes().stream().filter(n -> g.memberNodes().contains(n.name())).toList();
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("name", g.name());
    status.put("health", health(members, inputs, now, probe, g));
    Backoff backoff = inputs.backoffs().get(g.name());
    Map<String, Object> scaleUp;
    if (backoff != null) {
      scaleUp = new LinkedHashMap<>();
      scaleUp.put("status", "Backoff");
      Map<String, Object> info = new LinkedHashMap<>();
      info.put("errorCode", backoff.errorCode());
      info.put("errorMessage", backoff.errorMessage());
      scaleUp.put("backoffInfo", info);
      scaleUp.put("lastProbeTime", probe);
    } else {
      boolean growing =
          plan.scaleUps().stream().map(ScaleUp::nodeGroup).anyMatch(g.name()::equals)
              || booting(g) > 0;
      scaleUp = condition(growing ? "InProgress" : "NoActivity", probe);
    }
    status.put("scaleUp", scaleUp);
    int candidates =
        (int) plan.scaleDowns().stream().map(ScaleDown::nodeGroup).filter(g.name()::equals).count();
    status.put("scaleDown", scaleDown(candidates, probe));
    return status;
  }

  private static Map<String, Object> health(
      Collection<Node> nodes, StatusInputs inputs, Instant now, String probe, NodeGroup group) {
    Predicate<Node> startingUp =
        n -> !n.ready() && n.creationTime().plus(inputs.maxNodeStartupTime()).isAfter(now);
    int total = nodes.size();
    int ready = (int) nodes.stream().filter(Node::ready).count();
    int notStarted = (int) nodes.stream().filter(startingUp).count();
    int unready = total - ready - notStarted;
    int beingDeleted =
        (int)
            nodes.stream()
                .filter(
                    n -> n.taints().stream().anyMatch(t -> t.key().equals(CaTaints.TO_BE_DELETED)))
                .count();
    Map<String, Object> registered = new LinkedHashMap<>();
    registered.put("total", total);
    registered.put("ready", ready);
    registered.put("notStarted", notStarted);
    if (beingDeleted > 0) {
      registered.put("beingDeleted", beingDeleted);
    }
    Map<String, Object> unreadyCounts = new LinkedHashMap<>();
    unreadyCounts.put("total", unready);
    unreadyCounts.put("resourceUnready", 0);
    registered.put("unready", unreadyCounts);
    Map<String, Object> counts = new LinkedHashMap<>();
    counts.put("registered", registered);
    counts.put("longUnregistered", 0);
    counts.put("unregistered", 0);
    boolean healthy =
        unready <= inputs.okTotalUnreadyCount()
            || unready <= total * inputs.maxTotalUnreadyPercentage() / 100.0;
    Map<String, Object> health = new LinkedHashMap<>();
    health.put("status", healthy ? "Healthy" : "Unhealthy");
    health.put("nodeCounts", counts);
    if (group != null) {
      health.put("cloudProviderTarget", group.targetSize());
      health.put("minSize", group.minSize());
      health.put("maxSize", group.maxSize());
    }
    health.put("lastProbeTime", probe);
    return health;
  }

  private static Map<String, Object> scaleDown(int candidates, String probe) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("status", candidates > 0 ? "CandidatesPresent" : "NoCandidates");
    if (candidates > 0) {
      c.put("candidates", candidates);
    }
    c.put("lastProbeTime", probe);
    return c;
  }

  private static Map<String, Object> condition(String status, String probe) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("status", status);
    c.put("lastProbeTime", probe);
    return c;
  }

  private static int booting(NodeGroup g) {
    return Math.max(0, g.targetSize() - g.memberNodes().size());
  }

  static String rfc3339(Instant t) {
    return DateTimeFormatter.ISO_INSTANT.format(
        t.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
  }
}
