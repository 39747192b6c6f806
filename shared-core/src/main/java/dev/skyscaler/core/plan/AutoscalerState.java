package dev.skyscaler.core.plan;

/**
 * What must survive between scans (unneeded-since times, scale-up requests in flight, drains in
 * progress). Pure data, serialisable as JSON. Scale-up alone needs none of it yet: upcoming nodes
 * come from each group's target size; the scale-down work adds its fields here.
 */
public record AutoscalerState() {
  public static final AutoscalerState EMPTY = new AutoscalerState();
}
