package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.config.GoDuration;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The nodes of one group that registered or turned Ready at one scan, written to the timeline as
 * one entry per kind: {@code 3 nodes of ng Ready, 2m to 2m30s after launch: a, b, c}.
 */
final class BootReport {
  private final CloudGroup group;
  private final List<String> registered = new ArrayList<>();
  private final List<String> ready = new ArrayList<>();
  private final List<Duration> boots = new ArrayList<>();
  private final List<String> restarted = new ArrayList<>();
  private final List<Duration> restarts = new ArrayList<>();

  BootReport(CloudGroup group) {
    this.group = group;
  }

  void registered(String node) {
    registered.add(node);
  }

  void ready(String node, Duration sinceLaunch) {
    ready.add(node);
    boots.add(sinceLaunch);
  }

  void readyAgain(String node, Duration sinceRestart) {
    restarted.add(node);
    restarts.add(sinceRestart);
  }

  void writeTo(Timeline timeline, Instant now) {
    if (!registered.isEmpty()) {
      timeline.add(now, "node", nodes(registered, "registered, NotReady"));
    }
    if (!ready.isEmpty()) {
      timeline.add(now, "node", nodes(ready, after("Ready", boots, "launch")));
    }
    if (!restarted.isEmpty()) {
      timeline.add(now, "node", nodes(restarted, after("Ready again", restarts, "the restart")));
    }
  }

  /** {@code n1 of g <what>}, or {@code 3 nodes of g <what>: n1, n2, n3}. */
  private String nodes(List<String> names, String what) {
    return names.size() == 1
        ? names.get(0) + " of " + group.name() + " " + what
        : names.size() + " nodes of " + group.name() + " " + what + ": " + Timeline.some(names);
  }

  /** {@code Ready, 2m to 2m30s after launch}. */
  private static String after(String state, List<Duration> times, String since) {
    Duration min = times.stream().min(Duration::compareTo).orElseThrow();
    Duration max = times.stream().max(Duration::compareTo).orElseThrow();
    return state
        + ", "
        + GoDuration.format(min)
        + (min.equals(max) ? "" : " to " + GoDuration.format(max))
        + " after "
        + since;
  }
}
