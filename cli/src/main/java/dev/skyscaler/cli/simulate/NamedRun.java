package dev.skyscaler.cli.simulate;

import java.util.Objects;

/**
 * One run of a scenario in a what-if comparison: the scenario as given ({@link #BASE}) or under a
 * variant's Cluster Autoscaler flags.
 *
 * @param flags the variant's flags as given ({@code --expander=price}), empty for the base run
 */
public record NamedRun(String name, String flags, SimulationResult result) {
  /** The name of the run of the scenario as given. */
  public static final String BASE = "base";

  public NamedRun {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(flags, "flags");
    Objects.requireNonNull(result, "result");
  }
}
