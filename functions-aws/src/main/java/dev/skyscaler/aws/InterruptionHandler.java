package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.skyscaler.aws.asg.AsgGatewayException;
import dev.skyscaler.aws.events.Ec2InstanceEvent;
import dev.skyscaler.aws.events.EventBridgeEvents;
import dev.skyscaler.aws.events.EventFormatException;
import dev.skyscaler.aws.events.InterruptionNotices;
import dev.skyscaler.aws.events.SqsBatch;
import dev.skyscaler.core.interruption.InterruptionNotice;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The interruption function: an SQS batch of EventBridge events (spot interruption warnings,
 * rebalance recommendations, terminate lifecycle actions, state changes). Each message is read on
 * its own and the response is a partial batch failure naming only the messages to redeliver:
 *
 * <ul>
 *   <li>an event of another kind, a test notification, or an instance or group of another cluster:
 *       acknowledged and dropped (normal: the rules see the whole account);
 *   <li>an event for one of this cluster's instances: turned into the core's {@link
 *       InterruptionNotice} ({@link InterruptionNotices}) and handed to the {@link
 *       InterruptionSink};
 *   <li>a message that cannot be read: logged with the field at fault and returned to the queue,
 *       which moves it to the dead-letter queue after its receive limit, kept for inspection;
 *   <li>AWS throttling or an outage while checking ownership: returned to the queue.
 * </ul>
 *
 * Duplicates are normal (at-least-once delivery): the sink's actions are idempotent.
 */
public final class InterruptionHandler implements RequestStreamHandler {
  /** Where this cluster's interruption notices go. */
  @FunctionalInterface
  public interface InterruptionSink {
    void accept(InterruptionNotice notice, String group);
  }

  private final FunctionWiring wiring;
  private final InterruptionSink sink;

  /** Lambda's constructor: configuration from the environment, validated here, once. */
  public InterruptionHandler() {
    this(FunctionWiring.fromEnvironment(System.getenv(), Clock.systemUTC()), null);
  }

  /**
   * @param sink where ours go; null for the current default, which logs the notice (draining waits
   *     for the Kubernetes adapter and the core's interruption policy)
   */
  InterruptionHandler(FunctionWiring wiring, InterruptionSink sink) {
    this.wiring = wiring;
    this.sink = sink != null ? sink : this::logOnly;
  }

  @Override
  public void handleRequest(InputStream input, OutputStream output, Context context)
      throws IOException {
    List<SqsBatch.Message> messages =
        SqsBatch.messages(new String(input.readAllBytes(), StandardCharsets.UTF_8));
    Map<String, String> ours = null;
    List<String> failures = new ArrayList<>();
    for (SqsBatch.Message m : messages) {
      try {
        Optional<Ec2InstanceEvent> event =
            EventBridgeEvents.parse("SQS message " + m.messageId(), m.body());
        if (event.isEmpty()) {
          continue;
        }
        if (ours == null) {
          ours = wiring.provider().groupsByInstance();
        }
        Optional<String> group = groupOf(event.get(), ours);
        if (group.isEmpty()) {
          continue;
        }
        Optional<InterruptionNotice> notice =
            InterruptionNotices.of(
                event.get(),
                a ->
                    wiring
                        .gateway()
                        .heartbeatTimeout(a.group(), a.hook())
                        // a hook we cannot read: the configured --lifecycle-heartbeat-timeout
                        .or(() -> Optional.of(configuredHeartbeat())));
        notice.ifPresent(n -> sink.accept(n, group.get()));
      } catch (EventFormatException e) {
        wiring.log().error(e.getMessage(), Map.of("messageId", m.messageId()));
        failures.add(m.messageId());
      } catch (AsgGatewayException e) {
        wiring.log().warn(e.getMessage(), Map.of("messageId", m.messageId()));
        failures.add(m.messageId());
      }
    }
    output.write(SqsBatch.failures(failures).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The group of ours the event is about. A terminate lifecycle action names its group; the ASG no
   * longer lists an instance that is terminating, so the group's own name decides.
   */
  private Optional<String> groupOf(Ec2InstanceEvent event, Map<String, String> ours) {
    if (event.lifecycle().isPresent()) {
      String group = event.lifecycle().get().group();
      return ours.containsValue(group) ? Optional.of(group) : Optional.empty();
    }
    return Optional.ofNullable(ours.get(event.instanceId()));
  }

  private java.time.Duration configuredHeartbeat() {
    return wiring.settings().autoscaler().interruption().lifecycleHeartbeatTimeout();
  }

  private void logOnly(InterruptionNotice notice, String group) {
    wiring
        .log()
        .warn(
            "interruption notice for an instance of this cluster; draining is not wired yet",
            Map.of(
                "eventId", notice.id(),
                "kind", notice.kind().name(),
                "instanceId", notice.instanceId(),
                "deadline", notice.deadline().toString(),
                "nodeGroup", group));
  }
}
