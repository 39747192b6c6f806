package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.constructor.StandardConstructor;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.parser.Parser;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * The limits every document Skyscaler reads is held to, in one place, with the Jackson and YAML
 * parsers built to keep them: a file, an event or an API answer that breaks one ends in one error
 * naming it, not in a {@link StackOverflowError}, an exhausted heap or a parse that never ends.
 *
 * <ul>
 *   <li>{@link #MAX_DEPTH}: maps and lists nested at most 100 deep. Kubernetes objects nest about
 *       20 deep (a pod's affinity terms, a node's managed fields); the parsers recurse per level,
 *       so thousands of levels would overflow the stack.
 *   <li>{@link #MAX_SETTINGS_BYTES}: a settings file (node groups, options, scenario) is at most 1
 *       MiB. A file of 1,000 groups with templates is about 300 KB; the check is made on the file's
 *       size before a byte is parsed.
 *   <li>{@link #MAX_SNAPSHOT_FILE_BYTES}: a snapshot file is at most 1 GiB, read as one string.
 *   <li>{@link #MAX_NODES}, {@link #MAX_PODS}: ten times Kubernetes' tested limits of 5,000 nodes
 *       and 150,000 pods per cluster.
 *   <li>{@link #MAX_STRING_CHARS}: no single string value above 10 million characters.
 *   <li>{@link #MAX_LISTED_OBJECT_BYTES}: no object of an API list above 16 MiB of JSON. etcd keeps
 *       objects of at most 1.5 MiB; the limit bounds what a list's reader holds for one object.
 * </ul>
 */
public final class ParseLimits {
  /** Deepest nesting of maps and lists in any document. */
  public static final int MAX_DEPTH = 100;

  /** Largest settings file: node groups, options, scenario. */
  public static final long MAX_SETTINGS_BYTES = 1L << 20;

  /** Largest snapshot file. */
  public static final long MAX_SNAPSHOT_FILE_BYTES = 1L << 30;

  /** Most nodes in a snapshot. */
  public static final int MAX_NODES = 50_000;

  /** Most pods in a snapshot. */
  public static final int MAX_PODS = 1_500_000;

  /** Longest string value in any document. */
  public static final int MAX_STRING_CHARS = 10_000_000;

  /** Largest object in an API list's answer, in bytes of JSON. */
  public static final int MAX_LISTED_OBJECT_BYTES = 16 << 20;

  private static final StreamReadConstraints CONSTRAINTS =
      StreamReadConstraints.builder()
          .maxNestingDepth(MAX_DEPTH)
          .maxStringLength(MAX_STRING_CHARS)
          .build();

  private ParseLimits() {}

  /** Jackson's read constraints with these limits, for any Jackson factory (JSON or YAML). */
  public static StreamReadConstraints streamReadConstraints() {
    return CONSTRAINTS;
  }

  /** A JSON factory that keeps these limits, for an {@code ObjectMapper} that reads input. */
  public static JsonFactory jsonFactory() {
    return JsonFactory.builder().streamReadConstraints(CONSTRAINTS).build();
  }

  /**
   * What is wrong with the size of {@code file} for a reader that takes at most {@code maxBytes},
   * e.g. {@code nodes.yaml: 104,857,622 bytes; at most 1,048,576 bytes are read}; empty when it is
   * small enough or does not exist (its reader says so).
   */
  public static Optional<String> sizeProblem(Path file, long maxBytes) {
    try {
      if (!Files.isRegularFile(file)) {
        return Optional.empty();
      }
      long size = Files.size(file);
      return size <= maxBytes
          ? Optional.empty()
          : Optional.of(
              String.format("%s: %,d bytes; at most %,d bytes are read", file, size, maxBytes));
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": cannot read its size: " + e.getMessage(), e);
    }
  }

  /**
   * The documents of a YAML (or JSON) text, read one at a time with snakeyaml-engine as {@code
   * Load.loadAllFromString} reads them, but nested at most {@link #MAX_DEPTH} deep: the parser's
   * events are counted as the composer asks for them, so a deeper document stops at the first event
   * too deep, with {@link TooDeepException}, before the composer's recursion goes further.
   *
   * @param label names the input in snakeyaml's marks (the file)
   * @param maxCodePoints the most characters a document may have
   */
  public static Iterable<Object> yamlDocuments(String label, int maxCodePoints, String text) {
    LoadSettings settings =
        LoadSettings.builder().setLabel(label).setCodePointLimit(maxCodePoints).build();
    return () -> {
      Composer composer =
          new Composer(
              settings,
              new DepthLimitedParser(new ParserImpl(settings, new StreamReader(settings, text))));
      StandardConstructor constructor = new StandardConstructor(settings);
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return composer.hasNext();
        }

        @Override
        public Object next() {
          return constructor.constructSingleDocument(Optional.of(composer.next()));
        }
      };
    };
  }

  /** A document nested deeper than {@link #MAX_DEPTH}; the message gives the line and column. */
  public static final class TooDeepException extends YamlEngineException {
    private static final long serialVersionUID = 1L;

    TooDeepException(String message) {
      super(message);
    }
  }

  /** Passes a parser's events on, counting how deep the collections they open are nested. */
  private static final class DepthLimitedParser implements Parser {
    private final Parser parser;
    private int depth;

    DepthLimitedParser(Parser parser) {
      this.parser = parser;
    }

    @Override
    public boolean checkEvent(Event.ID id) {
      return parser.checkEvent(id);
    }

    @Override
    public Event peekEvent() {
      return parser.peekEvent();
    }

    @Override
    public boolean hasNext() {
      return parser.hasNext();
    }

    @Override
    public Event next() {
      Event e = parser.next();
      switch (e.getEventId()) {
        case MappingStart, SequenceStart -> {
          if (++depth > MAX_DEPTH) {
            throw new TooDeepException(
                e.getStartMark()
                        .map(m -> "line " + (m.getLine() + 1) + ", column " + (m.getColumn() + 1))
                        .orElse("at some point")
                    + ": nested more than "
                    + MAX_DEPTH
                    + " levels deep");
          }
        }
        case MappingEnd, SequenceEnd -> depth--;
        default -> {}
      }
      return e;
    }
  }
}
