package dev.skyscaler.cli.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.cli.input.YamlObject;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The {@code workloads} and {@code events} of a scenario file, checked against the snapshot and
 * held to limits that keep a simulation within a laptop's memory: every replica count and Job at
 * most {@link #MAX_PODS}, and together, with the snapshot's pods, no more than that at once.
 */
final class ScenarioEvents {
  /** Most pods a simulation holds at once: Kubernetes' tested limit per cluster. */
  static final int MAX_PODS = 150_000;

  static final int MAX_WORKLOADS = 1_000;
  static final int MAX_EVENTS = 10_000;

  private static final Set<String> WORKLOAD_FIELDS =
      union(Set.of("deployment", "replicas", "daily"));
  private static final Set<String> EVENT_KINDS = Set.of("scale", "interrupt", "fail", "job");
  private static final Set<String> EVENT_FIELDS = Set.of("at", "scale", "interrupt", "fail", "job");
  private static final Set<String> JOB_FIELDS = union(Set.of("name", "pods", "runFor"));

  private final ClusterSnapshot snapshot;
  private final Duration duration;
  private final Set<String> snapshotDeployments;
  private final Map<String, WorkloadSpec> declared = new LinkedHashMap<>();
  private final List<ScenarioEvent> events = new ArrayList<>();
  private final Set<String> jobs = new HashSet<>();

  ScenarioEvents(YamlObject root, ClusterSnapshot snapshot, Duration duration) {
    this.snapshot = snapshot;
    this.duration = duration;
    this.snapshotDeployments = Workloads.deploymentsIn(snapshot);
    List<JsonNode> workloads = root.list("workloads", MAX_WORKLOADS);
    for (int i = 0; i < workloads.size(); i++) {
      WorkloadSpec w = workload(root.item("workloads", i, workloads.get(i)));
      declared.put(w.key(), w);
    }
    List<JsonNode> items = root.list("events", MAX_EVENTS);
    for (int i = 0; i < items.size(); i++) {
      events.add(event(root.item("events", i, items.get(i))));
    }
    checkPodsAtOnce(root);
  }

  /**
   * The most pods the scenario could hold at once, an upper bound: every Deployment it declares or
   * scales at its highest replicas (its start, daily pattern and scale events, and, for one of the
   * snapshot's, its pods there), the snapshot's other pods, and every Job's pods.
   */
  private void checkPodsAtOnce(YamlObject root) {
    Map<String, Long> highest = new HashMap<>();
    for (WorkloadSpec w : declared.values()) {
      long top = w.replicas().orElse(0);
      for (int r : w.daily().map(d -> d.replicasBySecondOfDay().values()).orElse(List.of())) {
        top = Math.max(top, r);
      }
      highest.put(w.key(), top);
    }
    long total = 0;
    for (ScenarioEvent e : events) {
      if (e instanceof ScenarioEvent.Scale s) {
        highest.merge(s.deployment(), (long) s.replicas(), Math::max);
      } else if (e instanceof ScenarioEvent.Job j) {
        total += j.pods();
      }
    }
    Map<String, Long> inSnapshot = new HashMap<>();
    for (Pod p : snapshot.pods()) {
      String key = Workloads.deploymentOf(p).map(d -> p.namespace() + "/" + d).orElse(null);
      if (key != null && highest.containsKey(key)) {
        inSnapshot.merge(key, 1L, Long::sum);
      } else {
        total++;
      }
    }
    for (Map.Entry<String, Long> h : highest.entrySet()) {
      total += Math.max(h.getValue(), inSnapshot.getOrDefault(h.getKey(), 0L));
    }
    if (total > MAX_PODS) {
      throw root.error(
          String.format(
              "the snapshot's pods, the Deployments at their highest and the Jobs come to up to"
                  + " %,d pods at once; at most %,d are simulated (Kubernetes' tested limit per"
                  + " cluster)",
              total, MAX_PODS));
    }
  }

  List<WorkloadSpec> workloads() {
    return List.copyOf(declared.values());
  }

  List<ScenarioEvent> events() {
    return List.copyOf(events);
  }

  private static Set<String> union(Set<String> own) {
    Set<String> all = new HashSet<>(own);
    all.addAll(PodTemplateReader.FIELDS);
    return all;
  }

  private WorkloadSpec workload(YamlObject w) {
    w.allowOnly(WORKLOAD_FIELDS);
    String[] key = namespaced(w, "deployment");
    String name = key[0] + "/" + key[1];
    if (declared.containsKey(name)) {
      throw w.error("deployment", "Deployment " + name + " is declared twice");
    }
    boolean known = snapshotDeployments.contains(name);
    if (known) {
      for (String f : PodTemplateReader.FIELDS) {
        if (w.get(f).isPresent()) {
          throw w.error(
              f,
              "not allowed for " + name + ", a Deployment of the snapshot: its pods' spec is kept");
        }
      }
    }
    OptionalInt replicas = w.wholeNumber("replicas", 0, MAX_PODS);
    Optional<DailyPattern> daily = w.object("daily").map(ScenarioEvents::daily);
    if (replicas.isPresent() && daily.isPresent()) {
      throw w.error("give replicas or daily, not both");
    }
    if (!known && replicas.isEmpty() && daily.isEmpty()) {
      throw w.error("a new Deployment needs replicas or daily");
    }
    return new WorkloadSpec(
        key[0],
        key[1],
        known ? Optional.empty() : Optional.of(PodTemplateReader.template(w, key[0], key[1])),
        replicas,
        daily);
  }

  private static DailyPattern daily(YamlObject d) {
    Map<LocalTime, Integer> points = new LinkedHashMap<>();
    for (Iterator<String> it = d.fieldNames(); it.hasNext(); ) {
      String time = it.next();
      LocalTime at;
      try {
        at = LocalTime.parse(time);
      } catch (DateTimeParseException e) {
        throw d.error(time, "expected a time of day like \"09:30\" as the key");
      }
      points.put(at, d.wholeNumber(time, 0, MAX_PODS).getAsInt());
    }
    if (points.isEmpty()) {
      throw d.error("needs at least one time of day with its replicas, e.g. \"09:00\": 20");
    }
    return DailyPattern.of(points);
  }

  private ScenarioEvent event(YamlObject e) {
    e.allowOnly(EVENT_FIELDS);
    Duration at = ScenarioFile.requiredDuration(e, "at");
    if (at.compareTo(duration) >= 0) {
      throw e.error(
          "at",
          GoDuration.format(at)
              + " is not before the end of the simulation (duration "
              + GoDuration.format(duration)
              + ")");
    }
    List<String> kinds = new ArrayList<>();
    for (Iterator<String> it = e.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (EVENT_KINDS.contains(f)) {
        kinds.add(f);
      }
    }
    if (kinds.size() != 1) {
      throw e.error(
          "give exactly one of scale, interrupt, fail or job"
              + (kinds.isEmpty() ? "" : ", got " + String.join(" and ", kinds)));
    }
    YamlObject body =
        e.object(kinds.get(0)).orElseThrow(() -> e.error(kinds.get(0), "expected a mapping"));
    return switch (kinds.get(0)) {
      case "scale" -> scale(at, body);
      case "job" -> job(at, body);
      default -> trouble(at, kinds.get(0), body);
    };
  }

  private ScenarioEvent scale(Duration at, YamlObject s) {
    s.allowOnly(Set.of("deployment", "replicas"));
    String[] key = namespaced(s, "deployment");
    String name = key[0] + "/" + key[1];
    WorkloadSpec w = declared.get(name);
    if (w == null && !snapshotDeployments.contains(name)) {
      throw s.error(
          "deployment",
          "no Deployment " + name + " in the snapshot or in the scenario's workloads");
    }
    if (w != null && w.daily().isPresent()) {
      throw s.error("deployment", name + " follows a daily pattern; a scale event would be undone");
    }
    return new ScenarioEvent.Scale(at, name, s.requiredWholeNumber("replicas", 0, MAX_PODS));
  }

  private ScenarioEvent trouble(Duration at, String kind, YamlObject t) {
    t.allowOnly(Set.of("node", "group"));
    Optional<String> node = t.text("node");
    Optional<String> group = t.text("group");
    if (node.isPresent() == group.isPresent()) {
      throw t.error("give node or group, not both and not neither");
    }
    if (node.isPresent() && snapshot.groupOf(node.get()).isEmpty()) {
      throw t.error(
          "node",
          "no node \""
              + node.get()
              + "\" in a node group of the snapshot; to hit a node the"
              + " simulation creates, give its group instead");
    }
    if (group.isPresent()
        && snapshot.nodeGroups().stream().map(NodeGroup::name).noneMatch(group.get()::equals)) {
      throw t.error("group", "no node group \"" + group.get() + "\"");
    }
    ScenarioEvent.NodeTrouble.Kind k =
        kind.equals("interrupt")
            ? ScenarioEvent.NodeTrouble.Kind.INTERRUPT
            : ScenarioEvent.NodeTrouble.Kind.FAIL;
    return new ScenarioEvent.NodeTrouble(at, k, node, group);
  }

  private ScenarioEvent job(Duration at, YamlObject j) {
    j.allowOnly(JOB_FIELDS);
    String[] key = namespaced(j, "name");
    if (!jobs.add(key[0] + "/" + key[1])) {
      throw j.error("name", "a Job " + key[0] + "/" + key[1] + " is started twice");
    }
    int pods = j.requiredWholeNumber("pods", 1, MAX_PODS);
    Duration runFor = ScenarioFile.requiredDuration(j, "runFor");
    if (runFor.isZero()) {
      throw j.error("runFor", "must be more than 0");
    }
    return new ScenarioEvent.Job(
        at, key[0], key[1], pods, runFor, PodTemplateReader.template(j, key[0], key[1]));
  }

  /** A {@code namespace/name} field, split. */
  private static String[] namespaced(YamlObject o, String field) {
    String value = o.requiredText(field);
    String[] parts = value.split("/", -1);
    if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
      throw o.error(field, "expected namespace/name, got \"" + value + "\"");
    }
    return parts;
  }
}
