package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.events.SQSEvent.SQSMessage;
import dev.skyscaler.aws.asg.AsgGatewayException;
import dev.skyscaler.aws.asg.GroupMembership;
import dev.skyscaler.aws.events.Ec2InstanceEvent;
import dev.skyscaler.aws.events.EventBridgeEvents;
import dev.skyscaler.aws.events.EventFormatException;
import dev.skyscaler.aws.events.FunctionHome;
import dev.skyscaler.aws.events.InterruptionNotices;
import dev.skyscaler.aws.events.SqsBatch;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One SQS batch of the interruption function, sorted: the notices about this cluster's instances
 * (each with the message that carried it), and the messages to hand back to the queue. A message of
 * another kind, from another account or region than the function's, or about another cluster's
 * instance or group, is neither: it is acknowledged and dropped. Once the batch's scan has run,
 * {@link #settle} logs each notice as handled or hands its message back.
 */
final class InterruptionBatch {
  /** A notice of ours and the message that carried it. */
  private record Ours(String messageId, InterruptionNotice notice, String group) {}

  private final FunctionWiring wiring;
  private final FunctionHome home;
  private final List<Ours> ours = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();
  private GroupMembership membership;

  private InterruptionBatch(FunctionWiring wiring, FunctionHome home) {
    this.wiring = wiring;
    this.home = home;
  }

  /**
   * Reads each message on its own: an unreadable one (its SQS record or its event) is logged with
   * the field at fault and handed back alone (the queue moves it to the dead-letter queue after its
   * receive limit), as is one whose ownership could not be checked (AWS throttling or an outage).
   *
   * @param home the function's account and region: events from elsewhere are dropped
   */
  static InterruptionBatch read(SqsBatch.Batch sqs, FunctionWiring wiring, FunctionHome home) {
    InterruptionBatch batch = new InterruptionBatch(wiring, home);
    for (SqsBatch.Unreadable u : sqs.unreadable()) {
      wiring.log().error(u.problem(), Map.of("messageId", u.messageId()));
      batch.failures.add(u.messageId());
    }
    sqs.messages().forEach(batch::read);
    return batch;
  }

  /** The notices to scan with, in the order of their messages. */
  List<InterruptionNotice> notices() {
    return ours.stream().map(Ours::notice).toList();
  }

  /**
   * After the batch's scan: each notice logged when the scan completed, else its message handed
   * back (the scan was skipped or failed).
   *
   * @return the ids of the messages to hand back
   */
  List<String> settle(Optional<ScanReport> scan) {
    List<String> back = new ArrayList<>(failures);
    for (Ours o : ours) {
      if (scan.orElse(null) instanceof ScanReport.Completed done) {
        logHandled(o, done);
      } else {
        back.add(o.messageId());
      }
    }
    return back;
  }

  private void read(SQSMessage m) {
    try {
      Optional<Ec2InstanceEvent> event =
          EventBridgeEvents.parse("SQS message " + m.getMessageId(), m.getBody());
      if (event.isEmpty()) {
        return;
      }
      if (!home.isHomeOf(event.get())) {
        logElsewhere(m, event.get());
        return;
      }
      if (membership == null) {
        membership = wiring.provider().membership();
      }
      Optional<String> group = groupOf(event.get(), membership);
      if (group.isEmpty()) {
        return;
      }
      InterruptionNotices.of(
              event.get(),
              a ->
                  wiring
                      .gateways()
                      .autoscaling()
                      .heartbeatTimeout(a.group(), a.hook())
                      // a hook we cannot read: the configured --lifecycle-heartbeat-timeout
                      .or(() -> Optional.of(configuredHeartbeat())))
          .ifPresent(n -> ours.add(new Ours(m.getMessageId(), n, group.get())));
    } catch (EventFormatException e) {
      wiring.log().error(e.getMessage(), Map.of("messageId", m.getMessageId()));
      failures.add(m.getMessageId());
    } catch (AsgGatewayException e) {
      wiring.log().warn(e.getMessage(), Map.of("messageId", m.getMessageId()));
      failures.add(m.getMessageId());
    }
  }

  /**
   * The group of ours the event is about. A terminate lifecycle action names its group, which must
   * be one of this cluster's and list the instance; any other event is about an instance one of our
   * groups lists.
   */
  private static Optional<String> groupOf(Ec2InstanceEvent event, GroupMembership ours) {
    if (event.lifecycle().isPresent()) {
      return ours.lifecycleGroup(event.lifecycle().get().group(), event.instanceId());
    }
    return ours.groupOf(event.instanceId());
  }

  /** An event of another account or region than the function's: logged and dropped. */
  private void logElsewhere(SQSMessage m, Ec2InstanceEvent e) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("messageId", m.getMessageId());
    fields.put("eventId", e.id());
    fields.put("eventAccount", e.account());
    fields.put("eventRegion", e.region());
    fields.put("account", home.account());
    fields.put("region", home.region());
    wiring
        .log()
        .warn(
            "interruption event from another account or region than the function's: dropped",
            fields);
  }

  private Duration configuredHeartbeat() {
    return wiring.settings().autoscaler().interruption().lifecycleHeartbeatTimeout();
  }

  /** Whether the core holds the notice now: handled, or found to be about no node of ours. */
  private void logHandled(Ours o, ScanReport.Completed done) {
    boolean recorded =
        done.plan().state().interruptions().seenNotices().containsKey(o.notice().id());
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("messageId", o.messageId());
    fields.put("eventId", o.notice().id());
    fields.put("kind", o.notice().kind().name());
    fields.put("instanceId", o.notice().instanceId());
    fields.put("nodeGroup", o.group());
    fields.put("deadline", o.notice().deadline().toString());
    wiring
        .log()
        .info(
            recorded
                ? "interruption notice handled"
                : "interruption notice ignored by the interruption policy (no node has the"
                    + " instance, it expired, or rebalance-action=ignore)",
            fields);
  }
}
