package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The controllers of the simulated cluster: every owner of the snapshot's pods (ReplicaSets of
 * Deployments, StatefulSets, ...) keeps its replica count, so an evicted or lost pod comes back
 * pending; Deployments follow scale events and daily patterns; Jobs run their pods for a while and
 * finish. DaemonSet pods are the world's business ({@link World#register}).
 */
final class Workloads {
  static final String TEMPLATE_HASH = "pod-template-hash";

  private final Map<String, Workload> byOwner = new LinkedHashMap<>();
  private final Map<String, Workload> deployments = new LinkedHashMap<>();
  private final World world;
  private final Names names;
  private final Timeline timeline;
  private final Tally tally;

  Workloads(World world, Names names, Timeline timeline, Tally tally) {
    this.world = world;
    this.names = names;
    this.timeline = timeline;
    this.tally = tally;
    for (Pod p : world.pods()) {
      if (p.owner().isEmpty() || p.isDaemonSetPod()) {
        continue;
      }
      Workload w = byOwner.computeIfAbsent(ownerKey(p), k -> Workload.of(p, deploymentOf(p)));
      w.pods.add(p.key());
      w.desired++;
      w.deployment.ifPresent(d -> deployments.putIfAbsent(p.namespace() + "/" + d, w));
    }
  }

  /** The Deployments of a snapshot, as {@code namespace/name}: owners of ReplicaSets' pods. */
  static Set<String> deploymentsIn(ClusterSnapshot snapshot) {
    Set<String> result = new LinkedHashSet<>();
    for (Pod p : snapshot.pods()) {
      deploymentOf(p).ifPresent(d -> result.add(p.namespace() + "/" + d));
    }
    return result;
  }

  /** The Deployment behind a pod: its ReplicaSet's name minus the pod-template-hash suffix. */
  static Optional<String> deploymentOf(Pod p) {
    String hash = p.labels().get(TEMPLATE_HASH);
    return p.owner()
        .filter(o -> o.kind().equals("ReplicaSet") && hash != null)
        .map(OwnerReference::name)
        .filter(n -> n.endsWith("-" + hash) && n.length() > hash.length() + 1)
        .map(n -> n.substring(0, n.length() - hash.length() - 1));
  }

  private static String ownerKey(Pod p) {
    OwnerReference o = p.owner().get();
    return p.namespace() + "/" + o.kind() + "/" + o.name();
  }

  /** Applies a scenario's Deployment: replicas at the start, a daily pattern, or a new one. */
  void declare(WorkloadSpec spec) {
    Workload w = deployments.get(spec.key());
    if (w == null) {
      String hash = String.format("%08x", spec.key().hashCode());
      String rs = spec.name() + "-" + hash;
      Pod t = spec.template().orElseThrow();
      Pod template =
          t.toBuilder()
              .namespace(spec.namespace())
              .name(rs)
              .label(TEMPLATE_HASH, hash)
              .owner(new OwnerReference("ReplicaSet", rs, "sim-rs-" + rs))
              .build();
      w = Workload.of(template, Optional.of(spec.name()));
      w.desired = 0;
      byOwner.put(spec.namespace() + "/ReplicaSet/" + rs, w);
      deployments.put(spec.key(), w);
    }
    Workload found = w;
    spec.replicas().ifPresent(r -> found.desired = r);
    spec.daily().ifPresent(d -> found.daily = d);
  }

  /** {@code kubectl scale deployment}. */
  void scale(String deployment, int replicas, Instant now) {
    Workload w = deployments.get(deployment);
    int before = w.desired;
    w.desired = replicas;
    timeline.add(
        now, "workload", "Deployment " + deployment + " scaled from " + before + " to " + replicas);
  }

  /** Starts a Job's pods. */
  void startJob(ScenarioEvent.Job job, Instant now) {
    Pod template =
        job.template().toBuilder()
            .namespace(job.namespace())
            .name(job.name())
            .label("job-name", job.name())
            .owner(new OwnerReference("Job", job.name(), "sim-job-" + job.name()))
            .build();
    Workload w = Workload.of(template, Optional.empty());
    w.desired = job.pods();
    w.runFor = job.runFor();
    w.completionsLeft = job.pods();
    w.started = now;
    byOwner.put(job.namespace() + "/Job/" + job.name(), w);
    timeline.add(
        now,
        "job",
        "Job "
            + job.namespace()
            + "/"
            + job.name()
            + " started: "
            + Timeline.plural(job.pods(), "pod")
            + " of "
            + GoDuration.format(job.runFor()));
  }

  /** A pod went away (deleted, evicted, its node gone): its controller will replace it. */
  void removed(Pod p) {
    if (p.owner().isPresent() && !p.isDaemonSetPod()) {
      Workload w = byOwner.get(ownerKey(p));
      if (w != null) {
        w.pods.remove(p.key());
        w.startedAt.remove(p.key());
      }
    }
  }

  void bound(Pod p, Instant now) {
    if (p.owner().isPresent() && p.owner().get().kind().equals("Job")) {
      Workload w = byOwner.get(ownerKey(p));
      if (w != null) {
        w.startedAt.put(p.key(), now);
      }
    }
  }

  /** Each controller creates or deletes pods to meet its replicas now; Job pods finish. */
  void reconcile(Instant now) {
    for (Workload w : byOwner.values()) {
      if (w.runFor != null) {
        finishJobPods(w, now);
      }
      int want = w.target(now);
      int have = w.pods.size();
      for (int k = have; k < want; k++) {
        create(w, now);
      }
      if (have > want) {
        delete(w, have - want, now);
      }
    }
  }

  private void finishJobPods(Workload w, Instant now) {
    for (Map.Entry<String, Instant> e : new ArrayList<>(w.startedAt.entrySet())) {
      if (!now.isBefore(e.getValue().plus(w.runFor)) && w.completionsLeft > 0) {
        w.completionsLeft--;
        world.remove(e.getKey(), now);
      }
    }
    if (w.completionsLeft == 0 && w.started != null) {
      tally.jobsCompleted++;
      timeline.add(
          now,
          "job",
          w.kind
              + " "
              + w.namespace
              + "/"
              + w.name
              + " complete after "
              + GoDuration.format(Duration.between(w.started, now)));
      w.started = null;
    }
  }

  private void create(Workload w, Instant now) {
    String name = names.generated(w.podBase, n -> world.hasPod(w.namespace + "/" + n));
    Pod p = w.template.toBuilder().name(name).uid(names.uid()).creationTime(now).build();
    w.pods.add(p.key());
    world.add(p, now);
  }

  /** Deletes pods the way a ReplicaSet does: unscheduled first, then the newest. */
  private void delete(Workload w, int count, Instant now) {
    List<String> order = new ArrayList<>(w.pods);
    Collections.reverse(order);
    order.sort(
        (a, b) ->
            Boolean.compare(
                world.pod(a).map(Pod::isScheduled).orElse(false),
                world.pod(b).map(Pod::isScheduled).orElse(false)));
    for (String key : order.subList(0, count)) {
      world.remove(key, now);
    }
  }

  /** One controller and the pods it owns. */
  static final class Workload {
    final String kind;
    final String namespace;
    final String name;
    final Optional<String> deployment;
    final Pod template;
    final String podBase;
    final Set<String> pods = new LinkedHashSet<>();
    final Map<String, Instant> startedAt = new LinkedHashMap<>();
    int desired;
    DailyPattern daily;
    Duration runFor;
    int completionsLeft;
    Instant started;

    private Workload(Pod template, Optional<String> deployment) {
      OwnerReference o = template.owner().get();
      this.deployment = deployment;
      this.kind = deployment.isPresent() ? "Deployment" : o.kind();
      this.namespace = template.namespace();
      this.name = deployment.orElse(o.name());
      this.podBase = o.name();
      this.template = template;
    }

    static Workload of(Pod exemplar, Optional<String> deployment) {
      Pod template =
          exemplar.toBuilder()
              .nodeName(null)
              .nominatedNodeName(null)
              .phase(PodPhase.PENDING)
              .unschedulable(false)
              .deletionTime(null)
              .build();
      return new Workload(template, deployment);
    }

    int target(Instant now) {
      if (runFor != null) {
        return Math.min(desired, completionsLeft);
      }
      return daily != null ? daily.replicasAt(now) : desired;
    }
  }
}
