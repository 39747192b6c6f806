package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What keeps the interruption queue's redelivery working, read from {@code template.yaml}: a
 * message the function hands back is received again, and after its last receive it moves to the
 * dead-letter queue instead of expiring. Checked as relations between the template's numbers, so
 * that changing one of them alone cannot break it silently.
 */
class InterruptionQueueTemplateTest {
  private static final Path TEMPLATE =
      Path.of("..").toAbsolutePath().normalize().resolve("template.yaml");

  @Test
  void theTemplatesInterruptionQueueRedeliversAndDeadLetters() throws IOException {
    assertThat(violations(Files.readString(TEMPLATE))).isEmpty();
  }

  @Test
  void aRetentionShorterThanEveryReceiveTheRedrivePolicyAllowsIsCaught() throws IOException {
    String before =
        Files.readString(TEMPLATE)
            .replaceFirst("MessageRetentionPeriod: 3600", "MessageRetentionPeriod: 300");

    assertThat(violations(before))
        .containsExactly(
            "InterruptionQueue: MessageRetentionPeriod 300 s is shorter than VisibilityTimeout 360"
                + " s x maxReceiveCount 3 = 1080 s: a message handed back expires before it is"
                + " received again, and never reaches the dead-letter queue");
  }

  /** Every rule of the queue, its redrive policy and its event source that the template breaks. */
  static List<String> violations(String templateYaml) throws IOException {
    JsonNode resources =
        new ObjectMapper(new YAMLFactory()).readTree(templateYaml).get("Resources");
    JsonNode queue = resources.get("InterruptionQueue").get("Properties");
    JsonNode deadLetter = resources.get("InterruptionDeadLetterQueue").get("Properties");
    JsonNode function = resources.get("InterruptionFunction").get("Properties");
    JsonNode source = function.get("Events").get("Interruptions").get("Properties");
    long retention = queue.get("MessageRetentionPeriod").asLong();
    long visibility = queue.get("VisibilityTimeout").asLong();
    long receives = queue.get("RedrivePolicy").get("maxReceiveCount").asLong();
    long timeout = function.get("Timeout").asLong();
    long deadLetterRetention = deadLetter.get("MessageRetentionPeriod").asLong();

    List<String> found = new ArrayList<>();
    if (retention < visibility * receives) {
      found.add(
          "InterruptionQueue: MessageRetentionPeriod "
              + retention
              + " s is shorter than VisibilityTimeout "
              + visibility
              + " s x maxReceiveCount "
              + receives
              + " = "
              + visibility * receives
              + " s: a message handed back expires before it is received again, and never"
              + " reaches the dead-letter queue");
    }
    if (receives < 2) {
      found.add("InterruptionQueue: maxReceiveCount " + receives + " allows no redelivery");
    }
    if (visibility < 6 * timeout) {
      found.add(
          "InterruptionQueue: VisibilityTimeout "
              + visibility
              + " s is under six times the function's Timeout "
              + timeout
              + " s (Lambda's advice for SQS sources): a batch still being handled reappears");
    }
    if (deadLetterRetention <= retention) {
      found.add(
          "InterruptionDeadLetterQueue: MessageRetentionPeriod "
              + deadLetterRetention
              + " s must exceed the queue's "
              + retention
              + " s: a moved message keeps its first enqueue time and would expire on arrival");
    }
    if (!queue
        .get("RedrivePolicy")
        .get("deadLetterTargetArn")
        .asText()
        .equals("InterruptionDeadLetterQueue.Arn")) {
      found.add(
          "InterruptionQueue: the redrive policy does not target InterruptionDeadLetterQueue");
    }
    if (!source.get("Queue").asText().equals("InterruptionQueue.Arn")
        || !source.get("FunctionResponseTypes").toString().contains("ReportBatchItemFailures")) {
      found.add(
          "InterruptionFunction: the SQS event must read InterruptionQueue and report batch item"
              + " failures, or a handed-back message returns its whole batch");
    }
    return found;
  }
}
