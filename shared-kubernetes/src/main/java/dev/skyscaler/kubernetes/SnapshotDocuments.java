package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.JacksonYAMLParseException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Splits one snapshot file into Kubernetes objects: multi-document YAML ({@code ---}), a {@code
 * kind: List} (or {@code PodList}, ...) with {@code items}, a single object, or JSON. Parsing uses
 * the parser factories of {@link ObjectTrees} ({@code .json} files as JSON, the others as YAML), so
 * files and live reads share one parser and one set of limits.
 */
final class SnapshotDocuments {
  private SnapshotDocuments() {}

  /**
   * The file's objects, within {@link ParseLimits}: at most {@link
   * ParseLimits#MAX_SNAPSHOT_FILE_BYTES} and {@link ParseLimits#MAX_DEPTH} levels deep.
   */
  static List<RawObject> load(Path path) {
    String file = path.toString();
    ParseLimits.sizeProblem(path, ParseLimits.MAX_SNAPSHOT_FILE_BYTES)
        .ifPresent(
            problem -> {
              throw new SnapshotException("snapshot: " + problem);
            });
    JsonFactory factory = isJson(file) ? ObjectTrees.JSON : ObjectTrees.yaml();
    List<RawObject> objects = new ArrayList<>();
    int document = 0;
    JsonParser p = null;
    try (JsonParser parser = factory.createParser(path.toFile())) {
      p = parser;
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        document++;
        if (t != JsonToken.VALUE_NULL) {
          JsonNode doc = ObjectTrees.read(p, ObjectTrees.Keep.ALL);
          addObjects(objects, file, "document " + document, doc);
        }
      }
    } catch (StreamConstraintsException e) {
      throw new SnapshotException(file + ": " + limitProblem(e, p, format(file)), e);
    } catch (JacksonYAMLParseException e) {
      throw new SnapshotException(file + ": " + parseProblem(e, format(file)), e);
    } catch (JsonProcessingException e) {
      throw new SnapshotException(file + ": " + parseProblem(e, format(file)), e);
    } catch (IOException e) {
      throw new SnapshotException("snapshot: " + file + ": cannot read: " + e.getMessage(), e);
    } catch (StackOverflowError | OutOfMemoryError e) {
      // the limits should make these impossible; if one slips through, it still names the file
      throw new SnapshotException(
          file + ": too large or too deeply nested to read (" + e.getClass().getSimpleName() + ")");
    }
    return objects;
  }

  private static void addObjects(List<RawObject> out, String file, String location, JsonNode doc) {
    RawObject object = object(file, location, doc, null, null);
    JsonNode items = object.body().get("items");
    if (object.kind().endsWith("List") && items != null && items.isArray()) {
      // Items of a typed list (PodList) come from the API without their own kind and apiVersion.
      String itemKind =
          object.kind().equals("List")
              ? null
              : object.kind().substring(0, object.kind().length() - 4);
      for (int i = 0; i < items.size(); i++) {
        String at = location + ", items[" + i + "]";
        out.add(object(file, at, items.get(i), object.apiVersion(), itemKind));
      }
    } else {
      out.add(object);
    }
  }

  private static RawObject object(
      String file, String location, JsonNode doc, String defaultApiVersion, String defaultKind) {
    if (doc == null || !doc.isObject()) {
      throw notAnObject(file, location, "found " + shape(doc));
    }
    JsonNode apiVersion = doc.get("apiVersion");
    JsonNode kind = doc.get("kind");
    String v = apiVersion == null || !apiVersion.isTextual() ? null : apiVersion.textValue();
    String k = kind == null || !kind.isTextual() ? null : kind.textValue();
    if (defaultKind != null && kind == null) {
      v = apiVersion == null ? defaultApiVersion : v;
      k = defaultKind;
    }
    if (k == null || k.isBlank()) {
      throw notAnObject(file, location, "no kind");
    }
    if (v == null || v.isBlank()) {
      throw notAnObject(file, location, "no apiVersion");
    }
    return new RawObject(file, location, v, k, doc);
  }

  private static SnapshotException notAnObject(String file, String location, String found) {
    return new SnapshotException(
        file
            + ": "
            + location
            + ": not a Kubernetes object ("
            + found
            + "): expected a mapping with apiVersion and kind, as kubectl get -o yaml prints");
  }

  private static String shape(JsonNode doc) {
    if (doc == null || doc.isNull()) {
      return "nothing";
    }
    if (doc.isArray()) {
      return "a list";
    }
    if (doc.isTextual()) {
      return "a string";
    }
    return doc.isNumber() ? "a number" : doc.isBoolean() ? "a boolean" : "a value";
  }

  /** {@code line 4, column 1: invalid YAML: expected ',' or ']' (while parsing a flow ...)}. */
  private static String parseProblem(JacksonYAMLParseException e, String format) {
    if (!(e.getCause() instanceof MarkedYAMLException marked)) {
      return at(e.getLocation()) + "invalid " + format + ": " + firstLine(e.getOriginalMessage());
    }
    StringBuilder sb = new StringBuilder();
    Mark problemMark = marked.getProblemMark();
    if (problemMark != null) {
      sb.append(position(problemMark)).append(": ");
    }
    sb.append("invalid ").append(format).append(": ").append(marked.getProblem());
    if (marked.getContext() != null) {
      sb.append(" (").append(marked.getContext());
      Mark contextMark = marked.getContextMark();
      if (contextMark != null
          && (problemMark == null || !position(contextMark).equals(position(problemMark)))) {
        sb.append(" at ").append(position(contextMark));
      }
      sb.append(')');
    }
    return sb.toString();
  }

  /**
   * A {@link ParseLimits} limit broken, where: {@code line 4, column 106: nested more than 100
   * levels deep; ...}. Jackson's exception has no location: the parser's token has it.
   */
  private static String limitProblem(StreamConstraintsException e, JsonParser p, String format) {
    String at = p == null ? "" : at(p.currentTokenLocation());
    String message = e.getOriginalMessage();
    if (message != null && message.startsWith("Document nesting depth")) {
      return at
          + "nested more than "
          + ParseLimits.MAX_DEPTH
          + " levels deep; a Kubernetes object nests about 20 levels deep";
    }
    return at + "invalid " + format + ": " + firstLine(message);
  }

  /** {@code line 3, column 7: invalid JSON: Unexpected character ...}. */
  private static String parseProblem(JsonProcessingException e, String format) {
    return at(e.getLocation()) + "invalid " + format + ": " + firstLine(e.getOriginalMessage());
  }

  private static String at(JsonLocation location) {
    if (location == null || location.getLineNr() < 1) {
      return "";
    }
    return "line " + location.getLineNr() + ", column " + location.getColumnNr() + ": ";
  }

  private static String position(Mark mark) {
    return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }

  /** The first line of a parser's message, its source locations as {@code line L, column C}. */
  private static String firstLine(String s) {
    String line = s == null ? "" : s.lines().findFirst().orElse("").trim();
    return line.replaceAll("\\[Source: [^;]*; line: (\\d+), column: (\\d+)]", "line $1, column $2");
  }

  private static boolean isJson(String file) {
    return file.endsWith(".json");
  }

  private static String format(String file) {
    return isJson(file) ? "JSON" : "YAML";
  }
}
