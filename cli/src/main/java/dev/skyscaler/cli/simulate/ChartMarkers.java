package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The marks a chart puts on its time axis for what the autoscaler and the cloud did: scale-ups,
 * removals (scale-down), spot interruptions and node failures, repairs and replacements, each with
 * its timeline entry (the reason included) as the SVG {@code <title>} a browser shows on hover.
 * Marks of one kind closer than a few pixels share a glyph, whose title lists them.
 */
final class ChartMarkers {
  /** Kinds of mark, with the timeline kinds each stands for, a glyph and a colour. */
  enum Kind {
    SCALE_UP("scale-up", "#2ca02c", List.of("scale-up")),
    REMOVAL("removal", "#d62728", List.of("scale-down", "remove")),
    INTERRUPTION("interruption or failure", "#ff7f0e", List.of("interruption", "failure")),
    REPAIR("repair", "#9467bd", List.of("repair", "replace"));

    final String label;
    final String colour;
    final List<String> timelineKinds;

    Kind(String label, String colour, List<String> timelineKinds) {
      this.label = label;
      this.colour = colour;
      this.timelineKinds = timelineKinds;
    }

    static Kind of(String timelineKind) {
      for (Kind k : values()) {
        if (k.timelineKinds.contains(timelineKind)) {
          return k;
        }
      }
      return null;
    }

    /** The glyph centred on (x, y), about 10 pixels across. */
    String glyph(double x, double y) {
      String d =
          switch (this) {
            case SCALE_UP -> "M%1$.1f,%3$.1fL%4$.1f,%6$.1fL%5$.1f,%6$.1fZ";
            case REMOVAL -> "M%1$.1f,%6$.1fL%4$.1f,%3$.1fL%5$.1f,%3$.1fZ";
            case INTERRUPTION -> "M%1$.1f,%3$.1fL%4$.1f,%2$.1fL%1$.1f,%6$.1fL%5$.1f,%2$.1fZ";
            case REPAIR -> "";
          };
      if (this == REPAIR) {
        return String.format(
            Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.2\" fill=\"%s\"/>", x, y, colour);
      }
      return String.format(
          Locale.ROOT,
          "<path d=\"" + d + "\" fill=\"%7$s\"/>",
          x,
          y,
          y - 5,
          x + 5,
          x - 5,
          y + 5,
          colour);
    }
  }

  /** One thing that happened, at its time after the start. */
  record Mark(Duration at, Kind kind, String text) {}

  /**
   * The marks of one run, drawn on a lane of their own.
   *
   * @param name the run's name, shown at the lane's start when there are several
   */
  record Lane(String name, String colour, List<Mark> marks) {
    Lane {
      marks = List.copyOf(marks);
    }
  }

  /** How many entries a merged glyph's title lists before "and N more". */
  static final int TITLE_ENTRIES = 6;

  private ChartMarkers() {}

  /** The marks of a run's timeline. */
  static List<Mark> of(List<TimelineEntry> timeline) {
    List<Mark> marks = new ArrayList<>();
    for (TimelineEntry e : timeline) {
      Kind k = Kind.of(e.kind());
      if (k != null) {
        marks.add(
            new Mark(e.at(), k, TimelineEntry.clock(e.at()) + " " + e.kind() + ": " + e.message()));
      }
    }
    return marks;
  }

  /**
   * Marks of one kind whose x positions lie within {@code pixels} of the first of them, as groups
   * drawn as one glyph; in time order per kind.
   */
  static List<List<Mark>> merged(List<Mark> marks, double secondsPerPixel, double pixels) {
    List<List<Mark>> groups = new ArrayList<>();
    for (Kind k : Kind.values()) {
      List<Mark> current = null;
      for (Mark m : marks) {
        if (m.kind() != k) {
          continue;
        }
        if (current == null
            || (m.at().getSeconds() - current.get(0).at().getSeconds()) / secondsPerPixel
                > pixels) {
          current = new ArrayList<>();
          groups.add(current);
        }
        current.add(m);
      }
    }
    return groups;
  }

  /** The hover text of a group: its entries, one a line, at most {@link #TITLE_ENTRIES}. */
  static String title(List<Mark> group) {
    StringBuilder sb = new StringBuilder();
    int shown = Math.min(group.size(), TITLE_ENTRIES);
    for (int i = 0; i < shown; i++) {
      sb.append(i == 0 ? "" : "\n").append(group.get(i).text());
    }
    if (group.size() > shown) {
      sb.append("\n… and ").append(group.size() - shown).append(" more");
    }
    return sb.toString();
  }
}
