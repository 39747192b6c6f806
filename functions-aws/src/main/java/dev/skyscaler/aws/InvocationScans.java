package dev.skyscaler.aws;

import dev.skyscaler.aws.cluster.ClusterConnector;
import dev.skyscaler.clusterapi.ClusterApiNodeGroupProvider;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import dev.skyscaler.kubernetes.scan.ScanSettings;
import dev.skyscaler.kubernetes.scan.Sleeper;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The scans of one invocation: one connection to the cluster, opened at the first scan and closed
 * with the invocation, one lease identity ({@code aws-lambda/<request id>}), and each scan run by
 * the shared {@link ScanCycle} on the environment's view of the cluster (its watches resumed at the
 * first scan, ended with the invocation), logged ({@link ScanLog}) and measured ({@link
 * EmfMetrics}). When the cluster cannot be reached (the EKS cluster cannot be described, the secret
 * cannot be read), the scan is {@link ScanReport.Failed} at the stage {@value #CONNECT_STAGE}, like
 * any other failure before planning, and the next scan tries again. With {@code
 * CLOUD_PROVIDER=clusterapi} that cluster is the Cluster API management cluster: the node groups
 * are its MachineDeployments, MachineSets and MachinePools, and each scan reads the workload
 * cluster ({@code WORKLOAD_KUBECONFIG_SECRET_ARN}, else the same cluster) through the view.
 */
final class InvocationScans implements AutoCloseable {
  static final String CONNECT_STAGE = "connect to the cluster";
  static final String WORKLOAD_STAGE = "connect to the workload cluster";

  private final FunctionWiring wiring;
  private final String function;
  private final String identity;
  private final ScanSettings settings;
  private final Sleeper sleeper;
  private KubernetesConnection connection;
  private KubernetesConnection workload;
  private NodeGroupProvider clusterApi;

  /**
   * @param function the function's name in the logs ({@code scan}, {@code interruption}, ...)
   * @param requestId the invocation's {@code awsRequestId}
   * @param leaseWait how long a scan waits for the lease another actor holds
   * @param sleeper the pause between two attempts at the lease
   */
  InvocationScans(
      FunctionWiring wiring,
      String function,
      String requestId,
      Duration leaseWait,
      Sleeper sleeper) {
    this.wiring = wiring;
    this.function = function;
    this.identity = "aws-lambda/" + requestId;
    this.settings =
        ScanSettings.defaults(wiring.settings().autoscaler())
            .withLeaseWait(leaseWait)
            .withDryRun(wiring.settings().dryRun());
    this.sleeper = sleeper;
  }

  String identity() {
    return identity;
  }

  /** Runs, logs and measures one scan. */
  ScanReport run(ScanKind kind, List<InterruptionNotice> notices) {
    ScanReport report = scan(kind, notices);
    ScanLog.write(wiring.log(), function, identity, kind, report);
    wiring.metrics().record(kind, report);
    return report;
  }

  private ScanReport scan(ScanKind kind, List<InterruptionNotice> notices) {
    if (connection == null) {
      try {
        connection = wiring.cluster().connect();
      } catch (RuntimeException e) {
        return new ScanReport.Failed(CONNECT_STAGE, String.valueOf(e.getMessage()));
      }
    }
    Optional<ClusterApiOptions> capi = wiring.settings().clusterApi();
    if (capi.isEmpty()) {
      return new ScanCycle(
              connection,
              wiring.provider(),
              settings,
              wiring.clock(),
              identity,
              sleeper,
              wiring.view())
          .run(kind, notices);
    }
    // Cluster API: the cluster connected is the management cluster; the scan reads the workload
    if (workload == null) {
      try {
        workload = wiring.workload().map(ClusterConnector::connect).orElse(connection);
      } catch (RuntimeException e) {
        return new ScanReport.Failed(WORKLOAD_STAGE, String.valueOf(e.getMessage()));
      }
      clusterApi = ClusterApiNodeGroupProvider.connect(connection, capi.get(), wiring.clock());
    }
    return new ScanCycle(
            workload, clusterApi, settings, wiring.clock(), identity, sleeper, wiring.view())
        .run(kind, notices);
  }

  @Override
  public void close() {
    // nothing stays open while Lambda freezes the environment: the next invocation resumes
    wiring.view().suspend();
    if (workload != null && workload != connection) {
      workload.close();
    }
    workload = null;
    if (connection != null) {
      connection.close();
      connection = null;
    }
  }
}
