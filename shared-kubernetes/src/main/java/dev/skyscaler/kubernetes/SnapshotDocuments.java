package dev.skyscaler.kubernetes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Splits one snapshot file into Kubernetes objects: multi-document YAML ({@code ---}), a {@code
 * kind: List} (or {@code PodList}, ...) with {@code items}, a single object, or JSON (which YAML
 * 1.2 reads as well). Parsing uses snakeyaml-engine, as fabric8's own YAML loading does.
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
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SnapshotException("snapshot: " + file + ": cannot read: " + e.getMessage(), e);
    }
    // kubectl dumps of big clusters exceed snakeyaml's default of 3 MB: the file size is the limit
    List<RawObject> objects = new ArrayList<>();
    int document = 0;
    try {
      for (Object doc : ParseLimits.yamlDocuments(file, Integer.MAX_VALUE, text)) {
        document++;
        if (doc != null) {
          addObjects(objects, file, "document " + document, doc);
        }
      }
    } catch (ParseLimits.TooDeepException e) {
      throw new SnapshotException(
          file + ": " + e.getMessage() + "; a Kubernetes object nests about 20 levels deep", e);
    } catch (MarkedYamlEngineException e) {
      throw new SnapshotException(file + ": " + parseProblem(e, format(file)), e);
    } catch (YamlEngineException e) {
      throw new SnapshotException(file + ": invalid " + format(file) + ": " + e.getMessage(), e);
    } catch (StackOverflowError | OutOfMemoryError e) {
      // the limits should make these impossible; if one slips through, it still names the file
      throw new SnapshotException(
          file + ": too large or too deeply nested to read (" + e.getClass().getSimpleName() + ")");
    }
    return objects;
  }

  private static void addObjects(List<RawObject> out, String file, String location, Object doc) {
    RawObject object = object(file, location, doc, null, null);
    if (object.kind().endsWith("List") && object.body().get("items") instanceof List<?> items) {
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

  @SuppressWarnings("unchecked")
  private static RawObject object(
      String file, String location, Object doc, String defaultApiVersion, String defaultKind) {
    if (!(doc instanceof Map<?, ?> map)) {
      throw notAnObject(file, location, "found " + shape(doc));
    }
    Object apiVersion = map.get("apiVersion");
    Object kind = map.get("kind");
    if (defaultKind != null && kind == null) {
      apiVersion = apiVersion == null ? defaultApiVersion : apiVersion;
      kind = defaultKind;
    }
    if (!(kind instanceof String k) || k.isBlank()) {
      throw notAnObject(file, location, "no kind");
    }
    if (!(apiVersion instanceof String v) || v.isBlank()) {
      throw notAnObject(file, location, "no apiVersion");
    }
    return new RawObject(file, location, v, k, (Map<String, Object>) map);
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

  private static String shape(Object doc) {
    if (doc instanceof List<?>) {
      return "a list";
    }
    return doc instanceof String ? "a string" : "a " + doc.getClass().getSimpleName().toLowerCase();
  }

  /** {@code line 4, column 1: invalid YAML: expected ',' or ']' (while parsing a flow ...)}. */
  private static String parseProblem(MarkedYamlEngineException e, String format) {
    StringBuilder sb = new StringBuilder();
    e.getProblemMark().ifPresent(m -> sb.append(position(m)).append(": "));
    sb.append("invalid ").append(format).append(": ").append(e.getProblem());
    if (e.getContext() != null) {
      sb.append(" (").append(e.getContext());
      String problemAt = e.getProblemMark().map(SnapshotDocuments::position).orElse("");
      e.getContextMark()
          .map(SnapshotDocuments::position)
          .filter(at -> !at.equals(problemAt))
          .ifPresent(at -> sb.append(" at ").append(at));
      sb.append(')');
    }
    return sb.toString();
  }

  private static String position(Mark mark) {
    return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }

  private static String format(String file) {
    return file.endsWith(".json") ? "JSON" : "YAML";
  }
}
