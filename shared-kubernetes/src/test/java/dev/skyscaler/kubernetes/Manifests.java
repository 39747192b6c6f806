package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Objects from YAML text, as the trees {@link ModelTranslator} reads, for tests that feed it. */
final class Manifests {
  private Manifests() {}

  /** A pod {@code default/p} whose spec (and optionally status) is the given YAML. */
  static JsonNode pod(String specAndStatus) {
    return tree(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\n" + specAndStatus);
  }

  static JsonNode fullPod(String yaml) {
    return tree(yaml);
  }

  static JsonNode node(String yaml) {
    return tree(yaml);
  }

  static JsonNode pdb(String yaml) {
    return tree(yaml);
  }

  static JsonNode daemonSet(String yaml) {
    return tree(yaml);
  }

  /** One YAML (or JSON) document, read whole as snapshot files are. */
  static JsonNode tree(String yaml) {
    try (JsonParser p = ObjectTrees.yaml().createParser(yaml)) {
      p.nextToken();
      return ObjectTrees.read(p, ObjectTrees.Keep.ALL);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
