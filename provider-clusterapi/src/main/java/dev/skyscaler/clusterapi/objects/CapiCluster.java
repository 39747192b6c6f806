package dev.skyscaler.clusterapi.objects;

/**
 * A Cluster API Cluster: only whether it is paused ({@code spec.paused} or the paused annotation),
 * in which case none of its node groups is scaled.
 */
public record CapiCluster(String namespace, String name, boolean paused) {}
