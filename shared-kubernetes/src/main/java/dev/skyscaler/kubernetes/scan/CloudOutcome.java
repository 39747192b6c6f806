package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.plan.action.Action;
import java.util.Objects;

/** What the cloud provider did with one cloud action of a plan. */
public record CloudOutcome(Action action, Outcome outcome) {
  public CloudOutcome {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(outcome, "outcome");
  }

  /** True unless the provider failed or asked to retry. */
  public boolean succeeded() {
    return switch (outcome.status()) {
      case DONE, ALREADY_DONE, NOT_MINE -> true;
      case RETRY, FAILED -> false;
    };
  }

  @Override
  public String toString() {
    return outcome.status() + ": " + action.describe() + " (" + outcome.message() + ")";
  }
}
