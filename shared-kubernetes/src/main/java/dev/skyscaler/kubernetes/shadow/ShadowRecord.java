package dev.skyscaler.kubernetes.shadow;

import dev.skyscaler.kubernetes.shadow.ShadowComparison.Direction;
import dev.skyscaler.kubernetes.shadow.ShadowComparison.Row;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/**
 * Shadow mode's rolling record of its comparisons, oldest first, kept under {@value #KEY} in
 * Skyscaler's own status ConfigMap so that {@code skyscaler shadow-report} can summarise a day of
 * it. A scan where either autoscaler scaled a group is one {@link Scan} entry with one {@link
 * Decision} per group; consecutive scans where neither did anything share one {@link Quiet} entry.
 * Bounded by {@link Limits}: the oldest entries go first, at most {@link Limits#maxDecisions()}
 * decisions per scan (the rest counted) and {@link Limits#maxText()} characters per description.
 * Stored as JSON Lines ({@link ShadowRecordLines}).
 *
 * @param entries oldest first
 */
public record ShadowRecord(List<Entry> entries) {
  /** The key of the own status ConfigMap holding the record. */
  public static final String KEY = "shadowRecord";

  /** An empty record. */
  public static final ShadowRecord EMPTY = new ShadowRecord(List.of());

  /**
   * How much the record keeps.
   *
   * @param maxEntries entries kept, oldest dropped first
   * @param maxBytes the rendered record's UTF-8 size; a ConfigMap holds 1 MiB in all, shared with
   *     the status document
   * @param maxDecisions decisions kept per scan; the others are counted in {@link Scan#omitted()}
   * @param maxText characters kept of a decision's description
   */
  public record Limits(int maxEntries, int maxBytes, int maxDecisions, int maxText) {
    /** 2,000 entries, 256 KiB, 50 decisions per scan, 300 characters per description. */
    public static final Limits DEFAULTS = new Limits(2_000, 256 * 1024, 50, 300);

    public Limits {
      if (maxEntries < 1 || maxBytes < 1024 || maxDecisions < 1 || maxText < 20) {
        throw new IllegalArgumentException(
            "limits too small: " + maxEntries + ", " + maxBytes + ", " + maxDecisions);
      }
    }
  }

  /** What the report counts: a verdict with the way the group was scaled. */
  public enum Kind {
    AGREED("agreed"),
    ONLY_SKYSCALER_SCALE_UP("only Skyscaler would scale up"),
    ONLY_CLUSTER_AUTOSCALER_SCALE_UP("only Cluster Autoscaler scaled up"),
    ONLY_SKYSCALER_SCALE_DOWN("only Skyscaler would scale down"),
    ONLY_CLUSTER_AUTOSCALER_SCALE_DOWN("only Cluster Autoscaler scaled down"),
    OPPOSITE("opposite");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** For people: {@code only Cluster Autoscaler scaled up}. */
    public String label() {
      return label;
    }

    /** The kind of one comparison row. */
    public static Kind of(Row row) {
      boolean up = row.direction() == Direction.UP;
      return switch (row.verdict()) {
        case AGREED -> AGREED;
        case OPPOSITE -> OPPOSITE;
        case ONLY_SKYSCALER -> up ? ONLY_SKYSCALER_SCALE_UP : ONLY_SKYSCALER_SCALE_DOWN;
        case ONLY_CLUSTER_AUTOSCALER ->
            up ? ONLY_CLUSTER_AUTOSCALER_SCALE_UP : ONLY_CLUSTER_AUTOSCALER_SCALE_DOWN;
      };
    }
  }

  /** One entry of the record. */
  public sealed interface Entry {
    /** The time of the (last) scan the entry stands for. */
    Instant at();

    /** How many scans it stands for. */
    int scans();
  }

  /**
   * One scan where either autoscaler scaled a group.
   *
   * @param omitted decisions beyond {@link Limits#maxDecisions()}, not kept
   */
  public record Scan(Instant at, List<Decision> decisions, int omitted) implements Entry {
    public Scan {
      Objects.requireNonNull(at, "at");
      decisions = List.copyOf(decisions);
      if (omitted < 0) {
        throw new IllegalArgumentException("omitted must not be negative");
      }
    }

    @Override
    public int scans() {
      return 1;
    }
  }

  /** {@code scans} consecutive scans from {@code from} to {@code at} where nobody scaled. */
  public record Quiet(Instant from, Instant at, int scans) implements Entry {
    public Quiet {
      Objects.requireNonNull(from, "from");
      Objects.requireNonNull(at, "at");
      if (scans < 1 || at.isBefore(from)) {
        throw new IllegalArgumentException("a quiet span needs a scan and from <= at");
      }
    }
  }

  /** One group of one scan, as {@link Row}, with its {@link Kind}. */
  public record Decision(String group, Kind kind, String skyscaler, String clusterAutoscaler) {
    public Decision {
      Objects.requireNonNull(group, "group");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(skyscaler, "skyscaler");
      Objects.requireNonNull(clusterAutoscaler, "clusterAutoscaler");
    }
  }

  public ShadowRecord {
    entries = List.copyOf(entries);
  }

  /** The record with the scan at {@code at} appended, then trimmed to {@code limits}. */
  public ShadowRecord append(Instant at, ShadowComparison comparison, Limits limits) {
    Deque<Entry> next = new ArrayDeque<>(entries);
    if (comparison.rows().isEmpty()) {
      Entry last = next.peekLast();
      if (last instanceof Quiet q && !at.isBefore(q.at())) {
        next.removeLast();
        next.addLast(new Quiet(q.from(), at, q.scans() + 1));
      } else {
        next.addLast(new Quiet(at, at, 1));
      }
    } else {
      next.addLast(scan(at, comparison.rows(), limits));
    }
    while (next.size() > limits.maxEntries()) {
      next.removeFirst();
    }
    ShadowRecord trimmed = new ShadowRecord(List.copyOf(next));
    while (trimmed.entries.size() > 1 && trimmed.bytes() > limits.maxBytes()) {
      next.removeFirst();
      trimmed = new ShadowRecord(List.copyOf(next));
    }
    return trimmed;
  }

  private static Scan scan(Instant at, List<Row> rows, Limits limits) {
    List<Decision> decisions = new ArrayList<>();
    for (Row r : rows.subList(0, Math.min(rows.size(), limits.maxDecisions()))) {
      decisions.add(
          new Decision(
              r.group(),
              Kind.of(r),
              cut(r.skyscaler(), limits.maxText()),
              cut(r.clusterAutoscaler(), limits.maxText())));
    }
    return new Scan(at, decisions, rows.size() - decisions.size());
  }

  private static String cut(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 3) + "...";
  }

  /** The record as stored: one JSON object per line. */
  public String render() {
    return ShadowRecordLines.render(this);
  }

  /** The rendered record's size in UTF-8 bytes. */
  public int bytes() {
    return render().getBytes(StandardCharsets.UTF_8).length;
  }

  /**
   * Reads a stored record.
   *
   * @param source names the record in errors, e.g. {@code configmap kube-system/skyscaler-status
   *     data.shadowRecord}
   * @throws ShadowRecordException naming {@code source}, the line and the field, when the text is
   *     larger than {@code limits} allow or is not a record
   */
  public static ShadowRecord parse(String text, String source, Limits limits) {
    return ShadowRecordLines.parse(text, source, limits);
  }
}
