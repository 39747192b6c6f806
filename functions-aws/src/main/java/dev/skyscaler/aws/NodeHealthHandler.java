package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;

/**
 * The node health function, started on a schedule: the core's health policy carried out on Auto
 * Scaling Groups (an unhealthy node's instance marked unhealthy so its group replaces it, through
 * {@code RepairInstance}).
 *
 * <p><b>Status:</b> a placeholder. It validates its configuration at initialisation like the others
 * and logs that it is not wired: the health policy and the Kubernetes adapter's node reader have
 * not landed yet. The cloud side it will use, {@code RepairInstance} on {@link
 * dev.skyscaler.aws.asg.AsgNodeGroupProvider}, is implemented and tested.
 */
public final class NodeHealthHandler implements RequestStreamHandler {
  private final FunctionWiring wiring;

  public NodeHealthHandler() {
    this(FunctionWiring.fromEnvironment(System.getenv(), Clock.systemUTC()));
  }

  NodeHealthHandler(FunctionWiring wiring) {
    this.wiring = wiring;
  }

  @Override
  public void handleRequest(InputStream input, OutputStream output, Context context)
      throws IOException {
    wiring
        .log()
        .warn(
            "node health checks are not wired yet",
            Map.of("cluster", wiring.settings().clusterName()));
    output.write("{\"repairs\":0}".getBytes(StandardCharsets.UTF_8));
  }
}
