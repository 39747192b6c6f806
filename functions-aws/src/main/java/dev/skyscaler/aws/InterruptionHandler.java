package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.skyscaler.aws.events.FunctionHome;
import dev.skyscaler.aws.events.InterruptionNotices;
import dev.skyscaler.aws.events.SqsBatch;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import dev.skyscaler.kubernetes.scan.Sleeper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The interruption function: an SQS batch of EventBridge events (spot interruption warnings,
 * rebalance recommendations, terminate lifecycle actions, state changes). Each message is read on
 * its own; the response is a partial batch failure naming only the messages to redeliver:
 *
 * <ul>
 *   <li>an event of another kind, a test notification, or an instance or group of another cluster:
 *       acknowledged and dropped (normal: the rules see the whole account); an event from another
 *       account or region than the function's ({@link FunctionHome}, from the invoked function's
 *       ARN): dropped with a warning; a lifecycle action counts only when its group is one of the
 *       cluster's and lists its instance;
 *   <li>an event for one of this cluster's instances: turned into the core's {@link
 *       InterruptionNotice} ({@link InterruptionNotices}); the batch's notices go to <em>one</em>
 *       full scan ({@link ScanCycle#run(ScanKind, List)}), which taints, cordons and drains the
 *       nodes, completes lifecycle hooks, and records the notices in the cluster's state. If that
 *       scan is skipped (the lease stayed held for {@link #LEASE_WAIT}) or fails, the messages that
 *       carried the notices are returned to the queue;
 *   <li>a message that cannot be read (its SQS record or its event): logged with the field at fault
 *       and returned to the queue alone, which moves it to the dead-letter queue after its receive
 *       limit, kept for inspection; only an event that is not an SQS batch, or a record without a
 *       message id, fails the whole batch;
 *   <li>AWS throttling or an outage while checking ownership: returned to the queue.
 * </ul>
 *
 * Idempotent: duplicates are normal (at-least-once delivery, a batch returned whole), and a notice
 * the state already holds (same event id, {@code seenNotices}) changes nothing. The later scans of
 * the scan function carry the drains on from the state. The handler reads the batch, runs the scan
 * and answers; {@link InterruptionBatch} sorts the messages and settles them.
 */
public final class InterruptionHandler implements RequestStreamHandler {
  /**
   * How long the scan waits for a lease another scan holds. The scan function holds it a second or
   * two every ten seconds; a message returned to the queue comes back only after the queue's
   * visibility timeout, too late for a two-minute spot warning, so waiting is worth it.
   */
  public static final Duration LEASE_WAIT = Duration.ofSeconds(20);

  private final FunctionWiring wiring;
  private final Sleeper sleeper;

  /** Lambda's constructor: configuration from the environment, validated here, once. */
  public InterruptionHandler() {
    this(FunctionWiring.fromEnvironment(System.getenv(), Clock.systemUTC()), Sleeper.SYSTEM);
  }

  /**
   * @param sleeper the pause between attempts at the lease
   */
  public InterruptionHandler(FunctionWiring wiring, Sleeper sleeper) {
    this.wiring = wiring;
    this.sleeper = sleeper;
  }

  @Override
  public void handleRequest(InputStream input, OutputStream output, Context context)
      throws IOException {
    InterruptionBatch batch =
        InterruptionBatch.read(
            SqsBatch.read(new String(input.readAllBytes(), StandardCharsets.UTF_8)),
            wiring,
            FunctionHome.ofFunctionArn(context.getInvokedFunctionArn()));
    Optional<ScanReport> scan = Optional.empty();
    if (!batch.notices().isEmpty()) {
      try (InvocationScans invocation =
          new InvocationScans(
              wiring, "interruption", context.getAwsRequestId(), LEASE_WAIT, sleeper)) {
        scan = Optional.of(invocation.run(ScanKind.FULL, batch.notices()));
      }
    }
    output.write(
        SqsBatch.write(SqsBatch.failures(batch.settle(scan))).getBytes(StandardCharsets.UTF_8));
  }
}
