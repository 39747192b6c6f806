package dev.skyscaler.aws;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.scan.ScanFigures;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A scan's figures as CloudWatch metrics in the embedded metric format: log lines with an {@code
 * _aws} block, which CloudWatch Logs turns into metrics in namespace {@value #NAMESPACE} with the
 * dimension {@code ClusterName}, under Cluster Autoscaler's metric names:
 *
 * <ul>
 *   <li>a full scan: one line with {@code cluster_autoscaler_unschedulable_pods_count}, {@code
 *       _node_groups_count}, {@code _scaled_up_nodes_total}, {@code _scaled_down_nodes_total},
 *       {@code _evicted_pods_total}, {@code _failed_scale_ups_total}, {@code _errors_total} and
 *       {@code _function_duration_seconds}, and one line per node state ({@code ready}, {@code
 *       unready}) with {@code cluster_autoscaler_nodes_count} and the dimension {@code state} (one
 *       document holds one value per dimension);
 *   <li>a health check: {@code skyscaler_repaired_nodes_total} (CA has no such metric), {@code
 *       cluster_autoscaler_errors_total} and the duration;
 *   <li>a failed scan: {@code cluster_autoscaler_errors_total} of 1; a skipped scan: nothing.
 * </ul>
 *
 * The {@code _total} metrics are this scan's counts: CloudWatch's Sum over a period is the
 * counter's increase.
 */
final class ScanMetrics {
  static final String NAMESPACE = "Skyscaler";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CA = "cluster_autoscaler_";

  private final JsonLog log;
  private final String cluster;
  private final Clock clock;

  ScanMetrics(JsonLog log, String cluster, Clock clock) {
    this.log = log;
    this.cluster = cluster;
    this.clock = clock;
  }

  void record(ScanKind kind, ScanReport report) {
    if (report instanceof ScanReport.Failed) {
      Map<String, Number> values = new LinkedHashMap<>();
      values.put(CA + "errors_total", 1);
      log.document(document(values, Map.of()));
    } else if (report instanceof ScanReport.Completed done) {
      if (kind == ScanKind.HEALTH) {
        health(done);
      } else {
        full(done);
      }
    }
  }

  private void full(ScanReport.Completed done) {
    ScanFigures f = done.figures();
    Map<String, Number> values = new LinkedHashMap<>();
    values.put(CA + "unschedulable_pods_count", f.unschedulablePods());
    values.put(CA + "node_groups_count", f.nodeGroups());
    values.put(CA + "scaled_up_nodes_total", f.scaledUpNodes());
    values.put(CA + "scaled_down_nodes_total", f.scaledDownNodes());
    values.put(CA + "evicted_pods_total", f.evictedPods());
    values.put(CA + "failed_scale_ups_total", failedScaleUps(done));
    values.put(CA + "errors_total", f.failedActions());
    values.put(CA + "function_duration_seconds", done.took().toMillis() / 1000.0);
    log.document(document(values, Map.of()));
    log.document(document(Map.of(CA + "nodes_count", f.readyNodes()), Map.of("state", "ready")));
    log.document(
        document(Map.of(CA + "nodes_count", f.unreadyNodes()), Map.of("state", "unready")));
  }

  private void health(ScanReport.Completed done) {
    Map<String, Number> values = new LinkedHashMap<>();
    values.put("skyscaler_repaired_nodes_total", done.figures().repairs());
    values.put(CA + "errors_total", done.figures().failedActions());
    values.put(CA + "function_duration_seconds", done.took().toMillis() / 1000.0);
    log.document(document(values, Map.of()));
  }

  private static long failedScaleUps(ScanReport.Completed done) {
    return done.cloud().stream()
        .filter(c -> c.action() instanceof SetTargetSize s && s.to() > s.from())
        .filter(c -> !c.succeeded())
        .count();
  }

  private ObjectNode document(Map<String, Number> values, Map<String, String> dimensions) {
    ObjectNode doc = JSON.createObjectNode();
    ObjectNode aws = doc.putObject("_aws");
    aws.put("Timestamp", clock.millis());
    ObjectNode directive = aws.putArray("CloudWatchMetrics").addObject();
    directive.put("Namespace", NAMESPACE);
    ArrayNode dimensionSet = directive.putArray("Dimensions").addArray().add("ClusterName");
    dimensions.keySet().forEach(dimensionSet::add);
    ArrayNode metrics = directive.putArray("Metrics");
    doc.put("ClusterName", cluster);
    dimensions.forEach(doc::put);
    values.forEach(
        (name, value) -> {
          metrics
              .addObject()
              .put("Name", name)
              .put("Unit", name.endsWith("_seconds") ? "Seconds" : "Count");
          doc.set(name, JSON.valueToTree(value));
        });
    return doc;
  }
}
