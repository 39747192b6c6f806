package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import java.util.List;

/**
 * Pods that the scheduler cannot tell apart: same owner and same scheduling-relevant spec. Every
 * check runs once per class and node instead of once per pod, which is where the simulation's speed
 * comes from.
 */
public final class PodClass {
  private final int id;
  private final Pod exemplar;
  private final List<Pod> pods;
  private final boolean selfAntiAffine;
  private final boolean domainSensitive;

  PodClass(int id, List<Pod> pods) {
    if (pods.isEmpty()) {
      throw new IllegalArgumentException("a pod class has at least one pod");
    }
    this.id = id;
    this.pods = List.copyOf(pods);
    this.exemplar = pods.get(0);
    this.selfAntiAffine = exemplar.antiAffinity().stream().anyMatch(this::selects);
    this.domainSensitive =
        !exemplar.affinity().isEmpty()
            || !exemplar.antiAffinity().isEmpty()
            || exemplar.topologySpread().stream().anyMatch(TopologySpreadConstraint::doNotSchedule);
  }

  public int id() {
    return id;
  }

  public Pod exemplar() {
    return exemplar;
  }

  public List<Pod> pods() {
    return pods;
  }

  public int size() {
    return pods.size();
  }

  public Resources requests() {
    return exemplar.requests();
  }

  /** True when a term of the exemplar would select the exemplar itself. */
  boolean selects(PodAffinityTerm term) {
    return term.selects(exemplar.namespace(), exemplar.namespace(), exemplar.labels());
  }

  /** Pods of this class repel each other (anti-affinity to their own labels). */
  public boolean selfAntiAffine() {
    return selfAntiAffine;
  }

  /** Placement depends on other pods (affinity, anti-affinity, hard spread). */
  public boolean domainSensitive() {
    return domainSensitive;
  }

  public boolean needsGpu() {
    return exemplar.requests().gpus() > 0;
  }

  @Override
  public String toString() {
    return "PodClass#" + id + "(" + exemplar.key() + " x" + pods.size() + ")";
  }
}
