package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.AwsClientSettings;
import dev.skyscaler.aws.asg.AutoScalingGroup.AsgInstance;
import dev.skyscaler.aws.asg.AutoScalingGroup.LaunchTemplateRef;
import dev.skyscaler.aws.eks.EksNodegroupGateway;
import dev.skyscaler.aws.eks.EksNodegroupGateway.ManagedNodegroup;
import dev.skyscaler.kubernetes.scan.BackgroundBuild;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;
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
 * Every Auto Scaling, EC2 and EKS node group call Skyscaler makes: the only class that imports the
 * Auto Scaling client; its EC2 reads go through {@link Ec2Gateway} and {@link Ec2Query} (three
 * read-only calls, without the 24 MB EC2 client), its EKS managed node group reads through {@link
 * EksNodegroupGateway}. Describe calls page through every result; throttling is retried by the
 * SDK's standard retry strategy ({@link AwsClientSettings}); a call that still fails throws {@link
 * AsgGatewayException}, saying whether the next scan may succeed. Instance types are cached for the
 * gateway's life (they never change); pinned launch template versions too.
 *
 * <p>The gateway does not check bounds: SetDesiredCapacity outside MinSize/MaxSize is refused by
 * AWS but not by emulators, so callers check first ({@link AsgNodeGroupProvider}).
 */
public final class AsgGateway implements LifecycleHooks, AutoCloseable {
  /** DescribeAutoScalingGroups takes at most this many names per call, as CA sends them. */
  static final int NAMES_PER_CALL = 50;

  private static final int GROUPS_PER_PAGE = 100;

  private final Supplier<AutoScalingClient> autoscaling;
  private final Ec2Gateway ec2;
  private final EksNodegroupGateway eks;

  AsgGateway(AutoScalingClient autoscaling, Ec2Query ec2, EksNodegroupGateway eks) {
    this(() -> autoscaling, ec2, eks);
  }

  private AsgGateway(
      Supplier<AutoScalingClient> autoscaling, Ec2Query ec2, EksNodegroupGateway eks) {
    this.autoscaling = autoscaling;
    this.ec2 = new Ec2Gateway(ec2);
    this.eks = eks;
  }

  /** A gateway with clients built from the settings. */
  public static AsgGateway create(AwsClientSettings settings) {
    return create(settings, false);
  }

  /**
   * A gateway with clients built from the settings; with {@code inBackground}, the Auto Scaling
   * client is built on a thread of its own ({@link BackgroundBuild}) and the first call waits for
   * it.
   */
  public static AsgGateway create(AwsClientSettings settings, boolean inBackground) {
    Supplier<AutoScalingClient> build =
        () -> settings.configure(AutoScalingClient.builder()).build();
    return new AsgGateway(
        inBackground ? BackgroundBuild.start("skyscaler-autoscaling-client", build) : memo(build),
        new Ec2Query(settings, settings.httpClient()),
        EksNodegroupGateway.create(settings));
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
    List<String> all = List.copyOf(Set.copyOf(names));
    List<AutoScalingGroup> groups = new ArrayList<>();
    for (int from = 0; from < all.size(); from += NAMES_PER_CALL) {
      List<String> batch = all.subList(from, Math.min(all.size(), from + NAMES_PER_CALL));
      DescribeAutoScalingGroupsRequest request =
          DescribeAutoScalingGroupsRequest.builder()
              .autoScalingGroupNames(batch)
              .maxRecords(GROUPS_PER_PAGE)
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

  /** Sets the desired capacity, ignoring cooldowns as CA does. */
  public void setDesiredCapacity(String group, int desired) {
    call(
        "SetDesiredCapacity " + group + " " + desired,
        () ->
            autoscaling
                .get()
                .setDesiredCapacity(
                    b ->
                        b.autoScalingGroupName(group)
                            .desiredCapacity(desired)
                            .honorCooldown(false)));
  }

  /**
   * Terminates one instance: {@code decrement} shrinks the group (scale-down), otherwise the group
   * launches a replacement.
   */
  public void terminateInstance(String instanceId, boolean decrement) {
    call(
        "TerminateInstanceInAutoScalingGroup " + instanceId,
        () ->
            autoscaling
                .get()
                .terminateInstanceInAutoScalingGroup(
                    b -> b.instanceId(instanceId).shouldDecrementDesiredCapacity(decrement)));
  }

  /** Marks an instance Unhealthy now (no grace period): the group replaces it. */
  public void markUnhealthy(String instanceId) {
    call(
        "SetInstanceHealth " + instanceId,
        () ->
            autoscaling
                .get()
                .setInstanceHealth(
                    b ->
                        b.instanceId(instanceId)
                            .healthStatus("Unhealthy")
                            .shouldRespectGracePeriod(false)));
  }

  @Override
  public boolean complete(String group, String hook, String token, String instanceId) {
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
                          .lifecycleActionResult("CONTINUE");
                      if (!token.isEmpty()) {
                        b.lifecycleActionToken(token);
                      }
                    }));
  }

  @Override
  public boolean heartbeat(String group, String hook, String token, String instanceId) {
    return lifecycleCall(
        "RecordLifecycleActionHeartbeat " + hook + " " + instanceId,
        () ->
            autoscaling
                .get()
                .recordLifecycleActionHeartbeat(
                    b -> {
                      b.autoScalingGroupName(group).lifecycleHookName(hook).instanceId(instanceId);
                      if (!token.isEmpty()) {
                        b.lifecycleActionToken(token);
                      }
                    }));
  }

  /**
   * How long the group waits on a lifecycle hook before its default result, unless heartbeated;
   * empty when the hook does not exist.
   */
  public Optional<java.time.Duration> heartbeatTimeout(String group, String hook) {
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
        .map(
            h ->
                java.time.Duration.ofSeconds(
                    h.heartbeatTimeout() == null ? 3600 : h.heartbeatTimeout()));
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

  /**
   * The hardware of these instance types; a type EC2 does not know is absent from the result.
   * Cached for the gateway's life.
   */
  public Map<String, InstanceHardware> instanceTypes(Collection<String> types) {
    return ec2.instanceTypes(types);
  }

  /** What a launch template version declares; pinned versions are cached. */
  public LaunchSpec launchTemplate(LaunchTemplateRef ref) {
    return ec2.launchTemplate(ref);
  }

  /** Launch times of these instances; instances EC2 no longer knows are absent. */
  public Map<String, Instant> launchTimes(Collection<String> instanceIds) {
    return ec2.launchTimes(instanceIds);
  }

  /**
   * What EKS says about the managed node group behind a group (uncached: the provider keeps the
   * answers, see {@link ManagedNodegroupCache}).
   *
   * @throws EksNodegroupGateway.DescribeFailed naming the cluster, the node group and EKS's error
   */
  public ManagedNodegroup describeNodegroup(String cluster, String nodegroup) {
    return eks.describeNodegroup(cluster, nodegroup);
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
      if ("ValidationError".equals(errorCode(e))
          && message != null
          && message.contains("No active Lifecycle Action")) {
        return false;
      }
      throw wrap(what, e);
    } catch (SdkException e) {
      throw wrap(what, e);
    }
  }

  static <T> T call(String what, Supplier<T> call) {
    try {
      return call.get();
    } catch (SdkException e) {
      throw wrap(what, e);
    }
  }

  static AsgGatewayException wrap(String what, SdkException e) {
    if (e instanceof AwsServiceException s) {
      String code = errorCode(s);
      boolean retryable =
          s.isThrottlingException()
              || s.statusCode() >= 500
              || "ScalingActivityInProgress".equals(code)
              || "ResourceContention".equals(code);
      String detail = s.awsErrorDetails() == null ? "" : ": " + s.awsErrorDetails().errorMessage();
      return new AsgGatewayException(
          what + " failed: " + code + " (HTTP " + s.statusCode() + ")" + detail, retryable, e);
    }
    return new AsgGatewayException(what + " failed: " + e.getMessage(), true, e);
  }

  static String errorCode(AwsServiceException e) {
    return e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null
        ? "unknown"
        : e.awsErrorDetails().errorCode();
  }
}
