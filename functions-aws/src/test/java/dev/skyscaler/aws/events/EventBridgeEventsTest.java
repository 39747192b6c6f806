package dev.skyscaler.aws.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.amazonaws.services.lambda.runtime.events.SQSEvent.SQSMessage;
import dev.skyscaler.aws.events.Ec2InstanceEvent.Kind;
import dev.skyscaler.aws.events.Ec2InstanceEvent.LifecycleAction;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Real EventBridge and SQS JSON, from {@code src/test/resources/events/}. */
class EventBridgeEventsTest {
  private static final String INSTANCE = "i-0b662ef9931388ba0";

  @Test
  void aSpotWarningGivesTheInstanceAndATwoMinuteDeadline() {
    Ec2InstanceEvent e = parse("spot-interruption-warning.json").orElseThrow();

    assertThat(e)
        .isEqualTo(
            new Ec2InstanceEvent(
                "1e5527d7-bb36-4607-3370-4164db56a40e",
                Kind.SPOT_WARNING,
                INSTANCE,
                Instant.parse("2026-11-21T12:00:00Z"),
                "123456789012",
                "us-east-1",
                "",
                "terminate",
                Optional.empty()));
    assertThat(e.deadline()).contains(Instant.parse("2026-11-21T12:02:00Z"));
  }

  @Test
  void aRebalanceRecommendationHasNoDeadline() {
    Ec2InstanceEvent e = parse("rebalance-recommendation.json").orElseThrow();

    assertThat(e.kind()).isEqualTo(Kind.REBALANCE);
    assertThat(e.instanceId()).isEqualTo(INSTANCE);
    assertThat(e.deadline()).isEmpty();
  }

  @Test
  void aTerminateLifecycleActionCarriesTheGroupTheHookAndTheToken() {
    Ec2InstanceEvent e = parse("instance-terminate-lifecycle-action.json").orElseThrow();

    assertThat(e.kind()).isEqualTo(Kind.LIFECYCLE_TERMINATE);
    assertThat(e.instanceId()).isEqualTo(INSTANCE);
    assertThat(e.lifecycle())
        .contains(
            new LifecycleAction(
                "prod-spot-a",
                "skyscaler-drain",
                "87654321-4321-4321-4321-210987654321",
                "autoscaling:EC2_INSTANCE_TERMINATING"));
  }

  @Test
  void aStateChangeGivesTheNewStateAndIsDueAtOnce() {
    Ec2InstanceEvent e = parse("state-change-notification.json").orElseThrow();

    assertThat(e.kind()).isEqualTo(Kind.STATE_CHANGE);
    assertThat(e.state()).isEqualTo("shutting-down");
    assertThat(e.deadline()).contains(e.time());
  }

  @ParameterizedTest(name = "{0} is not ours: acknowledged and dropped")
  @MethodSource("notOurs")
  void eventsOfOtherKindsReadAsNothing(String fixture) {
    assertThat(parse(fixture)).isEmpty();
  }

  static Stream<String> notOurs() {
    return Stream.of(
        "instance-launch-lifecycle-action.json",
        "autoscaling-test-notification.json",
        "scheduled-event.json");
  }

  record Malformed(String name, String json, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Malformed> malformed() {
    String spot = fixture("spot-interruption-warning.json");
    String lifecycle = fixture("instance-terminate-lifecycle-action.json");
    String id = "EventBridge event 1e5527d7-bb36-4607-3370-4164db56a40e";
    return Stream.of(
        new Malformed("a body that is not JSON", "{\"id\": ", "SQS message m1: not JSON"),
        new Malformed("a JSON array", "[1]", "SQS message m1: expected a JSON object"),
        new Malformed(
            "a body nested 5,000 levels deep",
            "{\"a\":" + "[".repeat(5_000) + "]".repeat(5_000) + "}",
            "SQS message m1: not JSON (Document nesting depth (101) exceeds the maximum allowed"
                + " (100, from `StreamReadConstraints.getMaxNestingDepth()`)"),
        new Malformed(
            "no id", spot.replace("\"id\"", "\"ident\""), "SQS message m1: field id is missing"),
        new Malformed(
            "no detail-type",
            spot.replace("\"detail-type\"", "\"kind\""),
            id + ": field detail-type is missing"),
        new Malformed(
            "a spot warning without its instance",
            spot.replace("\"instance-id\"", "\"instance\""),
            id + ": field detail.instance-id is missing"),
        new Malformed(
            "an instance id that is a number",
            spot.replace("\"i-0b662ef9931388ba0\"", "42"),
            id + ": field detail.instance-id must be a non-empty string, was 42"),
        new Malformed(
            "a time that is not an instant",
            spot.replace("2026-11-21T12:00:00Z", "yesterday"),
            id
                + ": field time must be an ISO-8601 instant like 2026-11-21T12:00:00Z, was"
                + " \"yesterday\""),
        new Malformed(
            "no account",
            spot.replace("\"account\"", "\"acct\""),
            id + ": field account is missing"),
        new Malformed(
            "a region that is not a string",
            spot.replace("\"us-east-1\"", "7"),
            id + ": field region must be a non-empty string, was 7"),
        new Malformed(
            "resources that are not a list",
            spot.replace("\"resources\": [", "\"resources\": {\"a\": [").replace("]", "]}"),
            id + ": not an EventBridge event (Cannot deserialize value of type"),
        new Malformed(
            "no detail object",
            spot.replace("\"detail\": {", "\"detail\": 1, \"x\": {"),
            id + ": field detail is missing or not an object"),
        new Malformed(
            "a lifecycle action without its hook",
            lifecycle.replace("\"LifecycleHookName\"", "\"Hook\""),
            "EventBridge event 468fb4d7-7b22-4fbb-b8c4-9ce35c7fcd21: field"
                + " detail.LifecycleHookName is missing"));
  }

  @ParameterizedTest(name = "{0} is one clear error naming the field")
  @MethodSource("malformed")
  void malformedEventsFailNamingTheField(Malformed m) {
    assertThatThrownBy(() -> EventBridgeEvents.parse("SQS message m1", m.json()))
        .isInstanceOf(EventFormatException.class)
        .hasMessageStartingWith(m.message());
  }

  @Test
  void anSqsBatchGivesEachMessageWithItsBody() {
    SqsBatch.Batch batch = SqsBatch.read(fixture("sqs-batch.json"));

    assertThat(batch.messages())
        .extracting(SQSMessage::getMessageId, SQSMessage::getEventSourceArn)
        .containsExactly(
            tuple(
                "059f36b4-87a3-44ab-83d2-661975830a7d",
                "arn:aws:sqs:us-east-1:123456789012:skyscaler-interruptions"),
            tuple(
                "2e1424d4-f796-459a-8184-9c92662be6da",
                "arn:aws:sqs:us-east-1:123456789012:skyscaler-interruptions"),
            tuple(
                "a7b2c3d4-0000-4000-8000-000000000003",
                "arn:aws:sqs:us-east-1:123456789012:skyscaler-interruptions"));
    assertThat(batch.unreadable()).isEmpty();
    assertThat(EventBridgeEvents.parse("m", batch.messages().get(0).getBody()))
        .map(Ec2InstanceEvent::kind)
        .contains(Kind.SPOT_WARNING);
  }

  @Test
  void aRecordThatCannotBeReadFailsAloneAndTheOthersAreRead() {
    String json =
        "{\"Records\": [{\"messageId\": \"m1\"}, {\"messageId\": \"m2\", \"body\": {\"a\": 1}},"
            + " {\"messageId\": \"m3\", \"body\": \"x\", \"attributes\": [1]},"
            + " {\"messageId\": \"m4\", \"body\": \"{}\"}]}";

    SqsBatch.Batch batch = SqsBatch.read(json);

    assertThat(batch.messages()).extracting(SQSMessage::getMessageId).containsExactly("m4");
    assertThat(batch.unreadable())
        .extracting(SqsBatch.Unreadable::messageId, SqsBatch.Unreadable::problem)
        .containsExactly(
            tuple("m1", "SQS message m1: field body is missing or not a string"),
            tuple("m2", "SQS message m2: field body is missing or not a string"),
            tuple(
                "m3",
                "SQS message m3: not an SQS record (Cannot deserialize value of type"
                    + " `java.util.LinkedHashMap<java.lang.String,java.lang.String>` from Array"
                    + " value (token `JsonToken.START_ARRAY`))"));
  }

  @ParameterizedTest(name = "{0} fails the whole batch")
  @MethodSource("notAnSqsEvent")
  void anEventThatIsNotAnSqsBatchFailsNamingTheField(String name, String json, String message) {
    assertThatThrownBy(() -> SqsBatch.read(json))
        .isInstanceOf(EventFormatException.class)
        .hasMessage(message);
  }

  static Stream<Arguments> notAnSqsEvent() {
    return Stream.of(
        Arguments.of(
            "no Records",
            "{\"records\": []}",
            "SQS event: field Records is missing or not an array"),
        Arguments.of(
            "a record without a message id, which no response can name",
            "{\"Records\": [{\"body\": \"{}\"}]}",
            "SQS event: field Records[0].messageId is missing or not a string"));
  }

  @Test
  void thePartialBatchResponseListsTheMessagesToRetry() {
    assertThat(SqsBatch.write(SqsBatch.failures(List.of("m2", "m3"))))
        .isEqualTo(
            "{\"batchItemFailures\":[{\"itemIdentifier\":\"m2\"},{\"itemIdentifier\":\"m3\"}]}");
    assertThat(SqsBatch.write(SqsBatch.failures(List.of())))
        .isEqualTo("{\"batchItemFailures\":[]}");
  }

  private static Optional<Ec2InstanceEvent> parse(String fixture) {
    return EventBridgeEvents.parse("SQS message m1", fixture(fixture));
  }

  static String fixture(String name) {
    try (InputStream in = EventBridgeEventsTest.class.getResourceAsStream("/events/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no test fixture events/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
