package dev.skyscaler.cli.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The node-groups file: the scalable groups (ASGs, VM Scale Sets) the plan may grow, their sizes,
 * which snapshot nodes belong to each, and what a new node looks like. The format is documented in
 * {@code docs/configuration.md}:
 *
 * <pre>
 * nodeGroups:
 * - name: ng1
 *   minSize: 1
 *   maxSize: 10
 *   targetSize: 3        # optional; default: the number of member nodes
 *   nodes: [n1, n2]      # membership by node name, or
 *   selector: {matchLabels: {eks.amazonaws.com/nodegroup: ng1}}
 *   template: {capacity: {cpu: "4", memory: 16Gi}, labels: {...}, taints: [...]}
 *   price: 0.192         # per node-hour
 * </pre>
 *
 * <p>The first problem found stops the reading, with a message naming the file, the group and the
 * field.
 */
public final class NodeGroupsFile {
  /** Most node groups a file may declare (AWS's default quota is 500 groups per region). */
  static final int MAX_GROUPS = 1_000;

  private static final Set<String> TOP_FIELDS = Set.of("nodeGroups");
  private static final Set<String> GROUP_FIELDS =
      Set.of("name", "minSize", "maxSize", "targetSize", "nodes", "selector", "template", "price");

  private final List<Node> nodes;
  private final Map<String, Node> nodesByName = new HashMap<>();
  private final Map<String, String> memberOf = new HashMap<>();

  private NodeGroupsFile(List<Node> nodes) {
    this.nodes = nodes;
    nodes.forEach(n -> nodesByName.put(n.name(), n));
  }

  /**
   * Reads the groups and resolves their members against the snapshot's nodes.
   *
   * @param nodes the snapshot's nodes; every listed member must be one of them
   * @throws InputException naming file, group and field for the first problem found
   */
  public static List<NodeGroup> read(Path file, List<Node> nodes) {
    YamlObject root = YamlFiles.readMapping(file, "a mapping with a nodeGroups list");
    root.allowOnly(TOP_FIELDS);
    if (root.get("nodeGroups").isEmpty()) {
      throw root.error("missing required field \"nodeGroups\"");
    }
    List<JsonNode> items = root.list("nodeGroups", MAX_GROUPS);
    if (items.isEmpty()) {
      throw root.error("nodeGroups", "is empty; declare at least one node group");
    }
    NodeGroupsFile reader = new NodeGroupsFile(nodes);
    List<NodeGroup> groups = new ArrayList<>();
    Map<String, Integer> indexByName = new HashMap<>();
    for (int i = 0; i < items.size(); i++) {
      YamlObject item = root.item("nodeGroups", i, items.get(i));
      NodeGroup group = reader.group(item.describedAs(file + ": nodeGroups[" + i + "]"));
      Integer earlier = indexByName.putIfAbsent(group.name(), i);
      if (earlier != null) {
        throw new InputException(
            file
                + ": nodeGroups["
                + i
                + "] ("
                + group.name()
                + "): name is already used by nodeGroups["
                + earlier
                + "]");
      }
      groups.add(group);
    }
    return groups;
  }

  private NodeGroup group(YamlObject item) {
    YamlObject g =
        item.text("name").map(n -> item.describedAs(item.where() + " (" + n + ")")).orElse(item);
    g.allowOnly(GROUP_FIELDS);
    String name = g.requiredText("name");
    int min = g.requiredWholeNumber("minSize", 0);
    int max = g.requiredWholeNumber("maxSize", 0);
    if (min > max) {
      throw g.error("minSize (" + min + ") must not exceed maxSize (" + max + ")");
    }
    Set<String> members = members(g, name);
    int target = targetSize(g, min, max, members.size());
    Optional<NodeTemplate> template = g.object("template").map(TemplateReader::template);
    if (members.isEmpty() && template.isEmpty()) {
      throw g.error(
          "has no member nodes, so it needs a template (capacity, labels, taints) to know"
              + " what a new node looks like");
    }
    OptionalDouble price =
        g.number("price", 0).map(OptionalDouble::of).orElse(OptionalDouble.empty());
    return new NodeGroup(name, min, max, target, members, template, price);
  }

  private static int targetSize(YamlObject g, int min, int max, int memberCount) {
    if (g.get("targetSize").isEmpty()) {
      if (memberCount > max) {
        throw g.error("has " + memberCount + " member nodes, more than maxSize (" + max + ")");
      }
      return memberCount;
    }
    int target = g.wholeNumber("targetSize", 0).getAsInt();
    if (target < min || target > max) {
      throw g.error(
          "targetSize",
          "must be between minSize (" + min + ") and maxSize (" + max + "), got " + target);
    }
    if (target < memberCount) {
      throw g.error(
          "targetSize",
          "is "
              + target
              + " but the group has "
              + memberCount
              + " member nodes; the target counts registered nodes plus booting ones");
    }
    return target;
  }

  private Set<String> members(YamlObject g, String group) {
    boolean byName = g.get("nodes").isPresent();
    Optional<YamlObject> selector = g.object("selector");
    if (byName && selector.isPresent()) {
      throw g.error("give either nodes or selector, not both");
    }
    Set<String> members = new LinkedHashSet<>();
    if (byName) {
      List<JsonNode> names = g.list("nodes");
      for (int i = 0; i < names.size(); i++) {
        String node = g.textItem("nodes", i, names.get(i));
        if (!nodesByName.containsKey(node)) {
          throw g.error("nodes[" + i + "]", "no node \"" + node + "\" in the snapshot");
        }
        if (!members.add(node)) {
          throw g.error("nodes[" + i + "]", "node \"" + node + "\" is listed twice");
        }
      }
    }
    if (selector.isPresent()) {
      LabelSelector s = TemplateReader.selector(selector.get());
      nodes.stream().filter(n -> s.matches(n.labels())).forEach(n -> members.add(n.name()));
    }
    for (String node : members) {
      String other = memberOf.putIfAbsent(node, group);
      if (other != null) {
        throw g.error("node \"" + node + "\" is already in node group " + other);
      }
    }
    return members;
  }
}
