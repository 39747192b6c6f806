package dev.skyscaler.kubernetes.scan;

/** What a scan decides. */
public enum ScanKind {
  /** Everything {@code Autoscaler.runOnce} does: interruptions, health, scale-up, scale-down. */
  FULL,
  /** Only the node health policy ({@code Autoscaler.checkHealth}): repairs, no scaling. */
  HEALTH
}
