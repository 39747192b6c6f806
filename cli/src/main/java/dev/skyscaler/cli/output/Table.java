package dev.skyscaler.cli.output;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with left-aligned columns separated by two spaces. */
final class Table {
  private final List<String[]> rows = new ArrayList<>();
  private final int columns;

  Table(String... headers) {
    this.columns = headers.length;
    rows.add(headers);
  }

  Table row(String... cells) {
    if (cells.length != columns) {
      throw new IllegalArgumentException("expected " + columns + " cells, got " + cells.length);
    }
    rows.add(cells);
    return this;
  }

  /** The table, each line starting with {@code indent} and ending with a newline. */
  String render(String indent) {
    int[] widths = new int[columns];
    for (String[] row : rows) {
      for (int c = 0; c < columns; c++) {
        widths[c] = Math.max(widths[c], row[c].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder(indent);
      for (int c = 0; c < columns; c++) {
        line.append(c == columns - 1 ? row[c] : pad(row[c], widths[c] + 2));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(width - text.length());
  }
}
