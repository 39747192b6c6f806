package dev.skyscaler.kubernetes.actuation;

import java.util.List;

/** The outcome of every Kubernetes action of a plan, in the order they were carried out. */
public record ActuationReport(List<Outcome> outcomes) {
  public ActuationReport {
    outcomes = List.copyOf(outcomes);
  }

  public List<Outcome> with(Outcome.Result result) {
    return outcomes.stream().filter(o -> o.result() == result).toList();
  }

  /** True when nothing failed; refusals and skips are expected outcomes, not failures. */
  public boolean noFailures() {
    return with(Outcome.Result.FAILED).isEmpty();
  }
}
