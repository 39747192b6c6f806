package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.shadow.CaActivity;
import dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck.CheckOptions;
import dev.skyscaler.kubernetes.shadow.ShadowComparison;
import dev.skyscaler.kubernetes.shadow.ShadowComparison.Decisions;
import dev.skyscaler.kubernetes.shadow.ShadowRecord;
import dev.skyscaler.kubernetes.shadow.ShadowRecordException;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The comparison of a shadow scan: what its plan would have done next to what Cluster Autoscaler
 * did since the previous shadow scan. CA's side is what its events say (groups scaled up, nodes it
 * started removing) and what the groups' target sizes show: a target that rose or fell since the
 * previous shadow scan (which changed nothing) was changed by someone else. The previous scan's
 * time and targets are kept in Skyscaler's own status ConfigMap under {@value #SCANNED_AT} and
 * {@value #TARGETS}.
 */
final class ShadowScan {
  static final String SCANNED_AT = "shadowScannedAt";
  static final String TARGETS = "shadowTargets";
  static final String COMPARISON = "comparison";

  private final KubernetesConnection connection;
  private final CheckOptions ca;
  private final String ownNamespace;
  private final String ownName;

  ShadowScan(KubernetesConnection connection, CheckOptions ca, String ownNamespace, String own) {
    this.connection = connection;
    this.ca = ca;
    this.ownNamespace = ownNamespace;
    this.ownName = own;
  }

  /**
   * The comparison, the keys to write beside the status in the own ConfigMap (with the record of
   * comparisons, {@link ShadowRecord#KEY}), and a warning when the stored record was unreadable.
   */
  record Result(ShadowComparison comparison, Map<String, String> data, List<String> warnings) {}

  Result compare(Plan plan, ClusterSnapshot snapshot, Instant now, Duration firstWindow) {
    Map<String, String> previous = previousData();
    Instant since = since(previous.get(SCANNED_AT)).orElse(now.minus(firstWindow));
    CaActivity activity = CaActivity.read(connection, ca.namespace(), ca.status(), since, now);
    Map<String, Integer> targets = new TreeMap<>();
    snapshot.nodeGroups().forEach(g -> targets.put(g.name(), g.targetSize()));
    ShadowComparison comparison =
        ShadowComparison.of(
            ours(plan, now), theirs(activity, snapshot, targets, targets(previous.get(TARGETS))));
    Map<String, String> data = new LinkedHashMap<>();
    data.put(SCANNED_AT, now.toString());
    data.put(TARGETS, render(targets));
    data.put(COMPARISON, comparison.render());
    List<String> warnings = new ArrayList<>();
    ShadowRecord record = record(previous.get(ShadowRecord.KEY), warnings);
    data.put(
        ShadowRecord.KEY, record.append(now, comparison, ShadowRecord.Limits.DEFAULTS).render());
    return new Result(comparison, data, warnings);
  }

  /** The stored record; one that cannot be read is started afresh, with a warning. */
  private ShadowRecord record(String text, List<String> warnings) {
    if (text == null || text.isBlank()) {
      return ShadowRecord.EMPTY;
    }
    try {
      return ShadowRecord.parse(
          text,
          "configmap " + ownNamespace + "/" + ownName + " data." + ShadowRecord.KEY,
          ShadowRecord.Limits.DEFAULTS);
    } catch (ShadowRecordException e) {
      warnings.add(e.getMessage() + "; the record starts afresh");
      return ShadowRecord.EMPTY;
    }
  }

  private static Decisions ours(Plan plan, Instant now) {
    Map<String, Integer> up = new HashMap<>();
    Map<String, List<String>> pods = new HashMap<>();
    for (ScaleUp s : plan.scaleUps()) {
      up.merge(s.nodeGroup(), s.delta(), Integer::sum);
      pods.computeIfAbsent(s.nodeGroup(), g -> new ArrayList<>()).addAll(s.pods());
    }
    Map<String, Set<String>> down = new HashMap<>();
    for (ScaleDown d : plan.scaleDowns()) {
      if (!d.removableAt().isAfter(now)) {
        down.computeIfAbsent(d.nodeGroup(), g -> new TreeSet<>()).add(d.node());
      }
    }
    return new Decisions(up, pods, down);
  }

  private static Decisions theirs(
      CaActivity activity,
      ClusterSnapshot snapshot,
      Map<String, Integer> targets,
      Map<String, Integer> previousTargets) {
    Map<String, Integer> up = new HashMap<>(activity.scaledUp());
    Map<String, Set<String>> down = new HashMap<>();
    Map<String, Integer> fallen = new HashMap<>();
    previousTargets.forEach(
        (group, before) -> {
          Integer after = targets.get(group);
          if (after != null && after > before) {
            up.merge(group, after - before, Math::max);
          } else if (after != null && after < before) {
            fallen.put(group, before - after);
          }
        });
    for (String node : activity.removed()) {
      String group =
          snapshot.nodeGroups().stream()
              .filter(g -> g.memberNodes().contains(node))
              .map(NodeGroup::name)
              .findFirst()
              .orElse("(no group)");
      down.computeIfAbsent(group, g -> new TreeSet<>()).add(node);
    }
    // a target that fell without a removal event names no node
    fallen.forEach(
        (group, n) -> {
          Set<String> nodes = down.computeIfAbsent(group, g -> new TreeSet<>());
          for (int i = nodes.size(); i < n; i++) {
            nodes.add("(unnamed " + (i + 1) + ")");
          }
        });
    return new Decisions(up, Map.of(), down);
  }

  private Map<String, String> previousData() {
    try {
      ConfigMap cm =
          connection.client().configMaps().inNamespace(ownNamespace).withName(ownName).get();
      return cm == null || cm.getData() == null ? Map.of() : cm.getData();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of("get configmap " + ownNamespace + "/" + ownName, e);
    }
  }

  private static java.util.Optional<Instant> since(String text) {
    try {
      return text == null ? java.util.Optional.empty() : java.util.Optional.of(Instant.parse(text));
    } catch (DateTimeParseException e) {
      return java.util.Optional.empty();
    }
  }

  /** {@code ng1=3;ng2=5}. */
  private static String render(Map<String, Integer> targets) {
    List<String> parts = new ArrayList<>();
    targets.forEach((g, t) -> parts.add(g + "=" + t));
    return String.join(";", parts);
  }

  private static Map<String, Integer> targets(String text) {
    Map<String, Integer> targets = new TreeMap<>();
    if (text == null || text.isBlank()) {
      return targets;
    }
    for (String part : text.split(";")) {
      int eq = part.lastIndexOf('=');
      if (eq > 0) {
        try {
          targets.put(part.substring(0, eq), Integer.parseInt(part.substring(eq + 1)));
        } catch (NumberFormatException e) {
          // a hand-edited entry names nothing: the next scan writes it afresh
        }
      }
    }
    return targets;
  }
}
