/**
 * The scan metrics on Azure: the shared {@link dev.skyscaler.kubernetes.metrics.ScanMetrics} model
 * sent to Application Insights as custom metrics ({@link
 * dev.skyscaler.azure.monitor.AzureMetrics}), over the ingestion endpoint's {@code /v2.1/track}
 * with the JDK's HTTP client ({@link dev.skyscaler.azure.monitor.TrackGateway}), not an SDK: see
 * ADR 0047.
 */
package dev.skyscaler.azure.monitor;
