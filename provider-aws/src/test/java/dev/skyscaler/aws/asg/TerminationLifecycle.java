package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.eks.EksGateway;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.autoscaling.AutoScalingClient;
import software.amazon.awssdk.services.autoscaling.model.AutoScalingGroup;
import software.amazon.awssdk.services.autoscaling.model.DescribeAutoScalingGroupsResponse;
import software.amazon.awssdk.services.autoscaling.model.Instance;
import software.amazon.awssdk.services.autoscaling.model.LifecycleState;

/**
 * Auto Scaling's termination lifecycle, which moto lacks, on top of moto's groups: an instance the
 * group starts replacing waits in {@code Terminating:Wait} (the Auto Scaling client of {@link
 * #gateways} sees that state in DescribeAutoScalingGroups) until its hook is completed; then moto
 * terminates it and the group launches its replacement. The hooks themselves (PutLifecycleHook,
 * DescribeLifecycleHooks) are moto's. Records the lifecycle calls and the Auto Scaling operations
 * the gateway made.
 */
public final class TerminationLifecycle implements LifecycleHooks, ExecutionInterceptor {
  private final AutoScalingClient moto;
  private final Map<String, String> waiting = new LinkedHashMap<>();
  private final List<String> calls = new ArrayList<>();
  private final List<String> operations = new ArrayList<>();
  private final List<Duration> callTimeouts = new ArrayList<>();

  /**
   * @param moto a client of the test's own, to terminate completed instances
   */
  public TerminationLifecycle(AutoScalingClient moto) {
    this.moto = moto;
  }

  /** The provider's gateways, their Auto Scaling client seeing this lifecycle. */
  public AsgGateways gateways(AwsClientSettings settings) {
    AutoScalingClient client =
        settings
            .configure(AutoScalingClient.builder())
            .overrideConfiguration(
                settings.configure(AutoScalingClient.builder()).overrideConfiguration().toBuilder()
                    .addExecutionInterceptor(this)
                    .build())
            .build();
    return new AsgGateways(
        new AsgGateway(client), this, Ec2Gateway.create(settings), EksGateway.create(settings));
  }

  /** The group starts replacing the instance: it waits on the group's termination hook. */
  public synchronized void startTerminating(String group, String instanceId) {
    waiting.put(instanceId, group);
  }

  public synchronized boolean waits(String instanceId) {
    return waiting.containsKey(instanceId);
  }

  /** {@code complete <group> <hook> <instance>} and {@code heartbeat ...}, in order. */
  public synchronized List<String> calls() {
    return List.copyOf(calls);
  }

  /** The Auto Scaling operations the gateway sent, in order. */
  public synchronized List<String> operations() {
    return List.copyOf(operations);
  }

  /**
   * The call timeout each of {@link #operations()} carried on its request; {@link Duration#ZERO}
   * for none (the client's own).
   */
  public synchronized List<Duration> callTimeouts() {
    return List.copyOf(callTimeouts);
  }

  @Override
  public synchronized boolean complete(
      String group, String hook, String token, String instanceId, Duration timeout) {
    calls.add("complete " + group + " " + hook + " " + instanceId);
    if (!group.equals(waiting.get(instanceId))) {
      return false;
    }
    waiting.remove(instanceId);
    moto.terminateInstanceInAutoScalingGroup(
        b -> b.instanceId(instanceId).shouldDecrementDesiredCapacity(false));
    return true;
  }

  @Override
  public synchronized boolean heartbeat(
      String group, String hook, String token, String instanceId, Duration timeout) {
    calls.add("heartbeat " + group + " " + hook + " " + instanceId);
    return group.equals(waiting.get(instanceId));
  }

  @Override
  public synchronized void beforeExecution(
      Context.BeforeExecution context, ExecutionAttributes attributes) {
    String name = context.request().getClass().getSimpleName();
    operations.add(name.substring(0, name.length() - "Request".length()));
    callTimeouts.add(
        ((AwsRequest) context.request())
            .overrideConfiguration()
            .flatMap(o -> o.apiCallTimeout())
            .orElse(Duration.ZERO));
  }

  @Override
  public synchronized SdkResponse modifyResponse(
      Context.ModifyResponse context, ExecutionAttributes attributes) {
    if (!(context.response() instanceof DescribeAutoScalingGroupsResponse r) || waiting.isEmpty()) {
      return context.response();
    }
    List<AutoScalingGroup> groups = new ArrayList<>();
    for (AutoScalingGroup g : r.autoScalingGroups()) {
      List<Instance> instances = new ArrayList<>();
      for (Instance i : g.instances()) {
        instances.add(
            waiting.containsKey(i.instanceId())
                ? i.toBuilder().lifecycleState(LifecycleState.TERMINATING_WAIT).build()
                : i);
      }
      groups.add(g.toBuilder().instances(instances).build());
    }
    return r.toBuilder().autoScalingGroups(groups).build();
  }
}
