package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.asg.AutoScalingGroup.LaunchTemplateRef;
import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.client.AwsErrors;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.w3c.dom.Element;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Every EC2 call Skyscaler makes, three reads sent through {@link Ec2Query} (the Query protocol,
 * without the 24 MB EC2 client): instance types ({@value #TYPES_PER_CALL} per call, cached for the
 * gateway's life: they never change), launch template versions (pinned versions cached) and launch
 * times ({@value #IDS_PER_FILTER} ids per filter). Paged answers are followed to their last page;
 * throttling is retried with backoff by the SDK's standard retry strategy; a call that still fails
 * throws {@link AsgGatewayException}, as the Auto Scaling calls of the same groups do.
 */
public final class Ec2Gateway {
  private static final int TYPES_PER_CALL = 100;
  private static final int IDS_PER_FILTER = 200;

  private final Ec2Query ec2;
  private final Map<String, Optional<InstanceHardware>> instanceTypes = new ConcurrentHashMap<>();
  private final Map<LaunchTemplateRef, LaunchSpec> pinnedTemplates = new ConcurrentHashMap<>();

  Ec2Gateway(Ec2Query ec2) {
    this.ec2 = ec2;
  }

  /** A gateway calling EC2 as the settings say, on their shared HTTP client. */
  public static Ec2Gateway create(AwsClientSettings settings) {
    return new Ec2Gateway(new Ec2Query(settings, settings.httpClient()));
  }

  /**
   * The hardware of these instance types; a type EC2 does not know is absent from the result.
   * Cached for the gateway's life, {@value #TYPES_PER_CALL} types per call.
   */
  public Map<String, InstanceHardware> instanceTypes(Collection<String> types) {
    List<String> missing =
        types.stream().distinct().filter(t -> !instanceTypes.containsKey(t)).toList();
    for (int from = 0; from < missing.size(); from += TYPES_PER_CALL) {
      fetchInstanceTypes(missing.subList(from, Math.min(missing.size(), from + TYPES_PER_CALL)));
    }
    Map<String, InstanceHardware> result = new LinkedHashMap<>();
    for (String t : types) {
      instanceTypes.getOrDefault(t, Optional.empty()).ifPresent(h -> result.put(t, h));
    }
    return result;
  }

  private void fetchInstanceTypes(List<String> batch) {
    try {
      Map<String, String> params = new LinkedHashMap<>();
      for (int i = 0; i < batch.size(); i++) {
        params.put("InstanceType." + (i + 1), batch.get(i));
      }
      pages(
          "DescribeInstanceTypes",
          params,
          page ->
              Ec2Query.items(page, "instanceTypeSet")
                  .forEach(
                      t ->
                          instanceTypes.put(
                              Ec2Query.text(t, "instanceType"), Optional.of(hardware(t)))));
    } catch (AwsServiceException e) {
      if (!"InvalidInstanceType".equals(AwsErrors.code(e))) {
        throw wrap("DescribeInstanceTypes " + batch, e);
      }
      if (batch.size() == 1) {
        instanceTypes.put(batch.get(0), Optional.empty());
        return;
      }
      // One unknown name fails the whole call: find it by asking one at a time.
      batch.forEach(t -> fetchInstanceTypes(List.of(t)));
      return;
    } catch (SdkException e) {
      throw wrap("DescribeInstanceTypes " + batch, e);
    }
    batch.forEach(t -> instanceTypes.putIfAbsent(t, Optional.empty()));
  }

  /** Calls a paged EC2 action, following {@code nextToken} until the last page. */
  private void pages(String action, Map<String, String> params, Consumer<Element> page) {
    Map<String, String> request = new LinkedHashMap<>(params);
    while (true) {
      Element answer = ec2.call(action, request);
      page.accept(answer);
      String next = Ec2Query.text(answer, "nextToken");
      if (next.isEmpty()) {
        return;
      }
      request.put("NextToken", next);
    }
  }

  /** What a launch template version declares; pinned versions are cached. */
  public LaunchSpec launchTemplate(LaunchTemplateRef ref) {
    LaunchSpec cached = pinnedTemplates.get(ref);
    if (cached != null) {
      return cached;
    }
    Map<String, String> params = new LinkedHashMap<>();
    if (!ref.id().isEmpty()) {
      params.put("LaunchTemplateId", ref.id());
    } else {
      params.put("LaunchTemplateName", ref.name());
    }
    params.put("LaunchTemplateVersion.1", ref.version());
    List<Element> versions =
        call(
            "DescribeLaunchTemplateVersions " + ref,
            () ->
                Ec2Query.items(
                    ec2.call("DescribeLaunchTemplateVersions", params),
                    "launchTemplateVersionSet"));
    if (versions.isEmpty()) {
      throw new AsgGatewayException("launch template " + ref + " has no such version", false, null);
    }
    LaunchSpec spec = toSpec(Ec2Query.child(versions.get(0), "launchTemplateData"));
    if (ref.pinned()) {
      pinnedTemplates.put(ref, spec);
    }
    return spec;
  }

  /** Launch times of these instances; instances EC2 no longer knows are absent. */
  public Map<String, Instant> launchTimes(Collection<String> instanceIds) {
    List<String> ids = List.copyOf(Set.copyOf(instanceIds));
    Map<String, Instant> times = new HashMap<>();
    for (int from = 0; from < ids.size(); from += IDS_PER_FILTER) {
      List<String> batch = ids.subList(from, Math.min(ids.size(), from + IDS_PER_FILTER));
      Map<String, String> params = new LinkedHashMap<>();
      params.put("Filter.1.Name", "instance-id");
      for (int i = 0; i < batch.size(); i++) {
        params.put("Filter.1.Value." + (i + 1), batch.get(i));
      }
      call(
          "DescribeInstances " + batch.size() + " ids",
          () -> {
            pages(
                "DescribeInstances",
                params,
                page -> {
                  for (Element reservation : Ec2Query.items(page, "reservationSet")) {
                    for (Element i : Ec2Query.items(reservation, "instancesSet")) {
                      times.put(
                          Ec2Query.text(i, "instanceId"),
                          Instant.parse(Ec2Query.text(i, "launchTime")));
                    }
                  }
                });
            return null;
          });
    }
    return times;
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

  private static InstanceHardware hardware(Element t) {
    int gpus = 0;
    String maker = "";
    for (Element g : Ec2Query.items(Ec2Query.child(t, "gpuInfo"), "gpus")) {
      gpus += whole(Ec2Query.text(g, "count"));
      maker = maker.isEmpty() ? Ec2Query.text(g, "manufacturer") : maker;
    }
    List<Element> arch =
        Ec2Query.items(Ec2Query.child(t, "processorInfo"), "supportedArchitectures");
    return new InstanceHardware(
        Ec2Query.text(t, "instanceType"),
        whole(Ec2Query.path(t, "vCpuInfo", "defaultVCpus")),
        whole(Ec2Query.path(t, "memoryInfo", "sizeInMiB")),
        gpus,
        maker,
        arch.isEmpty() ? "" : arch.get(0).getTextContent().trim(),
        whole(Ec2Query.path(t, "networkInfo", "maximumNetworkInterfaces")),
        whole(Ec2Query.path(t, "networkInfo", "ipv4AddressesPerInterface")));
  }

  private static int whole(String text) {
    return text.isEmpty() ? 0 : Integer.parseInt(text);
  }

  private static LaunchSpec toSpec(Element data) {
    if (data == null) {
      return new LaunchSpec(Optional.empty(), OptionalInt.empty(), false);
    }
    OptionalInt volume = OptionalInt.empty();
    for (Element m : Ec2Query.items(data, "blockDeviceMappingSet")) {
      String size = Ec2Query.path(m, "ebs", "volumeSize");
      if (!size.isEmpty()) {
        volume = OptionalInt.of(Integer.parseInt(size));
        break;
      }
    }
    boolean spot = "spot".equals(Ec2Query.path(data, "instanceMarketOptions", "marketType"));
    String type = Ec2Query.text(data, "instanceType");
    return new LaunchSpec(type.isEmpty() ? Optional.empty() : Optional.of(type), volume, spot);
  }
}
