package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures a run: how long each pod waits for a node (from creation to binding, deletion or the
 * end; see {@link WaitRecorder}), and a sample of the cluster after every scan.
 */
final class Metrics {
  private record Waiting(Instant since, String workload) {}

  private final Instant start;
  private final Map<String, Waiting> waitingSince = new LinkedHashMap<>();
  private final WaitRecorder waits = new WaitRecorder();
  private final List<String> groups;
  private final int[][] instances;
  private final int[][] ready;
  private final int[] pending;
  private final Map<String, double[]> utilisation = new LinkedHashMap<>();
  private final Duration interval;
  private final int scans;
  private double pendingPodSeconds;
  private Duration worstWait = Duration.ZERO;
  private String worstWaitPod = "";

  Metrics(Scenario s) {
    this.start = s.start();
    this.groups = s.snapshot().nodeGroups().stream().map(g -> g.name()).toList();
    this.interval = s.scanInterval();
    this.scans = s.scans();
    instances = new int[groups.size()][scans];
    ready = new int[groups.size()][scans];
    pending = new int[scans];
  }

  void created(Pod p) {
    if (!p.isScheduled()) {
      waitingSince.put(p.key(), new Waiting(p.creationTime(), WaitRecorder.workloadOf(p)));
    }
  }

  void bound(Pod p, Instant now) {
    stopWaiting(p.key(), now, WaitRecorder.Outcome.BOUND);
  }

  void removed(Pod p, Instant now) {
    stopWaiting(p.key(), now, WaitRecorder.Outcome.DELETED);
  }

  private void stopWaiting(String key, Instant now, WaitRecorder.Outcome outcome) {
    Waiting w = waitingSince.remove(key);
    if (w != null) {
      account(key, w, now, outcome);
    }
  }

  private void account(String key, Waiting w, Instant until, WaitRecorder.Outcome outcome) {
    Instant from = w.since().isBefore(start) ? start : w.since();
    double inWindow = 0;
    if (until.isAfter(from)) {
      inWindow = Duration.between(from, until).toMillis() / 1000.0;
      pendingPodSeconds += inWindow;
    }
    Duration wait = Duration.between(w.since(), until);
    if (wait.compareTo(worstWait) > 0) {
      worstWait = wait;
      worstWaitPod = key;
    }
    waits.record(w.workload(), wait, inWindow, outcome);
  }

  void sample(int scan, World world, List<CloudGroup> cloudGroups) {
    for (int g = 0; g < cloudGroups.size(); g++) {
      instances[g][scan] = cloudGroups.get(g).instances.size();
      ready[g][scan] = cloudGroups.get(g).ready();
    }
    pending[scan] = waitingSince.size();
    world
        .utilisation()
        .forEach(
            (resource, share) ->
                utilisation.computeIfAbsent(resource, r -> new double[scans])[scan] = share);
  }

  /** Closes the waits still open at {@code end}; returns how many pods were still waiting. */
  int finish(Instant end) {
    int open = waitingSince.size();
    new ArrayList<>(waitingSince.keySet())
        .forEach(k -> stopWaiting(k, end, WaitRecorder.Outcome.STILL_WAITING));
    return open;
  }

  Samples samples() {
    return new Samples(interval, groups, instances, ready, pending, utilisation);
  }

  PodWaits waits() {
    return waits.result();
  }

  double pendingPodSeconds() {
    return pendingPodSeconds;
  }

  Duration worstWait() {
    return worstWait;
  }

  String worstWaitPod() {
    return worstWaitPod;
  }
}
