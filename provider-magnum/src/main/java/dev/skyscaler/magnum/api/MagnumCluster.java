package dev.skyscaler.magnum.api;

import java.util.Map;
import java.util.Objects;

/**
 * A Magnum cluster as {@code GET /v1/clusters/{ident}} answers, reduced to what scaling reads.
 *
 * @param status Magnum's state: {@code CREATE_COMPLETE}, {@code UPDATE_IN_PROGRESS}, {@code
 *     UPDATE_FAILED}, ...
 * @param labels the cluster's labels merged over its template's
 */
public record MagnumCluster(
    String uuid,
    String name,
    String status,
    String statusReason,
    String templateId,
    Map<String, String> labels) {
  /** The states in which Magnum accepts a resize (its conductor's check). */
  public boolean resizable() {
    return status.endsWith("_COMPLETE")
        || status.equals("UPDATE_FAILED")
        || status.equals("UPDATE_IN_PROGRESS");
  }

  public boolean updating() {
    return status.equals("UPDATE_IN_PROGRESS");
  }

  public boolean failed() {
    return status.endsWith("_FAILED");
  }

  public MagnumCluster {
    Objects.requireNonNull(uuid, "uuid");
    labels = Map.copyOf(labels);
  }
}
