package dev.skyscaler.kubernetes.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.state.AutoscalerState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JsonStateCodecTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00.123456789Z");

  final JsonStateCodec<SampleState> codec = new JsonStateCodec<>(SampleState.class);

  static SampleState sample() {
    return new SampleState(
        Map.of("n1", NOW.minusSeconds(600), "n2", NOW),
        List.of(new SampleState.ScaleUpRequest("ng-a", 3, NOW)),
        Map.of(
            "ng-b", new SampleState.Backoff(NOW.plusSeconds(300), Duration.ofMinutes(5), "QUOTA")),
        Map.of(
            "n3",
            new SampleState.Drain(
                "ng-a",
                NOW,
                NOW.plusSeconds(600),
                Set.of("default/web-1"),
                SampleState.Step.EVICTING)),
        Optional.of(NOW),
        Optional.empty(),
        Optional.of(NOW.minusSeconds(3600)));
  }

  @Test
  void aStateOfRecordsMapsListsOptionalsAndInstantsRoundTrips() {
    SampleState state = sample();

    assertThat(codec.decode(codec.encode(state))).isEqualTo(state);
  }

  @Test
  void equalStatesEncodeToEqualText() {
    SampleState a = sample();
    SampleState b = codec.decode(codec.encode(a));

    assertThat(codec.encode(b)).isEqualTo(codec.encode(a));
    assertThat(codec.encode(a))
        .startsWith("{\"unneededSince\":{\"n1\":\"2025-01-31T11:50:00.123456789Z\",\"n2\":");
  }

  @Test
  void fieldsAnOlderWriterDidNotKnowReadAsEmpty() {
    assertThat(codec.decode("{\"lastScaleUp\":\"2025-01-31T12:00:00Z\"}"))
        .isEqualTo(
            new SampleState(
                Map.of(),
                List.of(),
                Map.of(),
                Map.of(),
                Optional.of(Instant.parse("2025-01-31T12:00:00Z")),
                Optional.empty(),
                Optional.empty()));
  }

  @Test
  void fieldsANewerWriterAddedAreIgnored() {
    assertThat(codec.decode("{\"futureField\":{\"x\":1},\"unneededSince\":{}}"))
        .isEqualTo(SampleState.EMPTY);
  }

  @Test
  void theCurrentAutoscalerStateRoundTrips() {
    JsonStateCodec<AutoscalerState> real = new JsonStateCodec<>(AutoscalerState.class);

    assertThat(real.decode(real.encode(AutoscalerState.EMPTY))).isEqualTo(AutoscalerState.EMPTY);
  }

  @Test
  void aBadValueIsNamedByItsPath() {
    assertThatThrownBy(
            () -> codec.decode("{\"drains\":{\"n3\":{\"group\":\"ng-a\",\"deadline\":\"soon\"}}}"))
        .isInstanceOf(StateException.class)
        .hasMessage(
            "state: drains.n3.deadline: Cannot deserialize value of type `java.time.Instant` from"
                + " String \"soon\": Failed to deserialize java.time.Instant:"
                + " (java.time.format.DateTimeParseException) Text 'soon' could not be parsed at"
                + " index 0");
  }

  @Test
  void aValueTheRecordRejectsIsNamedByItsPath() {
    assertThatThrownBy(() -> codec.decode("{\"drains\":{\"n3\":{\"group\":\"ng-a\"}}}"))
        .isInstanceOf(StateException.class)
        .hasMessage("state: drains.n3: deadline: missing");
  }

  @Test
  void textThatIsNotJsonIsReportedWithItsPosition() {
    assertThatThrownBy(() -> codec.decode("{\"drains\":\n x}"))
        .isInstanceOf(StateException.class)
        .hasMessage(
            "state: not JSON (line 2, column 2): Unrecognized token 'x': was expecting (JSON"
                + " String, Number, Array, Object or token 'null', 'true' or 'false')");
  }
}
