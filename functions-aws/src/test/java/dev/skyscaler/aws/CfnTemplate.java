package dev.skyscaler.aws;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * A CloudFormation template as plain maps, lists and strings, its short-form functions written out
 * as CloudFormation reads them: {@code !Ref X} is {@code {Ref: X}}, {@code !Sub s} is {@code
 * {Fn::Sub: s}}, and so on. Scalars stay strings.
 */
final class CfnTemplate {
  private final Map<String, Object> root;

  private CfnTemplate(Map<String, Object> root) {
    this.root = root;
  }

  static CfnTemplate read(Path file) throws IOException {
    Node node =
        new Compose(LoadSettings.builder().build())
            .composeString(Files.readString(file))
            .orElseThrow(() -> new IllegalStateException(file + " is empty"));
    return new CfnTemplate(map(plain(node)));
  }

  /** A top-level section ({@code Resources}, {@code Conditions}, ...). */
  Map<String, Object> section(String name) {
    return map(root.get(name));
  }

  /** The properties of a resource. */
  Map<String, Object> properties(String resource) {
    Map<String, Object> r = map(section("Resources").get(resource));
    if (r == null) {
      throw new IllegalStateException("no resource " + resource);
    }
    return map(r.get("Properties"));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object o) {
    return o instanceof List<?> l ? (List<Object>) l : List.of(o);
  }

  private static Object plain(Node node) {
    Object value;
    if (node instanceof ScalarNode s) {
      value = s.getValue();
    } else if (node instanceof SequenceNode s) {
      List<Object> items = new ArrayList<>();
      s.getValue().forEach(n -> items.add(plain(n)));
      value = items;
    } else if (node instanceof MappingNode m) {
      Map<String, Object> entries = new LinkedHashMap<>();
      for (NodeTuple t : m.getValue()) {
        entries.put(((ScalarNode) t.getKeyNode()).getValue(), plain(t.getValueNode()));
      }
      value = entries;
    } else {
      throw new IllegalStateException("unexpected YAML node " + node);
    }
    String tag = node.getTag().getValue();
    if (!tag.startsWith("!")) {
      return value;
    }
    String function = tag.substring(1);
    return Map.of(function.equals("Ref") ? "Ref" : "Fn::" + function, value);
  }
}
