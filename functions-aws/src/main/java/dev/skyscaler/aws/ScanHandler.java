package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.skyscaler.aws.ScanLoop.Result;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The scan function, started by an EventBridge schedule every minute: scans every {@code
 * SCAN_INTERVAL} until the minute is used ({@link ScanLoop}).
 *
 * <p><b>Status:</b> each scan currently discovers the node groups and instances and logs what it
 * found (groups, instances, bad tags), which checks the deployment's permissions and tags end to
 * end. Reading the cluster, planning ({@code Autoscaler.runOnce}) and carrying the plan out under
 * the lease wait for the Kubernetes adapter's live reader and writer.
 */
public final class ScanHandler implements RequestStreamHandler {
  /** A scan does not start with less than this left in the invocation. */
  static final Duration RESERVE = Duration.ofSeconds(10);

  private final FunctionWiring wiring;
  private final ScanLoop loop;

  /** Lambda's constructor: configuration from the environment, validated here, once. */
  public ScanHandler() {
    this(
        FunctionWiring.fromEnvironment(System.getenv(), Clock.systemUTC()),
        d -> Thread.sleep(d.toMillis()));
  }

  ScanHandler(FunctionWiring wiring, ScanLoop.Sleeper sleeper) {
    this.wiring = wiring;
    FunctionSettings s = wiring.settings();
    Duration interval = s.autoscaler().scanInterval();
    this.loop =
        new ScanLoop(
            interval, s.idleScanInterval().orElse(interval), RESERVE, wiring.clock(), sleeper);
  }

  @Override
  public void handleRequest(InputStream input, OutputStream output, Context context)
      throws IOException {
    int scans;
    try {
      scans = loop.run(context::getRemainingTimeInMillis, this::scan);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("scan loop interrupted", e);
    }
    output.write(("{\"scans\":" + scans + "}").getBytes(StandardCharsets.UTF_8));
  }

  private Result scan(Instant now) {
    Discovery d = wiring.provider().discover(List.of());
    wiring
        .log()
        .info(
            "scan",
            Map.of(
                "cluster", wiring.settings().clusterName(),
                "nodeGroups", d.groups().size(),
                "instances", d.instances().size(),
                "warnings", d.warnings().size()));
    d.warnings()
        .forEach(w -> wiring.log().warn(w, Map.of("cluster", wiring.settings().clusterName())));
    return Result.BUSY;
  }
}
