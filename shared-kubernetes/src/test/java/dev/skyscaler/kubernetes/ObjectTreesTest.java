package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * What {@link ObjectTrees} keeps of an object is all its translation reads: objects carrying every
 * field (those of {@link ReadViewTest}) translate to the same core model kept whole and kept as a
 * scan keeps them, and what is left out is really gone.
 */
class ObjectTreesTest {
  @Test
  void aPodKeptAsAScanKeepsItTranslatesAsTheWholePod() throws IOException {
    assertThat(ModelTranslator.toPod(kept(ReadViewTest.POD, ObjectTrees.POD)))
        .isEqualTo(ModelTranslator.toPod(kept(ReadViewTest.POD, ObjectTrees.Keep.ALL)));
  }

  @Test
  void aNodeKeptAsAScanKeepsItTranslatesAsTheWholeNode() throws IOException {
    assertThat(ModelTranslator.toNode(kept(ReadViewTest.NODE, ObjectTrees.NODE)))
        .isEqualTo(ModelTranslator.toNode(kept(ReadViewTest.NODE, ObjectTrees.Keep.ALL)));
  }

  @Test
  void aDaemonSetKeptAsAScanKeepsItTranslatesAsTheWholeDaemonSet() throws IOException {
    assertThat(ModelTranslator.toDaemonSet(kept(ReadViewTest.DAEMON_SET, ObjectTrees.DAEMON_SET)))
        .isEqualTo(
            ModelTranslator.toDaemonSet(kept(ReadViewTest.DAEMON_SET, ObjectTrees.Keep.ALL)));
  }

  @Test
  void whatTranslationDoesNotReadIsNotKept() throws IOException {
    JsonNode pod = kept(ReadViewTest.POD, ObjectTrees.POD);
    JsonNode app = pod.path("spec").path("containers").get(0);

    assertThat(app.has("env")).isFalse();
    assertThat(app.has("livenessProbe")).isFalse();
    assertThat(app.has("image")).isFalse();
    assertThat(app.path("resources").path("requests").has("cpu")).isTrue();
    assertThat(pod.path("metadata").has("managedFields")).isFalse();
    assertThat(pod.path("status").has("containerStatuses")).isFalse();
    assertThat(pod.path("spec").has("securityContext")).isFalse();
    assertThat(pod.path("spec").path("volumes"))
        .allSatisfy(v -> assertThat(v.has("configMap") || v.has("projected")).isFalse());
    assertThat(kept(ReadViewTest.NODE, ObjectTrees.NODE).path("status").has("images")).isFalse();
  }

  @Test
  void genericObjectsKeepEverythingButTheirManagedFields() throws IOException {
    JsonNode buffer =
        kept(
            "{\"apiVersion\":\"autoscaling.x-k8s.io/v1\",\"kind\":\"CapacityBuffer\",\"metadata\":"
                + "{\"name\":\"b\",\"managedFields\":[{\"manager\":\"kubectl\"}]},"
                + "\"spec\":{\"replicas\":3,\"anything\":{\"new\":true}}}",
            ObjectTrees.GENERIC);

    assertThat(buffer.path("metadata").has("managedFields")).isFalse();
    assertThat(buffer.path("spec").path("anything").path("new").asBoolean()).isTrue();
  }

  @Test
  void aYamlAliasIsRefused() throws IOException {
    assertThatThrownBy(
            () ->
                kept(
                    "metadata: &m {name: a}\nspec: {containers: [{name: c}]}\nother: *m\n",
                    ObjectTrees.Keep.ALL))
        .isInstanceOf(JsonParseException.class)
        .hasMessageStartingWith("YAML aliases (*m) are not supported in snapshots");
  }

  private static JsonNode kept(String yaml, ObjectTrees.Keep keep) throws IOException {
    try (JsonParser p = ObjectTrees.yaml().createParser(yaml)) {
      p.nextToken();
      return ObjectTrees.read(p, keep);
    }
  }
}
