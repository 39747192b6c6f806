package dev.skyscaler.aws;

import dev.skyscaler.aws.asg.AsgGatewayException;
import dev.skyscaler.aws.events.Ec2InstanceEvent;
import dev.skyscaler.aws.events.EventBridgeEvents;
import dev.skyscaler.aws.events.EventFormatException;
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
 * another kind, or about another cluster's instance or group, is neither: it is acknowledged and
 * dropped. Once the batch's scan has run, {@link #settle} logs each notice as handled or hands its
 * message back.
 */
final class InterruptionBatch {
  /** A notice of ours and the message that carried it. */
  private record Ours(String messageId, InterruptionNotice notice, String group) {}

  private final FunctionWiring wiring;
  private final List<Ours> ours = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();
  private Map<String, String> groupsByInstance;

  private InterruptionBatch(FunctionWiring wiring) {
    this.wiring = wiring;
  }

  /**
   * Reads each message on its own: an unreadable one is logged with the field at fault and handed
   * back (the queue moves it to the dead-letter queue after its receive limit), as is one whose
   * ownership could not be checked (AWS throttling or an outage).
   */
  static InterruptionBatch read(List<SqsBatch.Message> messages, FunctionWiring wiring) {
    InterruptionBatch batch = new InterruptionBatch(wiring);
    messages.forEach(batch::read);
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

  private void read(SqsBatch.Message m) {
    try {
      Optional<Ec2InstanceEvent> event =
          EventBridgeEvents.parse("SQS message " + m.messageId(), m.body());
      if (event.isEmpty()) {
        return;
      }
      if (groupsByInstance == null) {
        groupsByInstance = wiring.provider().groupsByInstance();
      }
      Optional<String> group = groupOf(event.get(), groupsByInstance);
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
          .ifPresent(n -> ours.add(new Ours(m.messageId(), n, group.get())));
    } catch (EventFormatException e) {
      wiring.log().error(e.getMessage(), Map.of("messageId", m.messageId()));
      failures.add(m.messageId());
    } catch (AsgGatewayException e) {
      wiring.log().warn(e.getMessage(), Map.of("messageId", m.messageId()));
      failures.add(m.messageId());
    }
  }

  /**
   * The group of ours the event is about. A terminate lifecycle action names its group; the ASG no
   * longer lists an instance that is terminating, so the group's own name decides.
   */
  private static Optional<String> groupOf(Ec2InstanceEvent event, Map<String, String> ours) {
    if (event.lifecycle().isPresent()) {
      String group = event.lifecycle().get().group();
      return ours.containsValue(group) ? Optional.of(group) : Optional.empty();
    }
    return Optional.ofNullable(ours.get(event.instanceId()));
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
