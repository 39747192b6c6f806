package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads Kubernetes objects from a token stream (the API server's JSON, a snapshot file's YAML or
 * JSON) into JSON trees for {@link ModelTranslator}, keeping only what translation reads: the
 * fields a {@link Keep} lists; everything else (managed fields, environment, probes, container
 * statuses, node images...) is skipped in the stream without being decoded. The same parser
 * factories read snapshot files and API responses, so both go through one set of limits.
 */
public final class ObjectTrees {
  /** The JSON of API responses and {@code .json} snapshot files, held to {@link ParseLimits}. */
  static final JsonFactory JSON = ParseLimits.jsonFactory();

  /**
   * YAML snapshot files. {@code yes}/{@code no}/{@code on}/{@code off} are strings, as YAML 1.2
   * (and kubectl's output, which quotes them anyway) has them; an empty plain value is null, a
   * quoted {@code ""} the empty string. Built on first use: a function never reads YAML.
   */
  static YAMLFactory yaml() {
    return Yaml.FACTORY;
  }

  /** Holds the YAML factory, so that loading {@link ObjectTrees} does not load SnakeYAML. */
  private static final class Yaml {
    static final YAMLFactory FACTORY =
        YAMLFactory.builder()
            .loaderOptions(yamlLimits())
            .enable(YAMLParser.Feature.PARSE_BOOLEAN_LIKE_WORDS_AS_STRINGS)
            .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL) // an empty plain value, or document
            .streamReadConstraints(ParseLimits.streamReadConstraints())
            .build();
  }

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ObjectTrees() {}

  private static LoaderOptions yamlLimits() {
    LoaderOptions options = new LoaderOptions();
    // kubectl dumps of big clusters exceed 3 MB: ParseLimits' file size is the limit
    options.setCodePointLimit(Integer.MAX_VALUE);
    return options;
  }

  /**
   * What of an object is kept: listed fields (each with what is kept of its value; a list's items
   * all get the same), and either every other field whole ({@code others}) or none. A scalar is
   * kept whatever the {@code Keep} of its field says about objects.
   */
  public static final class Keep {
    /** Everything. */
    public static final Keep ALL = new Keep(Map.of(), true);

    /** Nothing: the field is skipped. */
    static final Keep NOTHING = new Keep(Map.of(), false);

    private final Map<String, Keep> fields;
    private final boolean others;

    private Keep(Map<String, Keep> fields, boolean others) {
      this.fields = fields;
      this.others = others;
    }

    /** Only these fields, each kept whole. */
    static Keep only(String... names) {
      Map<String, Keep> m = new HashMap<>();
      for (String n : names) {
        m.put(n, ALL);
      }
      return new Keep(Map.copyOf(m), false);
    }

    /** This and also {@code name}, kept as {@code keep} says. */
    Keep with(String name, Keep keep) {
      Map<String, Keep> m = new HashMap<>(fields);
      m.put(name, keep);
      return new Keep(Map.copyOf(m), others);
    }

    /** Everything but the field {@code name}. */
    static Keep allBut(String name) {
      return new Keep(Map.of(name, NOTHING), true);
    }

    Keep field(String name) {
      Keep k = fields.get(name);
      return k != null ? k : others ? ALL : NOTHING;
    }

    boolean keepsEverything() {
      return others && fields.isEmpty();
    }
  }

  /** An object's metadata without {@code managedFields} (which can be most of an object). */
  static final Keep METADATA =
      Keep.only(
          "name",
          "namespace",
          "uid",
          "resourceVersion",
          "labels",
          "annotations",
          "ownerReferences",
          "creationTimestamp",
          "deletionTimestamp");

  private static final Keep CONTAINER = Keep.only("name", "resources", "ports", "restartPolicy");

  private static final Keep POD_SPEC =
      Keep.only(
              "nodeName",
              "priority",
              "terminationGracePeriodSeconds",
              "schedulerName",
              "nodeSelector",
              "affinity",
              "tolerations",
              "topologySpreadConstraints",
              "resources",
              "overhead",
              "hostNetwork")
          .with("containers", CONTAINER)
          .with("initContainers", CONTAINER)
          .with("volumes", Keep.only("name", "emptyDir", "hostPath", "persistentVolumeClaim"));

  private static final Keep TEMPLATE =
      Keep.only().with("metadata", Keep.only("labels", "annotations")).with("spec", POD_SPEC);

  /** Every object: what identifies it, and what a watch's ERROR event (a Status) carries. */
  private static final Keep OBJECT =
      Keep.only("apiVersion", "kind", "code", "reason", "message").with("metadata", METADATA);

  /**
   * A Pod: its scheduling-relevant spec, and the phase, conditions and nomination of its status.
   */
  public static final Keep POD =
      OBJECT
          .with("spec", POD_SPEC)
          .with("status", Keep.only("phase", "nominatedNodeName", "conditions"));

  /** A Node: its spec, and the capacity, allocatable resources and conditions of its status. */
  public static final Keep NODE =
      OBJECT
          .with("spec", Keep.ALL)
          .with("status", Keep.only("capacity", "allocatable", "conditions"));

  /** A Namespace: its name and labels (its spec and status are never read). */
  public static final Keep NAMESPACE = OBJECT;

  /** A PodDisruptionBudget. */
  public static final Keep PDB = OBJECT.with("spec", Keep.ALL).with("status", Keep.ALL);

  /** A DaemonSet: the pod template of its spec. */
  public static final Keep DAEMON_SET = OBJECT.with("spec", Keep.only().with("template", TEMPLATE));

  /** A PodTemplate. */
  public static final Keep POD_TEMPLATE = OBJECT.with("template", TEMPLATE);

  /** Any other kind (CapacityBuffers, ConfigMaps): all of it but the managed fields. */
  public static final Keep GENERIC =
      Keep.allBut("metadata").with("metadata", Keep.allBut("managedFields"));

  /**
   * Reads a small pod and node and translates them, loading what a list of them needs: for a cold
   * start's priming thread, or a SnapStart snapshot. Touches no network.
   */
  static void prime() {
    String pod =
        "{\"metadata\":{\"name\":\"p\",\"namespace\":\"n\",\"managedFields\":[{}]},"
            + "\"spec\":{\"containers\":[{\"name\":\"c\",\"env\":[],"
            + "\"resources\":{\"requests\":{\"cpu\":\"1\"}}}]},\"status\":{\"phase\":\"Running\"}}";
    String node =
        "{\"metadata\":{\"name\":\"n\"},\"status\":{\"capacity\":{\"cpu\":\"1\"},"
            + "\"conditions\":[{\"type\":\"Ready\",\"status\":\"True\"}]}}";
    try (JsonParser p = JSON.createParser(pod);
        JsonParser n = JSON.createParser(node)) {
      p.nextToken();
      ObjectKind.unfinished(read(p, POD), Interner.create());
      n.nextToken();
      ModelTranslator.toNode(read(n, NODE), Interner.create());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Reads the value the parser is on (its current token) as a tree, keeping what {@code keep} says;
   * leaves the parser on the value's last token.
   *
   * @throws IOException as the parser does; a YAML alias is refused (snapshots never need one, and
   *     expanding them is how a small file becomes a huge tree)
   */
  static JsonNode read(JsonParser p, Keep keep) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT) {
      return object(p, keep);
    }
    if (t == JsonToken.START_ARRAY) {
      ArrayNode array = NODES.arrayNode();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        array.add(read(p, keep));
      }
      return array;
    }
    return scalar(p);
  }

  private static ObjectNode object(JsonParser p, Keep keep) throws IOException {
    ObjectNode object = new ObjectNode(NODES, new FieldMap());
    boolean all = keep.keepsEverything();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      Keep child = all ? Keep.ALL : keep.field(name);
      if (child == Keep.NOTHING) {
        p.skipChildren();
      } else {
        object.set(name, value.isStructStart() ? read(p, child) : scalar(p));
      }
    }
    return object;
  }

  private static JsonNode scalar(JsonParser p) throws IOException {
    if (p instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
      throw new com.fasterxml.jackson.core.JsonParseException(
          p, "YAML aliases (*" + p.getText() + ") are not supported in snapshots");
    }
    return switch (p.currentToken()) {
      case VALUE_STRING -> NODES.textNode(p.getText());
      case VALUE_NUMBER_INT ->
          switch (p.getNumberType()) {
            case INT -> NODES.numberNode(p.getIntValue());
            case LONG -> NODES.numberNode(p.getLongValue());
            default -> NODES.numberNode(p.getBigIntegerValue());
          };
      case VALUE_NUMBER_FLOAT -> NODES.numberNode(p.getDoubleValue());
      case VALUE_TRUE -> NODES.booleanNode(true);
      case VALUE_FALSE -> NODES.booleanNode(false);
      case VALUE_NULL -> NODES.nullNode();
      default -> NODES.textNode(p.getText());
    };
  }
}
