package dev.skyscaler.cli.simulate;

import java.util.List;

/** What a simulation produced: the timeline, the samples for charts and the summary. */
public record SimulationResult(
    Scenario scenario, List<TimelineEntry> timeline, Samples samples, Summary summary) {
  public SimulationResult {
    timeline = List.copyOf(timeline);
  }
}
