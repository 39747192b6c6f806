package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.skyscaler.aws.asg.AsgGatewayException;
import dev.skyscaler.aws.events.Ec2InstanceEvent;
import dev.skyscaler.aws.events.EventBridgeEvents;
import dev.skyscaler.aws.events.EventFormatException;
import dev.skyscaler.aws.events.InterruptionNotices;
import dev.skyscaler.aws.events.SqsBatch;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The interruption function: an SQS batch of EventBridge events (spot interruption warnings,
 * rebalance recommendations, terminate lifecycle actions, state changes). Each message is read on
 * its own; the response is a partial batch failure naming only the messages to redeliver:
 *
 * <ul>
 *   <li>an event of another kind, a test notification, or an instance or group of another cluster:
 *       acknowledged and dropped (normal: the rules see the whole account);
 *   <li>an event for one of this cluster's instances: turned into the core's {@link
 *       InterruptionNotice} ({@link InterruptionNotices}); the batch's notices go to <em>one</em>
 *       full scan ({@link ScanCycle#run(ScanKind, List)}), which taints, cordons and drains the
 *       nodes, completes lifecycle hooks, and records the notices in the cluster's state. If that
 *       scan is skipped (the lease stayed held for {@link #LEASE_WAIT}) or fails, the messages that
 *       carried the notices are returned to the queue;
 *   <li>a message that cannot be read: logged with the field at fault and returned to the queue,
 *       which moves it to the dead-letter queue after its receive limit, kept for inspection;
 *   <li>AWS throttling or an outage while checking ownership: returned to the queue.
 * </ul>
 *
 * Idempotent: duplicates are normal (at-least-once delivery, a batch returned whole), and a notice
 * the state already holds (same event id, {@code seenNotices}) changes nothing. The later scans of
 * the scan function carry the drains on from the state.
 */
public final class InterruptionHandler implements RequestStreamHandler {
  /**
   * How long the scan waits for a lease another scan holds. The scan function holds it a second or
   * two every ten seconds; a message returned to the queue comes back only after the queue's
   * visibility timeout, too late for a two-minute spot warning, so waiting is worth it.
   */
  public static final Duration LEASE_WAIT = Duration.ofSeconds(20);

  private final FunctionWiring wiring;
  private final ScanCycle.Sleeper sleeper;

  /** Lambda's constructor: configuration from the environment, validated here, once. */
  public InterruptionHandler() {
    this(
        FunctionWiring.fromEnvironment(System.getenv(), Clock.systemUTC()),
        d -> Thread.sleep(d.toMillis()));
  }

  /**
   * @param sleeper the pause between attempts at the lease
   */
  public InterruptionHandler(FunctionWiring wiring, ScanCycle.Sleeper sleeper) {
    this.wiring = wiring;
    this.sleeper = sleeper;
  }

  /** A notice of ours and the message that carried it. */
  private record Ours(String messageId, InterruptionNotice notice, String group) {}

  @Override
  public void handleRequest(InputStream input, OutputStream output, Context context)
      throws IOException {
    List<SqsBatch.Message> messages =
        SqsBatch.messages(new String(input.readAllBytes(), StandardCharsets.UTF_8));
    List<String> failures = new ArrayList<>();
    List<Ours> ours = read(messages, failures);
    if (!ours.isEmpty()) {
      ScanReport report;
      try (InvocationScans invocation =
          new InvocationScans(
              wiring, "interruption", context.getAwsRequestId(), LEASE_WAIT, sleeper)) {
        report = invocation.run(ScanKind.FULL, ours.stream().map(Ours::notice).toList());
      }
      if (report instanceof ScanReport.Completed done) {
        ours.forEach(o -> logHandled(o, done));
      } else {
        ours.forEach(o -> failures.add(o.messageId()));
      }
    }
    output.write(SqsBatch.failures(failures).getBytes(StandardCharsets.UTF_8));
  }

  /** This cluster's notices; unreadable messages and those to retry go to {@code failures}. */
  private List<Ours> read(List<SqsBatch.Message> messages, List<String> failures) {
    Map<String, String> groupsByInstance = null;
    List<Ours> ours = new ArrayList<>();
    for (SqsBatch.Message m : messages) {
      try {
        Optional<Ec2InstanceEvent> event =
            EventBridgeEvents.parse("SQS message " + m.messageId(), m.body());
        if (event.isEmpty()) {
          continue;
        }
        if (groupsByInstance == null) {
          groupsByInstance = wiring.provider().groupsByInstance();
        }
        Optional<String> group = groupOf(event.get(), groupsByInstance);
        if (group.isEmpty()) {
          continue;
        }
        InterruptionNotices.of(
                event.get(),
                a ->
                    wiring
                        .gateway()
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
    return ours;
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
