package dev.skyscaler.core.config;

import java.util.List;
import java.util.Objects;

/**
 * Taints Cluster Autoscaler treats specially ({@code utils/taints/taints.go}): both kinds are left
 * out of a node group's template, since a fresh node carries them only for a while; a node still
 * carrying a startup taint counts as not Ready yet (so, while young, as booting capacity), while a
 * status taint says nothing about readiness.
 *
 * @param startupTaints {@code --startup-taint} keys, and {@code --ignore-taint} keys (CA's
 *     deprecated alias, which CA appends to the startup taints)
 * @param statusTaints {@code --status-taint} keys
 */
public record TaintOptions(List<String> startupTaints, List<String> statusTaints) {
  /** Keys starting with this are startup taints without a flag (CA's deprecated prefix). */
  public static final String IGNORE_TAINT_PREFIX = "ignore-taint.cluster-autoscaler.kubernetes.io/";

  /** Keys starting with this are startup taints without a flag. */
  public static final String STARTUP_TAINT_PREFIX =
      "startup-taint.cluster-autoscaler.kubernetes.io/";

  /** Keys starting with this are status taints without a flag. */
  public static final String STATUS_TAINT_PREFIX = "status-taint.cluster-autoscaler.kubernetes.io/";

  /** No flag given: only the prefixes apply. */
  public static final TaintOptions NONE = new TaintOptions(List.of(), List.of());

  public TaintOptions {
    startupTaints = List.copyOf(startupTaints);
    statusTaints = List.copyOf(statusTaints);
  }

  /** Whether a taint with this key is a startup taint: named by a flag, or by its prefix. */
  public boolean isStartupTaint(String key) {
    Objects.requireNonNull(key, "key");
    return startupTaints.contains(key)
        || key.startsWith(IGNORE_TAINT_PREFIX)
        || key.startsWith(STARTUP_TAINT_PREFIX);
  }

  /** Whether a taint with this key is a status taint: named by a flag, or by its prefix. */
  public boolean isStatusTaint(String key) {
    Objects.requireNonNull(key, "key");
    return statusTaints.contains(key) || key.startsWith(STATUS_TAINT_PREFIX);
  }

  /** Whether a node group's template leaves a taint with this key out. */
  public boolean leftOutOfTemplates(String key) {
    return isStartupTaint(key) || isStatusTaint(key);
  }
}
