package dev.skyscaler.aws;

import dev.skyscaler.aws.asg.AsgGateways;
import dev.skyscaler.aws.asg.AsgNodeGroupProvider;
import dev.skyscaler.aws.asg.AsgProviderOptions;
import dev.skyscaler.aws.asg.LifecycleHooks;
import dev.skyscaler.aws.cluster.ClusterConnector;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The functions' wiring for tests: settings from a test environment, the Auto Scaling gateway on
 * moto, the cluster a {@link MockCluster} (a fresh connection per invocation, as in Lambda), the
 * logs captured, the clock injected. Lifecycle-hook calls (which moto lacks) are recorded.
 */
public final class TestWiring {
  private final ByteArrayOutputStream logs = new ByteArrayOutputStream();
  private final List<String> hookCalls = new ArrayList<>();
  private final FunctionWiring wiring;

  /**
   * @param env variables on top of {@code CLUSTER_NAME} and {@code AWS_REGION=us-east-1}
   */
  public TestWiring(
      MotoServer moto,
      MockCluster cluster,
      String clusterName,
      Clock clock,
      Map<String, String> env) {
    this(moto, clusterName, clock, env, cluster::connect);
  }

  public TestWiring(
      MotoServer moto,
      String clusterName,
      Clock clock,
      Map<String, String> env,
      ClusterConnector connector) {
    Map<String, String> all = new LinkedHashMap<>(env);
    all.put("CLUSTER_NAME", clusterName);
    all.put("AWS_REGION", MotoServer.REGION.id());
    FunctionSettings settings = FunctionSettings.fromEnvironment(all);
    AsgGateways gateways = AsgGateways.create(moto.settings());
    LifecycleHooks hooks =
        new LifecycleHooks() {
          @Override
          public boolean complete(
              String group, String hook, String token, String instanceId, Duration timeout) {
            return record("complete " + group + " " + hook + " " + instanceId);
          }

          @Override
          public boolean heartbeat(
              String group, String hook, String token, String instanceId, Duration timeout) {
            return record("heartbeat " + group + " " + hook + " " + instanceId);
          }
        };
    this.wiring =
        new FunctionWiring(
            settings,
            gateways,
            new AsgNodeGroupProvider(
                gateways.withHooks(hooks),
                new AsgProviderOptions(
                    MotoServer.REGION.id(), settings.discovery(), settings.prices()),
                clock),
            connector,
            new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8), clock),
            clock);
  }

  private synchronized boolean record(String call) {
    hookCalls.add(call);
    return true;
  }

  public FunctionWiring wiring() {
    return wiring;
  }

  /** Every line the functions logged so far. */
  public List<String> logLines() {
    return logs.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
  }

  public synchronized List<String> hookCalls() {
    return List.copyOf(hookCalls);
  }

  public void close() {
    wiring.gateways().close();
  }
}
