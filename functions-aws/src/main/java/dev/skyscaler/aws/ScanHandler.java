package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.skyscaler.aws.ScanLoop.Result;
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
 * The scan function, started by an EventBridge schedule every minute: a full scan every {@code
 * SCAN_INTERVAL} until the minute is used ({@link ScanLoop}). Each scan is one {@link
 * dev.skyscaler.kubernetes.scan.ScanCycle} under the cluster's lease, identified as {@code
 * aws-lambda/<request id>}: it reads the cluster and the Auto Scaling Groups, plans, and carries
 * the plan out on both; it is logged as one JSON line and measured in CloudWatch's embedded metric
 * format.
 *
 * <p>A scan that finds the lease held gives up at once ({@code Skipped}: the holder is acting, and
 * the next scan is ten seconds away); a scan that cannot read the cluster or the cloud ({@code
 * Failed}) does nothing. Both keep the normal cadence; a completed scan with nothing to do or under
 * way lets the loop wait {@code IDLE_SCAN_INTERVAL} instead, when it is set.
 *
 * <p>Output: {@code {"scans":6,"completed":6,"skipped":0,"failed":0}}.
 */
public final class ScanHandler implements RequestStreamHandler {
  /** A scan does not start with less than this left in the invocation. */
  static final Duration RESERVE = Duration.ofSeconds(10);

  private final FunctionWiring wiring;
  private final ScanLoop loop;
  private final Sleeper sleeper;

  /** Lambda's constructor: configuration from the environment, validated here, once. */
  public ScanHandler() {
    this(FunctionWiring.fromEnvironment(System.getenv(), Clock.systemUTC()), Sleeper.SYSTEM);
  }

  /**
   * A scan function on given wiring (tests, other runners).
   *
   * @param sleeper the pause between scans, and between attempts at the lease
   */
  public ScanHandler(FunctionWiring wiring, Sleeper sleeper) {
    this.wiring = wiring;
    this.sleeper = sleeper;
    FunctionSettings s = wiring.settings();
    Duration interval = s.autoscaler().scanInterval();
    this.loop =
        new ScanLoop(
            interval, s.idleScanInterval().orElse(interval), RESERVE, wiring.clock(), sleeper);
  }

  @Override
  public void handleRequest(InputStream input, OutputStream output, Context context)
      throws IOException {
    Tally tally = new Tally();
    int scans;
    try (InvocationScans invocation =
        new InvocationScans(wiring, "scan", context.getAwsRequestId(), Duration.ZERO, sleeper)) {
      scans =
          loop.run(
              context::getRemainingTimeInMillis,
              now -> tally.count(invocation.run(ScanKind.FULL, List.of())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("scan loop interrupted", e);
    }
    output.write(
        String.format(
                "{\"scans\":%d,\"completed\":%d,\"held\":%d,\"skipped\":%d,\"failed\":%d}",
                scans, tally.completed, tally.held, tally.skipped, tally.failed)
            .getBytes(StandardCharsets.UTF_8));
  }

  /** How the invocation's scans ended. */
  private static final class Tally {
    int completed;
    int held;
    int skipped;
    int failed;

    /** Counts a scan; an idle completed scan lets the loop slow down, anything else does not. */
    Result count(ScanReport report) {
      if (report instanceof ScanReport.Completed done) {
        completed++;
        return done.busy() ? Result.BUSY : Result.IDLE;
      }
      if (report instanceof ScanReport.Held) {
        held++;
      } else if (report instanceof ScanReport.Skipped) {
        skipped++;
      } else {
        failed++;
      }
      return Result.BUSY;
    }
  }
}
