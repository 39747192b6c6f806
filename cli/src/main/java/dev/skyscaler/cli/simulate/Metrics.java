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
 * end), and a sample of the cluster after every scan.
 */
final class Metrics {
  private final Instant start;
  private final Map<String, Instant> waitingSince = new LinkedHashMap<>();
  private final List<String> groups;
  private final int[][] instances;
  private final int[][] ready;
  private final int[] pending;
  private final double[] cpu;
  private final double[] memory;
  private final Duration interval;
  private double pendingPodSeconds;
  private Duration worstWait = Duration.ZERO;
  private String worstWaitPod = "";

  Metrics(Scenario s) {
    this.start = s.start();
    this.groups = s.snapshot().nodeGroups().stream().map(g -> g.name()).toList();
    this.interval = s.scanInterval();
    int scans = s.scans();
    instances = new int[groups.size()][scans];
    ready = new int[groups.size()][scans];
    pending = new int[scans];
    cpu = new double[scans];
    memory = new double[scans];
  }

  void created(Pod p) {
    if (!p.isScheduled()) {
      waitingSince.put(p.key(), p.creationTime());
    }
  }

  void bound(Pod p, Instant now) {
    stopWaiting(p.key(), now);
  }

  void removed(Pod p, Instant now) {
    stopWaiting(p.key(), now);
  }

  private void stopWaiting(String key, Instant now) {
    Instant since = waitingSince.remove(key);
    if (since != null) {
      account(key, since, now);
    }
  }

  private void account(String key, Instant since, Instant until) {
    Instant from = since.isBefore(start) ? start : since;
    if (until.isAfter(from)) {
      pendingPodSeconds += Duration.between(from, until).toMillis() / 1000.0;
    }
    Duration wait = Duration.between(since, until);
    if (wait.compareTo(worstWait) > 0) {
      worstWait = wait;
      worstWaitPod = key;
    }
  }

  void sample(int scan, World world, List<CloudGroup> cloudGroups) {
    for (int g = 0; g < cloudGroups.size(); g++) {
      instances[g][scan] = cloudGroups.get(g).instances.size();
      ready[g][scan] = cloudGroups.get(g).ready();
    }
    pending[scan] = waitingSince.size();
    double[] use = world.utilisation();
    cpu[scan] = use[0];
    memory[scan] = use[1];
  }

  /** Closes the waits still open at {@code end}; returns how many pods were still waiting. */
  int finish(Instant end) {
    int open = waitingSince.size();
    new ArrayList<>(waitingSince.keySet()).forEach(k -> stopWaiting(k, end));
    return open;
  }

  Samples samples() {
    return new Samples(interval, groups, instances, ready, pending, cpu, memory);
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
