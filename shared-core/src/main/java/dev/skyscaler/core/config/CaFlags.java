package dev.skyscaler.core.config;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Cluster Autoscaler's flags that Skyscaler does not take as options, so that a pasted CA argument
 * list (or its environment variables) is either accepted or refused by name, never ignored:
 *
 * <ul>
 *   <li>{@link #PROCESS_ONLY}: flags that concern only CA's own process (logging, leader election,
 *       its HTTP endpoint, its API client, its liveness): accepted, with a note that they have no
 *       effect; a Skyscaler scan has no long-lived process to log, elect or serve;
 *   <li>{@link #isUnsupported}: every other CA flag that {@link OptionFlag#SUPPORTED} lacks: an
 *       error naming it.
 * </ul>
 *
 * The flag names are CA's {@code config/flags/flags.go} (and klog's) as of CA 1.34.
 */
public final class CaFlags {
  /** Flags about CA's process only. */
  public static final Set<String> PROCESS_ONLY =
      Set.of(
          "v",
          "vmodule",
          "logtostderr",
          "alsologtostderr",
          "stderrthreshold",
          "log-dir",
          "log-file",
          "log-file-max-size",
          "log-backtrace-at",
          "logging-format",
          "skip-headers",
          "skip-log-headers",
          "add-dir-header",
          "one-output",
          "leader-elect",
          "leader-elect-lease-duration",
          "leader-elect-renew-deadline",
          "leader-elect-retry-period",
          "leader-elect-resource-lock",
          "leader-elect-resource-name",
          "leader-elect-resource-namespace",
          "address",
          "profiling",
          "kube-client-qps",
          "kube-client-burst",
          "kube-api-content-type",
          "max-inactivity",
          "max-failing-time",
          "max-startup-time",
          "record-duplicated-events");

  /** Every other CA flag, supported or not. */
  private static final List<String> OTHERS =
      List.of(
          "aws-use-static-instance-list",
          "balance-similar-node-groups",
          "balancing-ignore-label",
          "balancing-label",
          "blocking-system-pod-distruption-timeout",
          "cloud-config",
          "cloud-provider",
          "cordon-node-before-terminating",
          "cores-total",
          "daemonset-eviction-for-empty-nodes",
          "daemonset-eviction-for-occupied-nodes",
          "drain-priority-config",
          "dynamic-node-delete-delay-after-taint-enabled",
          "enable-graceful-degradation",
          "enforce-node-group-min-size",
          "estimator",
          "expander",
          "expendable-pods-priority-cutoff",
          "fastpath-binpacking-enabled",
          "force-delete-failed-nodes",
          "force-delete-unregistered-nodes",
          "force-ds",
          "frequent-loops-enabled",
          "gpu-total",
          "grpc-expander-cert",
          "grpc-expander-url",
          "ignore-daemonsets-utilization",
          "ignore-mirror-pods-utilization",
          "ignore-taint",
          "initial-node-group-backoff-duration",
          "max-allocatable-difference-ratio",
          "max-binpacking-time",
          "max-bulk-soft-taint-count",
          "max-bulk-soft-taint-time",
          "max-drain-parallelism",
          "max-empty-bulk-delete",
          "max-free-difference-ratio",
          "max-graceful-termination-sec",
          "max-node-group-backoff-duration",
          "max-node-provision-time",
          "max-node-startup-time",
          "max-nodegroup-binpacking-duration",
          "max-nodes-per-scaleup",
          "max-nodes-total",
          "max-pod-eviction-time",
          "max-scale-down-parallelism",
          "max-total-unready-percentage",
          "memory-difference-ratio",
          "memory-total",
          "min-replica-count",
          "namespace",
          "new-pod-scale-up-delay",
          "node-delete-delay-after-taint",
          "node-deletion-batcher-interval",
          "node-deletion-candidate-ttl",
          "node-deletion-delay-timeout",
          "node-group-auto-discovery",
          "node-group-backoff-reset-timeout",
          "nodes",
          "ok-total-unready-count",
          "parallel-scale-up",
          "pending-pods-batching-timeout",
          "predicate-parallelism",
          "salvo-scale-up",
          "salvo-scale-up-budget",
          "scale-down-candidates-pool-min-count",
          "scale-down-candidates-pool-ratio",
          "scale-down-delay-after-add",
          "scale-down-delay-after-delete",
          "scale-down-delay-after-failure",
          "scale-down-delay-type-local",
          "scale-down-enabled",
          "scale-down-gpu-utilization-threshold",
          "scale-down-non-empty-candidates-count",
          "scale-down-simulation-timeout",
          "scale-down-unneeded-time",
          "scale-down-unready-enabled",
          "scale-down-unready-time",
          "scale-down-utilization-threshold",
          "scale-from-unschedulable",
          "scale-up-from-zero",
          "scan-interval",
          "skip-nodes-with-custom-controller-pods",
          "skip-nodes-with-local-storage",
          "skip-nodes-with-system-pods",
          "startup-taint",
          "startup-taint-prefix",
          "status-config-map-name",
          "status-taint",
          "unremovable-node-recheck-timeout",
          "write-status-configmap");

  private static final Set<String> SUPPORTED =
      OptionFlag.SUPPORTED.stream().map(OptionFlag::name).collect(Collectors.toUnmodifiableSet());

  private CaFlags() {}

  /** Whether {@code name} (without dashes) is a flag of CA's own process. */
  public static boolean isProcessOnly(String name) {
    return PROCESS_ONLY.contains(name);
  }

  /**
   * Whether {@code name} (without dashes) is a CA flag that is neither an option Skyscaler takes
   * nor one of {@link #PROCESS_ONLY}. A runner that reads some of them itself ({@code nodes},
   * {@code node-group-auto-discovery}, {@code cloud-provider}) checks its own first.
   */
  public static boolean isUnsupported(String name) {
    return OTHERS.contains(name) && !SUPPORTED.contains(name);
  }
}
