/**
 * Metrics of a long-running runner in Prometheus's model and text format ({@link
 * dev.skyscaler.kubernetes.metrics.Metrics}, {@link
 * dev.skyscaler.kubernetes.metrics.PrometheusText}), and the scan's figures under Cluster
 * Autoscaler's metric names ({@link dev.skyscaler.kubernetes.metrics.ScanMetrics}). Depends on the
 * scan's report only; the scan itself records nothing.
 */
package dev.skyscaler.kubernetes.metrics;
