package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.asg.AutoScalingGroup.AsgInstance;
import dev.skyscaler.aws.asg.AutoScalingGroup.LaunchTemplateRef;
import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.client.AwsErrors;
import dev.skyscaler.kubernetes.scan.BackgroundBuild;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.autoscaling.AutoScalingClient;
import software.amazon.awssdk.services.autoscaling.model.Activity;
import software.amazon.awssdk.services.autoscaling.model.DescribeAutoScalingGroupsRequest;
import software.amazon.awssdk.services.autoscaling.model.Filter;
import software.amazon.awssdk.services.autoscaling.model.Instance;
import software.amazon.awssdk.services.autoscaling.model.InstancesDistribution;
import software.amazon.awssdk.services.autoscaling.model.LaunchConfiguration;
import software.amazon.awssdk.services.autoscaling.model.LaunchTemplateOverrides;
import software.amazon.awssdk.services.autoscaling.model.LaunchTemplateSpecification;
import software.amazon.awssdk.services.autoscaling.model.MixedInstancesPolicy;
import software.amazon.awssdk.services.autoscaling.model.TagDescription;

/**
 * Every Auto Scaling call Skyscaler makes: the only class that imports the Auto Scaling client.
 * Describe calls page through every result and send at most {@value #NAMES_PER_CALL} names each;
 * throttling is retried with backoff by the SDK's standard retry strategy ({@link
 * AwsClientSettings}); a call that still fails throws {@link AsgGatewayException}, saying whether
 * the next scan may succeed. The group's EC2 side (instance types, launch templates, launch times)
 * is {@link Ec2Gateway}'s, its EKS side {@link dev.skyscaler.aws.eks.EksGateway}'s.
 *
 * <p>The gateway does not check bounds: SetDesiredCapacity outside MinSize/MaxSize is refused by
 * AWS but not by emulators, so callers check first ({@link AsgNodeGroupProvider}).
 */
public final class AsgGateway implements LifecycleHooks, AutoCloseable {
  /** DescribeAutoScalingGroups takes at most this many names per call, as CA sends them. */
  static final int NAMES_PER_CALL = 50;

  private static final int GROUPS_PER_PAGE = 100;

  private static final String TERMINATING = "autoscaling:EC2_INSTANCE_TERMINATING";

  private final Supplier<AutoScalingClient> autoscaling;

  /** A gateway on a client built elsewhere (tests count its calls). */
  AsgGateway(AutoScalingClient autoscaling) {
    this(() -> autoscaling);
  }

  private AsgGateway(Supplier<AutoScalingClient> autoscaling) {
    this.autoscaling = autoscaling;
  }

  /** A gateway with its client built from the settings. */
  public static AsgGateway create(AwsClientSettings settings) {
    return create(settings, false);
  }

  /**
   * A gateway with its client built from the settings; with {@code inBackground}, the client is
   * built on a thread of its own ({@link BackgroundBuild}) and the first call waits for it.
   */
  public static AsgGateway create(AwsClientSettings settings, boolean inBackground) {
    Supplier<AutoScalingClient> build =
        () -> settings.configure(AutoScalingClient.builder()).build();
    return new AsgGateway(
        inBackground ? BackgroundBuild.start("skyscaler-autoscaling-client", build) : memo(build));
  }

  private static Supplier<AutoScalingClient> memo(Supplier<AutoScalingClient> build) {
    AutoScalingClient client = build.get();
    return () -> client;
  }

  /**
   * The groups carrying every tag of {@code tags}: a key with a value must have that value, a key
   * with an empty value may have any. Filters are ANDed by AWS, and checked again here.
   */
  public List<AutoScalingGroup> describeByTags(Map<String, String> tags) {
    List<Filter> filters = new ArrayList<>();
    tags.forEach(
        (k, v) ->
            filters.add(
                v.isEmpty()
                    ? Filter.builder().name("tag-key").values(k).build()
                    : Filter.builder().name("tag:" + k).values(v).build()));
    DescribeAutoScalingGroupsRequest request =
        DescribeAutoScalingGroupsRequest.builder()
            .filters(filters)
            .maxRecords(GROUPS_PER_PAGE)
            .build();
    List<AutoScalingGroup> groups =
        call(
            "DescribeAutoScalingGroups " + tags.keySet(),
            () ->
                autoscaling
                    .get()
                    .describeAutoScalingGroupsPaginator(request)
                    .autoScalingGroups()
                    .stream()
                    .map(AsgGateway::toGroup)
                    .toList());
    return groups.stream().filter(g -> hasTags(g, tags)).toList();
  }

  /** The named groups that exist, {@value #NAMES_PER_CALL} names per call. */
  public List<AutoScalingGroup> describeByNames(Collection<String> names) {
    return describeByNames(names, null);
  }

  /**
   * {@link #describeByNames(Collection)}, each call ending within {@code timeout} (its retries
   * included); {@code null} for the client's own timeouts.
   */
  public List<AutoScalingGroup> describeByNames(Collection<String> names, Duration timeout) {
    List<String> all = List.copyOf(Set.copyOf(names));
    List<AutoScalingGroup> groups = new ArrayList<>();
    for (int from = 0; from < all.size(); from += NAMES_PER_CALL) {
      List<String> batch = all.subList(from, Math.min(all.size(), from + NAMES_PER_CALL));
      DescribeAutoScalingGroupsRequest request =
          DescribeAutoScalingGroupsRequest.builder()
              .autoScalingGroupNames(batch)
              .maxRecords(GROUPS_PER_PAGE)
              .overrideConfiguration(o -> within(o, timeout))
              .build();
      groups.addAll(
          call(
              "DescribeAutoScalingGroups " + batch.size() + " names",
              () ->
                  autoscaling
                      .get()
                      .describeAutoScalingGroupsPaginator(request)
                      .autoScalingGroups()
                      .stream()
                      .map(AsgGateway::toGroup)
                      .toList()));
    }
    return groups;
  }

  /**
   * Sets the desired capacity, ignoring cooldowns as CA does; the call (retries included) ends
   * within {@code timeout}.
   */
  public void setDesiredCapacity(String group, int desired, Duration timeout) {
    call(
        "SetDesiredCapacity " + group + " " + desired,
        () ->
            autoscaling
                .get()
                .setDesiredCapacity(
                    b ->
                        b.autoScalingGroupName(group)
                            .desiredCapacity(desired)
                            .honorCooldown(false)
                            .overrideConfiguration(o -> within(o, timeout))));
  }

  /**
   * Terminates one instance: {@code decrement} shrinks the group (scale-down), otherwise the group
   * launches a replacement. The call ends within {@code timeout}.
   */
  public void terminateInstance(String instanceId, boolean decrement, Duration timeout) {
    call(
        "TerminateInstanceInAutoScalingGroup " + instanceId,
        () ->
            autoscaling
                .get()
                .terminateInstanceInAutoScalingGroup(
                    b ->
                        b.instanceId(instanceId)
                            .shouldDecrementDesiredCapacity(decrement)
                            .overrideConfiguration(o -> within(o, timeout))));
  }

  /**
   * Marks an instance Unhealthy now (no grace period): the group replaces it. The call ends within
   * {@code timeout}.
   */
  public void markUnhealthy(String instanceId, Duration timeout) {
    call(
        "SetInstanceHealth " + instanceId,
        () ->
            autoscaling
                .get()
                .setInstanceHealth(
                    b ->
                        b.instanceId(instanceId)
                            .healthStatus("Unhealthy")
                            .shouldRespectGracePeriod(false)
                            .overrideConfiguration(o -> within(o, timeout))));
  }

  @Override
  public boolean complete(
      String group, String hook, String token, String instanceId, Duration timeout) {
    return lifecycleCall(
        "CompleteLifecycleAction " + hook + " " + instanceId,
        () ->
            autoscaling
                .get()
                .completeLifecycleAction(
                    b -> {
                      b.autoScalingGroupName(group)
                          .lifecycleHookName(hook)
                          .instanceId(instanceId)
                          .lifecycleActionResult("CONTINUE")
                          .overrideConfiguration(o -> within(o, timeout));
                      if (!token.isEmpty()) {
                        b.lifecycleActionToken(token);
                      }
                    }));
  }

  @Override
  public boolean heartbeat(
      String group, String hook, String token, String instanceId, Duration timeout) {
    return lifecycleCall(
        "RecordLifecycleActionHeartbeat " + hook + " " + instanceId,
        () ->
            autoscaling
                .get()
                .recordLifecycleActionHeartbeat(
                    b -> {
                      b.autoScalingGroupName(group)
                          .lifecycleHookName(hook)
                          .instanceId(instanceId)
                          .overrideConfiguration(o -> within(o, timeout));
                      if (!token.isEmpty()) {
                        b.lifecycleActionToken(token);
                      }
                    }));
  }

  /**
   * Bounds one call, its retries and their back-off included, by {@code timeout} (SDK's {@code
   * apiCallTimeout}); each attempt by it too. {@code null} leaves the client's own timeouts.
   */
  private static void within(AwsRequestOverrideConfiguration.Builder o, Duration timeout) {
    if (timeout != null) {
      o.apiCallTimeout(timeout)
          .apiCallAttemptTimeout(
              timeout.compareTo(AwsClientSettings.ATTEMPT_TIMEOUT) < 0
                  ? timeout
                  : AwsClientSettings.ATTEMPT_TIMEOUT);
    }
  }

  /**
   * How long the group waits on a lifecycle hook before its default result, unless heartbeated;
   * empty when the hook does not exist.
   */
  public Optional<Duration> heartbeatTimeout(String group, String hook) {
    return call(
            "DescribeLifecycleHooks " + group + " " + hook,
            () ->
                autoscaling
                    .get()
                    .describeLifecycleHooks(
                        b -> b.autoScalingGroupName(group).lifecycleHookNames(hook))
                    .lifecycleHooks())
        .stream()
        .findFirst()
        .map(h -> Duration.ofSeconds(h.heartbeatTimeout() == null ? 3600 : h.heartbeatTimeout()));
  }

  /**
   * The names of the group's termination lifecycle hooks ({@code
   * autoscaling:EC2_INSTANCE_TERMINATING}), sorted: the hooks an instance in {@code
   * Terminating:Wait} waits on.
   */
  public List<String> terminationHooks(String group) {
    return call(
            "DescribeLifecycleHooks " + group,
            () ->
                autoscaling
                    .get()
                    .describeLifecycleHooks(b -> b.autoScalingGroupName(group))
                    .lifecycleHooks())
        .stream()
        .filter(h -> TERMINATING.equals(h.lifecycleTransition()))
        .map(h -> h.lifecycleHookName())
        .sorted()
        .toList();
  }

  /** The most recent scaling activity of the group, if it has any. */
  public Optional<ScalingActivity> latestActivity(String group) {
    List<Activity> activities =
        call(
            "DescribeScalingActivities " + group,
            () ->
                autoscaling
                    .get()
                    .describeScalingActivities(b -> b.autoScalingGroupName(group).maxRecords(1))
                    .activities());
    return activities.stream()
        .findFirst()
        .map(a -> new ScalingActivity(a.statusCodeAsString(), a.startTime(), a.description()));
  }

  /** What a (legacy) launch configuration declares. */
  public LaunchSpec launchConfiguration(String name) {
    List<LaunchConfiguration> configs =
        call(
            "DescribeLaunchConfigurations " + name,
            () ->
                autoscaling
                    .get()
                    .describeLaunchConfigurations(b -> b.launchConfigurationNames(name))
                    .launchConfigurations());
    if (configs.isEmpty()) {
      throw new AsgGatewayException(
          "launch configuration " + name + " does not exist", false, null);
    }
    LaunchConfiguration c = configs.get(0);
    OptionalInt volume =
        c.blockDeviceMappings().stream()
            .filter(m -> m.ebs() != null && m.ebs().volumeSize() != null)
            .mapToInt(m -> m.ebs().volumeSize())
            .findFirst();
    return new LaunchSpec(
        Optional.ofNullable(c.instanceType()),
        volume,
        c.spotPrice() != null && !c.spotPrice().isEmpty());
  }

  @Override
  public void close() {
    autoscaling.get().close();
  }

  private static boolean hasTags(AutoScalingGroup g, Map<String, String> tags) {
    return tags.entrySet().stream()
        .allMatch(
            t ->
                g.tags().containsKey(t.getKey())
                    && (t.getValue().isEmpty() || t.getValue().equals(g.tags().get(t.getKey()))));
  }

  private static AutoScalingGroup toGroup(
      software.amazon.awssdk.services.autoscaling.model.AutoScalingGroup g) {
    Map<String, String> tags = new HashMap<>();
    for (TagDescription t : g.tags()) {
      tags.put(t.key(), t.value() == null ? "" : t.value());
    }
    List<AsgInstance> instances = new ArrayList<>();
    for (Instance i : g.instances()) {
      instances.add(
          new AsgInstance(
              i.instanceId(),
              i.availabilityZone(),
              i.lifecycleStateAsString(),
              i.healthStatus(),
              i.instanceType()));
    }
    MixedInstancesPolicy mixed = g.mixedInstancesPolicy();
    LaunchTemplateSpecification spec = g.launchTemplate();
    List<String> overrides = List.of();
    boolean spotOnly = false;
    if (mixed != null && mixed.launchTemplate() != null) {
      spec = mixed.launchTemplate().launchTemplateSpecification();
      overrides =
          mixed.launchTemplate().overrides().stream()
              .map(LaunchTemplateOverrides::instanceType)
              .filter(t -> t != null && !t.isEmpty())
              .toList();
      spotOnly = spotOnly(mixed.instancesDistribution());
    }
    Optional<LaunchTemplateRef> template =
        spec == null
            ? Optional.empty()
            : Optional.of(
                new LaunchTemplateRef(
                    spec.launchTemplateId(), spec.launchTemplateName(), spec.version()));
    return new AutoScalingGroup(
        g.autoScalingGroupName(),
        g.minSize(),
        g.maxSize(),
        g.desiredCapacity(),
        g.availabilityZones(),
        tags,
        instances,
        template,
        Optional.ofNullable(g.launchConfigurationName()).filter(n -> !n.isEmpty()),
        overrides,
        spotOnly);
  }

  private static boolean spotOnly(InstancesDistribution d) {
    if (d == null) {
      return false;
    }
    int base = d.onDemandBaseCapacity() == null ? 0 : d.onDemandBaseCapacity();
    // AWS's default for the percentage is 100 (all on-demand).
    int above =
        d.onDemandPercentageAboveBaseCapacity() == null
            ? 100
            : d.onDemandPercentageAboveBaseCapacity();
    return base == 0 && above == 0;
  }

  private boolean lifecycleCall(String what, Runnable call) {
    try {
      call.run();
      return true;
    } catch (AwsServiceException e) {
      // AWS answers a completed or expired action with this validation error.
      String message = e.awsErrorDetails() == null ? "" : e.awsErrorDetails().errorMessage();
      if ("ValidationError".equals(AwsErrors.code(e))
          && message != null
          && message.contains("No active Lifecycle Action")) {
        return false;
      }
      throw wrap(what, e);
    } catch (SdkException e) {
      throw wrap(what, e);
    }
  }

  private static <T> T call(String what, Supplier<T> call) {
    try {
      return call.get();
    } catch (SdkException e) {
      throw wrap(what, e);
    }
  }

  private static AsgGatewayException wrap(String what, SdkException e) {
    return new AsgGatewayException(AwsErrors.describe(what, e), AwsErrors.retryable(e), e);
  }
}
