package dev.skyscaler.kubernetes.shadow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One shadow scan's decisions next to what Cluster Autoscaler did, node group by node group.
 *
 * @param rows one per node group that either autoscaler would change, sorted by group
 */
public record ShadowComparison(List<Row> rows) {
  /** Whether the two agree on a group. */
  public enum Verdict {
    /** Both scaled the group the same way (up or down), possibly by different amounts. */
    AGREED,
    /** Skyscaler would have scaled the group, CA did not. */
    ONLY_SKYSCALER,
    /** CA scaled the group, Skyscaler would not have. */
    ONLY_CLUSTER_AUTOSCALER,
    /** One scaled up, the other down. */
    OPPOSITE
  }

  /** Which way a group was scaled. */
  public enum Direction {
    UP,
    DOWN
  }

  /**
   * One node group.
   *
   * @param direction the way the group was scaled: both sides' for {@link Verdict#AGREED}, the side
   *     that scaled for {@code ONLY_*}, Skyscaler's for {@link Verdict#OPPOSITE}
   * @param skyscaler what Skyscaler would have done, e.g. {@code +2 (pods: default/web-1)} or
   *     {@code -1 (nodes: n3)}; {@code none}
   * @param clusterAutoscaler what CA did, the same way
   */
  public record Row(
      String group,
      Verdict verdict,
      Direction direction,
      String skyscaler,
      String clusterAutoscaler) {
    public Row {
      Objects.requireNonNull(group, "group");
      Objects.requireNonNull(verdict, "verdict");
      Objects.requireNonNull(direction, "direction");
      Objects.requireNonNull(skyscaler, "skyscaler");
      Objects.requireNonNull(clusterAutoscaler, "clusterAutoscaler");
    }
  }

  /** One autoscaler's changes: nodes added per group, nodes removed per group. */
  public record Decisions(
      Map<String, Integer> up, Map<String, List<String>> pods, Map<String, Set<String>> down) {
    public Decisions {
      up = Map.copyOf(up);
      pods = Map.copyOf(pods);
      down = Map.copyOf(down);
    }

    int net(String group) {
      return up.getOrDefault(group, 0) - down.getOrDefault(group, Set.of()).size();
    }

    String describe(String group) {
      int added = up.getOrDefault(group, 0);
      Set<String> removed = down.getOrDefault(group, Set.of());
      List<String> parts = new ArrayList<>();
      if (added > 0) {
        List<String> p = pods.getOrDefault(group, List.of());
        parts.add("+" + added + (p.isEmpty() ? "" : " (pods: " + listed(p) + ")"));
      }
      if (!removed.isEmpty()) {
        parts.add("-" + removed.size() + " (nodes: " + listed(List.copyOf(removed)) + ")");
      }
      return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    private static String listed(List<String> names) {
      List<String> sorted = new ArrayList<>(new TreeSet<>(names));
      String shown = String.join(", ", sorted.subList(0, Math.min(5, sorted.size())));
      return sorted.size() > 5 ? shown + " and " + (sorted.size() - 5) + " more" : shown;
    }
  }

  public ShadowComparison {
    rows = List.copyOf(rows);
  }

  /** Compares, group by group, every group either side changed. */
  public static ShadowComparison of(Decisions skyscaler, Decisions clusterAutoscaler) {
    Set<String> groups = new TreeSet<>();
    for (Decisions d : List.of(skyscaler, clusterAutoscaler)) {
      groups.addAll(d.up().keySet());
      groups.addAll(d.down().keySet());
    }
    List<Row> rows = new ArrayList<>();
    for (String g : groups) {
      int ours = Integer.signum(skyscaler.net(g));
      int theirs = Integer.signum(clusterAutoscaler.net(g));
      Verdict verdict;
      if (ours == theirs) {
        verdict = Verdict.AGREED;
      } else if (theirs == 0) {
        verdict = Verdict.ONLY_SKYSCALER;
      } else if (ours == 0) {
        verdict = Verdict.ONLY_CLUSTER_AUTOSCALER;
      } else {
        verdict = Verdict.OPPOSITE;
      }
      Direction direction = (ours != 0 ? ours : theirs) > 0 ? Direction.UP : Direction.DOWN;
      rows.add(
          new Row(g, verdict, direction, skyscaler.describe(g), clusterAutoscaler.describe(g)));
    }
    return new ShadowComparison(rows);
  }

  /** How many groups got each verdict, every verdict listed. */
  public Map<Verdict, Integer> counts() {
    Map<Verdict, Integer> counts = new TreeMap<>();
    for (Verdict v : Verdict.values()) {
      counts.put(v, 0);
    }
    rows.forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
    return counts;
  }

  /** The comparison as YAML for the status ConfigMap: a summary line, then one entry per group. */
  public String render() {
    StringBuilder out = new StringBuilder();
    out.append("summary:");
    counts()
        .forEach((v, n) -> out.append(' ').append(v.name().toLowerCase()).append('=').append(n));
    out.append('\n');
    out.append(rows.isEmpty() ? "groups: []\n" : "groups:\n");
    for (Row r : rows) {
      out.append("- group: \"").append(r.group()).append("\"\n");
      out.append("  verdict: ").append(r.verdict().name()).append('\n');
      out.append("  skyscaler: \"").append(r.skyscaler()).append("\"\n");
      out.append("  clusterAutoscaler: \"").append(r.clusterAutoscaler()).append("\"\n");
    }
    return out.toString();
  }
}
