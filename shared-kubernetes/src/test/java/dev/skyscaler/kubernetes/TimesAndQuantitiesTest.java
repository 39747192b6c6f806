package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.Pod;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The translation's shortcuts read exactly what the general way reads: timestamps in the API
 * server's own form, and resource quantities parsed once per distinct entry of a read.
 */
class TimesAndQuantitiesTest {
  @ParameterizedTest(name = "{0} reads as RFC 3339 reads it")
  @ValueSource(
      strings = {
        "2024-05-01T12:00:00Z",
        "2024-02-29T23:59:59Z",
        "1970-01-01T00:00:00Z",
        "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z",
        "2024-05-01T12:00:00.25Z",
        "2024-05-01T12:00:00+02:00",
        "2024-05-01t12:00:00z"
      })
  void aTimestampReadsAsTheGeneralParserReadsIt(String text) {
    assertThat(Fields.timestamp(text, "metadata.creationTimestamp", null))
        .isEqualTo(OffsetDateTime.parse(text.toUpperCase()).toInstant());
  }

  @ParameterizedTest(name = "{0} is refused as the general parser refuses it")
  @ValueSource(
      strings = {
        "2023-02-29T00:00:00Z",
        "2024-13-01T00:00:00Z",
        "2024-05-01T24:00:00Z",
        "2024-05-01T12:60:00Z",
        "2024-05-01T12:00:61Z",
        "2024-05-0aT12:00:00Z",
        "+024-05-01T12:00:00Z"
      })
  void aTimestampThatIsNoDateIsRefused(String text) {
    assertThatThrownBy(() -> Fields.timestamp(text, "metadata.creationTimestamp", null))
        .isInstanceOf(FieldException.class)
        .hasMessageContaining(
            "invalid timestamp \"" + text + "\": expected RFC 3339, e.g. 2024-05-01T12:00:00Z");
  }

  @Test
  void podsOfOneReadShareTheirParsedRequestsAndABadOneFailsEveryTime() {
    Interner shared = Interner.create();
    Pod first = ModelTranslator.toPod(pod("web-1", "500m", "1Gi"), shared);
    int afterFirst = shared.size();
    Pod second = ModelTranslator.toPod(pod("web-2", "500m", "1Gi"), shared);

    assertThat(second.requests()).isEqualTo(first.requests());
    assertThat(first.requests())
        .isEqualTo(ModelTranslator.toPod(pod("web-1", "500m", "1Gi")).requests());
    assertThat(shared.size()).as("the second pod's quantities were known").isEqualTo(afterFirst);
    for (String name : new String[] {"bad-1", "bad-2"}) {
      assertThatThrownBy(() -> ModelTranslator.toPod(pod(name, "5x", "1Gi"), shared))
          .isInstanceOf(SnapshotException.class)
          .hasMessage(
              "Pod default/"
                  + name
                  + ": spec.containers[0].resources.requests.cpu: invalid quantity \"5x\": expected"
                  + " a number with an optional suffix (m, k, M, G, T, Ki, Mi, Gi, Ti, or an"
                  + " exponent like 2e3)");
    }
  }

  private static JsonNode pod(String name, String cpu, String memory) {
    return Manifests.fullPod(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: "
            + name
            + ", namespace: default}\nspec:\n  containers: [{name: a, resources: {requests: {cpu: '"
            + cpu
            + "', memory: '"
            + memory
            + "'}}}]\n");
  }
}
