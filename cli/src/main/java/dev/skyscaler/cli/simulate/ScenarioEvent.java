package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Pod;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Something that happens to the simulated world at a time after the start: a Deployment scaled, a
 * node interrupted or failing, a Job started. It takes effect at the first scan at or after {@code
 * at}.
 */
public sealed interface ScenarioEvent {
  /** Time after the start of the simulation. */
  Duration at();

  /** Set a Deployment's replicas ({@code kubectl scale}). */
  record Scale(Duration at, String deployment, int replicas) implements ScenarioEvent {
    public Scale {
      Objects.requireNonNull(at, "at");
      Objects.requireNonNull(deployment, "deployment");
      if (replicas < 0) {
        throw new IllegalArgumentException("replicas of " + deployment + " must be at least 0");
      }
    }
  }

  /**
   * A spot interruption (two minutes' notice, then the instance is gone) or a node failure (the
   * node goes NotReady until it is repaired or removed), of a named node or of a node of a group
   * chosen by the seeded generator.
   */
  record NodeTrouble(Duration at, Kind kind, Optional<String> node, Optional<String> group)
      implements ScenarioEvent {
    /** What goes wrong. */
    public enum Kind {
      INTERRUPT,
      FAIL
    }

    public NodeTrouble {
      Objects.requireNonNull(at, "at");
      Objects.requireNonNull(kind, "kind");
      if (node.isPresent() == group.isPresent()) {
        throw new IllegalArgumentException("give a node or a group, not both and not neither");
      }
    }
  }

  /**
   * A Job of {@code pods} pods run in parallel, each succeeding {@code runFor} after it starts; an
   * evicted pod is replaced and starts again.
   *
   * @param template the pods' spec (requests, labels, node selection)
   */
  record Job(Duration at, String namespace, String name, int pods, Duration runFor, Pod template)
      implements ScenarioEvent {
    public Job {
      Objects.requireNonNull(at, "at");
      Objects.requireNonNull(template, "template");
      Objects.requireNonNull(runFor, "runFor");
      if (pods < 1) {
        throw new IllegalArgumentException("job " + name + " needs at least one pod");
      }
      if (runFor.isNegative() || runFor.isZero()) {
        throw new IllegalArgumentException("job " + name + ": runFor must be positive");
      }
    }
  }
}
