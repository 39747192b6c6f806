package dev.skyscaler.cli.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.cli.input.NodeGroupsFile;
import dev.skyscaler.cli.input.OptionsFile;
import dev.skyscaler.cli.input.YamlFiles;
import dev.skyscaler.cli.input.YamlObject;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.snapshot.ClusterApiSnapshot;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.SnapshotFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a scenario file (format in {@code docs/simulate.md}). Paths inside it are relative to its
 * directory. The first problem stops the reading with one message naming the file and the field;
 * problems in the snapshot or node-groups file name that file, as {@code skyscaler plan} does.
 */
public final class ScenarioFile {
  static final int MAX_SCANS = 1_000_000;
  private static final Set<String> FIELDS =
      Set.of(
          "snapshot",
          "nodeGroups",
          "start",
          "duration",
          "scanInterval",
          "seed",
          "options",
          "groups",
          "workloads",
          "events",
          "cost");
  private static final Set<String> GROUP_FIELDS =
      Set.of(
          "bootDelay",
          "jitter",
          "notReadyTime",
          "spotInterruptionsPerHour",
          "nodeFailuresPerHour",
          "namePrefix");

  private ScenarioFile() {}

  /**
   * Reads the scenario.
   *
   * @param cliFlags Cluster Autoscaler options given on the command line; they win over the
   *     scenario's {@code options}
   * @throws InputException, ConfigException or {@link dev.skyscaler.kubernetes.SnapshotException}
   */
  public static Scenario read(Path file, Map<String, List<String>> cliFlags) {
    return read(file, cliFlags, Optional.empty());
  }

  /**
   * Reads the scenario; with {@code clusterApi}, its node groups are the Cluster API objects of its
   * snapshot, and it has no {@code nodeGroups} file.
   */
  public static Scenario read(
      Path file, Map<String, List<String>> cliFlags, Optional<ClusterApiOptions> clusterApi) {
    YamlObject root =
        YamlFiles.readMapping(file, "a mapping with snapshot, nodeGroups and duration");
    root.allowOnly(FIELDS);
    checkOptions(file, root, cliFlags);
    KubernetesSnapshot k8s;
    List<NodeGroup> declared;
    String groupsSource;
    if (clusterApi.isPresent()) {
      if (root.get("nodeGroups").isPresent()) {
        throw root.error(
            "nodeGroups",
            "not used with --cloud-provider=clusterapi: the node groups come from the"
                + " snapshot's Cluster API objects");
      }
      ClusterApiSnapshot objects = new ClusterApiSnapshot(clusterApi.get());
      k8s = SnapshotFiles.read(paths(root, "snapshot", file), objects);
      Discovery found = objects.discover(k8s.nodes());
      k8s = k8s.withScaleDownDisabled(found.noScaleDown().keySet());
      declared = found.groups();
      groupsSource = "the snapshot's Cluster API objects";
    } else {
      k8s = SnapshotFiles.read(paths(root, "snapshot", file));
      Path groupsFile = paths(root, "nodeGroups", file).get(0);
      declared = NodeGroupsFile.read(groupsFile, k8s.nodes());
      groupsSource = groupsFile.toString();
    }
    CostSettings cost = CostSettings.read(root, declared, groupsSource);
    List<NodeGroup> groups = cost.priced(declared);
    ClusterSnapshot snapshot;
    try {
      snapshot = k8s.toClusterSnapshot(groups);
    } catch (IllegalArgumentException e) {
      throw new InputException(groupsSource + ": " + e.getMessage(), e);
    }
    AutoscalerOptions options = merged(file, root, cliFlags, k8s);
    Duration duration = requiredDuration(root, "duration");
    if (duration.isZero()) {
      throw root.error("duration", "must be more than 0");
    }
    long scans = duration.toNanos() / options.scanInterval().toNanos();
    if (scans > MAX_SCANS) {
      throw root.error(
          "duration",
          GoDuration.format(duration)
              + " at a "
              + GoDuration.format(options.scanInterval())
              + " scan interval is "
              + scans
              + " scans; at most "
              + MAX_SCANS
              + " are allowed");
    }
    ScenarioEvents events = new ScenarioEvents(root, snapshot, duration);
    return new Scenario(
        file.toString(),
        snapshot,
        options,
        start(root, snapshot),
        duration,
        seed(root),
        behaviours(root, snapshot, groupsSource),
        events.workloads(),
        events.events(),
        cost);
  }

  private static List<Path> paths(YamlObject root, String field, Path file) {
    if (root.get(field).isEmpty()) {
      throw root.error("missing required field \"" + field + "\"");
    }
    List<String> names = new ArrayList<>();
    if (root.get(field).get().isArray()) {
      List<JsonNode> items = root.list(field);
      for (int i = 0; i < items.size(); i++) {
        names.add(root.textItem(field, i, items.get(i)));
      }
      if (names.isEmpty() || (field.equals("nodeGroups") && names.size() > 1)) {
        throw root.error(field, field.equals("nodeGroups") ? "expected one file" : "is empty");
      }
    } else {
      names.add(root.text(field).orElseThrow());
    }
    Path base = file.getParent() == null ? Path.of("") : file.getParent();
    List<Path> result = new ArrayList<>();
    for (String name : names) {
      Path p = Path.of(name);
      result.add(p.isAbsolute() ? p : base.resolve(p).normalize());
    }
    return result;
  }

  /**
   * Checks the scenario's options and the command line's on their own, so errors name the source.
   */
  private static void checkOptions(Path file, YamlObject root, Map<String, List<String>> cliFlags) {
    List<String> errors = new ArrayList<>();
    Optional<OptionsFile> inline = inlineOptions(file, root);
    if (inline.isPresent()) {
      try {
        OptionsParser.parse(inline.get().flags(), inline.get().expanderPriorities());
      } catch (ConfigException e) {
        e.errors().forEach(error -> errors.add(file + ": options: " + error));
      }
    }
    try {
      OptionsParser.parse(cliFlags);
    } catch (ConfigException e) {
      errors.addAll(e.errors());
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
  }

  private static Optional<OptionsFile> inlineOptions(Path file, YamlObject root) {
    return root.object("options").map(o -> OptionsFile.from(file, o));
  }

  /** Scenario options, then scanInterval, then the command line; priorities as {@code plan}. */
  private static AutoscalerOptions merged(
      Path file, YamlObject root, Map<String, List<String>> cliFlags, KubernetesSnapshot k8s) {
    Optional<OptionsFile> inline = inlineOptions(file, root);
    Map<String, List<String>> flags = new LinkedHashMap<>();
    inline.ifPresent(o -> flags.putAll(o.flags()));
    Optional<Duration> interval = duration(root, "scanInterval");
    if (interval.isPresent()) {
      if (flags.containsKey("scan-interval")) {
        throw root.error(
            "scanInterval", "give the scan interval once: here or as options.scan-interval");
      }
      if (interval.get().isZero()) {
        throw root.error("scanInterval", "must be more than 0");
      }
      flags.put("scan-interval", List.of(GoDuration.format(interval.get())));
    }
    flags.putAll(cliFlags);
    boolean own = inline.isPresent() && !inline.get().expanderPriorities().isEmpty();
    try {
      return OptionsParser.parse(
          flags, own ? inline.get().expanderPriorities() : k8s.expanderPriorities());
    } catch (ConfigException e) {
      throw new ConfigException(
          e.errors().stream()
              .map(error -> "ConfigMap cluster-autoscaler-priority-expander: " + error)
              .toList());
    }
  }

  static Optional<Duration> duration(YamlObject o, String field) {
    return o.text(field)
        .map(
            text ->
                GoDuration.parse(text)
                    .orElseThrow(
                        () ->
                            o.error(
                                field,
                                "expected a duration like 30s, 10m or 24h, got \"" + text + "\"")));
  }

  static Duration requiredDuration(YamlObject o, String field) {
    return duration(o, field)
        .orElseThrow(() -> o.error("missing required field \"" + field + "\""));
  }

  private static long seed(YamlObject root) {
    Optional<JsonNode> v = root.get("seed");
    if (v.isEmpty()) {
      return 1;
    }
    if (!v.get().isIntegralNumber() || !v.get().canConvertToLong()) {
      throw root.error("seed", "expected a whole number, got " + YamlObject.describe(v.get()));
    }
    return v.get().longValue();
  }

  /** The given start, else the newest creation time in the snapshot. */
  private static Instant start(YamlObject root, ClusterSnapshot snapshot) {
    Optional<String> given = root.text("start");
    if (given.isPresent()) {
      try {
        return OffsetDateTime.parse(given.get()).toInstant();
      } catch (DateTimeParseException e) {
        throw root.error(
            "start",
            "expected an RFC 3339 time like 2025-01-31T12:00:00Z, got \"" + given.get() + "\"");
      }
    }
    Instant newest = Instant.EPOCH;
    for (Node n : snapshot.nodes()) {
      newest = n.creationTime().isAfter(newest) ? n.creationTime() : newest;
    }
    for (Pod p : snapshot.pods()) {
      newest = p.creationTime().isAfter(newest) ? p.creationTime() : newest;
    }
    return newest;
  }

  private static Map<String, GroupBehaviour> behaviours(
      YamlObject root, ClusterSnapshot snapshot, String groupsSource) {
    Map<String, GroupBehaviour> result = new LinkedHashMap<>();
    Optional<YamlObject> groups = root.object("groups");
    if (groups.isEmpty()) {
      return result;
    }
    Set<String> known = new java.util.HashSet<>();
    snapshot.nodeGroups().forEach(g -> known.add(g.name()));
    for (Iterator<String> it = groups.get().fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!known.contains(name)) {
        throw groups.get().error(name, "no node group \"" + name + "\" in " + groupsSource);
      }
      YamlObject g =
          groups
              .get()
              .object(name)
              .orElseThrow(() -> groups.get().error(name, "expected a mapping"));
      g.allowOnly(GROUP_FIELDS);
      GroupBehaviour d = GroupBehaviour.defaults(name);
      result.put(
          name,
          new GroupBehaviour(
              duration(g, "bootDelay").orElse(d.bootDelay()),
              duration(g, "jitter").orElse(d.jitter()),
              duration(g, "notReadyTime").orElse(d.notReadyTime()),
              g.number("spotInterruptionsPerHour", 0).orElse(0.0),
              g.number("nodeFailuresPerHour", 0).orElse(0.0),
              g.text("namePrefix").orElse(d.namePrefix())));
    }
    return result;
  }
}
