package dev.skyscaler.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One case of the scheduler fidelity suite ({@code src/test/resources/fidelity/*.yaml}): the
 * Kubernetes objects of a small cluster, its node groups, and what {@code skyscaler plan} must
 * answer. The objects are real manifests; this class only fills in what every case would otherwise
 * repeat, and then writes them as the snapshot file {@code plan} reads:
 *
 * <ul>
 *   <li>{@code apiVersion: v1} and the kind of the list they are in ({@code namespaces}, {@code
 *       nodes}, {@code pods});
 *   <li>a node without {@code status.allocatable} gets 4 CPUs, 16Gi and 110 pods; a node without
 *       conditions is Ready; every node carries {@code kubernetes.io/hostname} (as kubelet sets
 *       it);
 *   <li>a pod without {@code spec.containers} gets one container {@code c} without requests;
 *       without a status, a pod with {@code spec.nodeName} is Running and one without was marked
 *       Unschedulable by the scheduler;
 *   <li>without {@code nodeGroups}, one group {@code ng} (max 10) holds every node;
 *   <li>{@code replicas: n} beside a pod's {@code metadata} stands for n pods named {@code
 *       <name>-0} to {@code <name>-(n-1)} (as a controller would create them), and an expected pod
 *       {@code web-{5..9}} for pods {@code web-5} to {@code web-9}.
 * </ul>
 *
 * @param file the suite file, e.g. {@code nodeaffinity.yaml}
 * @param name the case, as a sentence
 * @param upstream the upstream test file and case name the case is re-derived from
 */
record FidelityCase(
    String file,
    String name,
    String upstream,
    List<ObjectNode> objects,
    JsonNode nodeGroups,
    List<String> flags,
    Expectation expect) {

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Pattern RANGE = Pattern.compile("(.*)\\{(\\d+)\\.\\.(\\d+)}");

  /** What the plan must say; every field has an empty default, and the plan must match exactly. */
  record Expectation(
      Map<String, Integer> scaleUps,
      Map<String, Map<String, String>> pending,
      Map<String, String> fits,
      List<Integer> placed,
      List<String> warnings) {}

  @Override
  public String toString() {
    return file + ": " + name;
  }

  /** Every case of one suite file. */
  static List<FidelityCase> read(Path path) {
    JsonNode root;
    try {
      root = YAML.readTree(path.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String file = path.getFileName().toString();
    String upstreamFile = required(root, "upstream", file).asText();
    List<FidelityCase> cases = new ArrayList<>();
    for (JsonNode c : required(root, "cases", file)) {
      String name = required(c, "name", file).asText();
      String where = file + ": " + name;
      allowOnly(c, where, "name", "upstream", "namespaces", "nodes", "pods", "nodeGroups", "flags");
      List<ObjectNode> objects = new ArrayList<>();
      c.path("namespaces").forEach(o -> objects.add(object("Namespace", o, where)));
      c.path("nodes").forEach(o -> objects.add(node(o, where)));
      c.path("pods").forEach(o -> objects.addAll(pods(o, where)));
      List<String> flags = new ArrayList<>();
      c.path("flags").forEach(f -> flags.add(f.asText()));
      cases.add(
          new FidelityCase(
              file,
              name,
              upstreamFile + ": " + required(c, "upstream", where).asText(),
              objects,
              c.has("nodeGroups") ? c.get("nodeGroups") : defaultGroups(objects),
              flags,
              expectation(required(c, "expect", where), where)));
    }
    return cases;
  }

  private static void allowOnly(JsonNode c, String where, String... extra) {
    List<String> allowed = new ArrayList<>(List.of(extra));
    allowed.add("expect");
    for (Iterator<String> it = c.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!allowed.contains(f)) {
        throw new IllegalArgumentException(
            where + ": unknown field " + f + ", expected " + allowed);
      }
    }
  }

  private static JsonNode required(JsonNode n, String field, String where) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException(where + ": missing " + field);
    }
    return v;
  }

  private static ObjectNode object(String kind, JsonNode o, String where) {
    if (!(o instanceof ObjectNode)) {
      throw new IllegalArgumentException(where + ": a " + kind + " must be a mapping");
    }
    ObjectNode copy = ((ObjectNode) o).deepCopy();
    copy.put("apiVersion", "v1");
    copy.put("kind", kind);
    required(required(copy, "metadata", where), "name", where);
    return copy;
  }

  private static ObjectNode node(JsonNode o, String where) {
    ObjectNode n = object("Node", o, where);
    ObjectNode meta = (ObjectNode) n.get("metadata");
    ObjectNode labels =
        meta.has("labels") ? (ObjectNode) meta.get("labels") : meta.putObject("labels");
    if (!labels.has("kubernetes.io/hostname")) {
      labels.put("kubernetes.io/hostname", meta.get("name").asText());
    }
    ObjectNode status = n.has("status") ? (ObjectNode) n.get("status") : n.putObject("status");
    if (!status.has("allocatable")) {
      ObjectNode a = status.putObject("allocatable");
      a.put("cpu", "4");
      a.put("memory", "16Gi");
      a.put("pods", "110");
    }
    if (!status.has("capacity")) {
      status.set("capacity", status.get("allocatable").deepCopy());
    }
    if (!status.has("conditions")) {
      ObjectNode ready = status.putArray("conditions").addObject();
      ready.put("type", "Ready");
      ready.put("status", "True");
    }
    return n;
  }

  private static List<ObjectNode> pods(JsonNode o, String where) {
    if (!o.has("replicas")) {
      return List.of(pod(o, where));
    }
    ObjectNode template = ((ObjectNode) o).deepCopy();
    int replicas = template.remove("replicas").asInt();
    List<ObjectNode> pods = new ArrayList<>();
    for (int i = 0; i < replicas; i++) {
      ObjectNode copy = template.deepCopy();
      ObjectNode meta = (ObjectNode) copy.get("metadata");
      meta.put("name", meta.get("name").asText() + "-" + i);
      pods.add(pod(copy, where));
    }
    return pods;
  }

  private static ObjectNode pod(JsonNode o, String where) {
    ObjectNode p = object("Pod", o, where);
    ObjectNode spec = p.has("spec") ? (ObjectNode) p.get("spec") : p.putObject("spec");
    if (!spec.has("containers")) {
      spec.putArray("containers").addObject().put("name", "c");
    }
    if (!p.has("status")) {
      ObjectNode status = p.putObject("status");
      if (spec.has("nodeName")) {
        status.put("phase", "Running");
      } else {
        status.put("phase", "Pending");
        ObjectNode scheduled = status.putArray("conditions").addObject();
        scheduled.put("type", "PodScheduled");
        scheduled.put("status", "False");
        scheduled.put("reason", "Unschedulable");
      }
    }
    return p;
  }

  private static JsonNode defaultGroups(List<ObjectNode> objects) {
    ArrayNode groups = JsonNodeFactory.instance.arrayNode();
    ObjectNode ng = groups.addObject();
    ng.put("name", "ng");
    ng.put("minSize", 0);
    ng.put("maxSize", 10);
    ArrayNode members = ng.putArray("nodes");
    for (ObjectNode o : objects) {
      if (o.get("kind").asText().equals("Node")) {
        members.add(o.get("metadata").get("name").asText());
      }
    }
    return groups;
  }

  private static Expectation expectation(JsonNode e, String where) {
    allowOnly(e, where + ": expect", "scaleUp", "pending", "fits", "placed", "warnings");
    Map<String, Integer> scaleUps = new TreeMap<>();
    e.path("scaleUp")
        .fields()
        .forEachRemaining(f -> scaleUps.put(f.getKey(), f.getValue().asInt()));
    Map<String, Map<String, String>> pending = new TreeMap<>();
    e.path("pending")
        .fields()
        .forEachRemaining(
            f -> {
              Map<String, String> reasons = new TreeMap<>();
              f.getValue()
                  .fields()
                  .forEachRemaining(r -> reasons.put(r.getKey(), r.getValue().asText()));
              expand(f.getKey()).forEach(pod -> pending.put(podKey(pod), reasons));
            });
    Map<String, String> fits = new TreeMap<>();
    e.path("fits")
        .fields()
        .forEachRemaining(f -> fits.put(podKey(f.getKey()), f.getValue().asText()));
    List<Integer> placed = new ArrayList<>();
    e.path("placed").forEach(n -> placed.add(n.asInt()));
    List<String> warnings = new ArrayList<>();
    e.path("warnings").forEach(n -> warnings.add(n.asText()));
    return new Expectation(scaleUps, pending, fits, placed.stream().sorted().toList(), warnings);
  }

  /** {@code web-{5..9}} is {@code web-5} to {@code web-9}; any other name is itself. */
  static List<String> expand(String name) {
    Matcher m = RANGE.matcher(name);
    if (!m.matches()) {
      return List.of(name);
    }
    List<String> names = new ArrayList<>();
    for (int i = Integer.parseInt(m.group(2)); i <= Integer.parseInt(m.group(3)); i++) {
      names.add(m.group(1) + i);
    }
    return names;
  }

  /** {@code web} means {@code default/web}. */
  static String podKey(String name) {
    return name.contains("/") ? name : "default/" + name;
  }

  /** Writes the snapshot and node-groups files into {@code dir}; returns their paths. */
  List<Path> write(Path dir) throws IOException {
    ObjectNode list = JsonNodeFactory.instance.objectNode();
    list.put("apiVersion", "v1");
    list.put("kind", "List");
    ArrayNode items = list.putArray("items");
    objects.forEach(items::add);
    Path snapshot = dir.resolve("snapshot.yaml");
    Path groups = dir.resolve("node-groups.yaml");
    Files.writeString(snapshot, YAML.writeValueAsString(list));
    ObjectNode g = JsonNodeFactory.instance.objectNode();
    g.set("nodeGroups", nodeGroups);
    Files.writeString(groups, YAML.writeValueAsString(g));
    return List.of(snapshot, groups);
  }
}
