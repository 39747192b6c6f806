package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
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

/**
 * The node health function, started on a schedule: one health check ({@link ScanKind#HEALTH}, the
 * core's health policy without scaling) under the cluster's lease. A node NotReady for longer than
 * {@code --unhealthy-time} has its instance marked unhealthy ({@code SetInstanceHealth}), so its
 * Auto Scaling Group replaces it; an instance that never became a node is deleted; nothing is done
 * while more nodes are unready than the circuit breaker allows. Logged and measured like a scan.
 *
 * <p>It waits up to {@link #LEASE_WAIT} for the lease, which the scan function holds for a second
 * or two every ten seconds, so a check is seldom skipped. Output: {@code
 * {"repairs":1,"outcome":"completed"}} ({@code skipped} or {@code failed} otherwise).
 */
public final class NodeHealthHandler implements RequestStreamHandler {
  /** How long the check waits for a lease another scan holds. */
  public static final Duration LEASE_WAIT = Duration.ofSeconds(10);

  private final FunctionWiring wiring;
  private final Sleeper sleeper;

  /** Lambda's constructor: configuration from the environment, validated here, once. */
  public NodeHealthHandler() {
    this(FunctionWiring.fromEnvironment(System.getenv(), Clock.systemUTC()), Sleeper.SYSTEM);
  }

  /**
   * @param sleeper the pause between attempts at the lease
   */
  public NodeHealthHandler(FunctionWiring wiring, Sleeper sleeper) {
    this.wiring = wiring;
    this.sleeper = sleeper;
  }

  @Override
  public void handleRequest(InputStream input, OutputStream output, Context context)
      throws IOException {
    ScanReport report;
    try (InvocationScans invocation =
        new InvocationScans(
            wiring, "node-health", context.getAwsRequestId(), LEASE_WAIT, sleeper)) {
      report = invocation.run(ScanKind.HEALTH, List.of());
    }
    int repairs = report instanceof ScanReport.Completed done ? done.figures().repairs() : 0;
    String outcome =
        report instanceof ScanReport.Completed
            ? "completed"
            : report instanceof ScanReport.Skipped
                ? "skipped"
                : report instanceof ScanReport.Held ? "held" : "failed";
    output.write(
        ("{\"repairs\":" + repairs + ",\"outcome\":\"" + outcome + "\"}")
            .getBytes(StandardCharsets.UTF_8));
  }
}
