package dev.skyscaler.cli;

import dev.skyscaler.azure.arm.ArmException;
import dev.skyscaler.azure.arm.AzureCloud;
import dev.skyscaler.azure.vmss.DiscoverySpec;
import dev.skyscaler.azure.vmss.VmssGateway;
import dev.skyscaler.azure.vmss.VmssNodeGroupProvider;
import dev.skyscaler.azure.vmss.VmssScope;
import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.cli.input.OptionsFile;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A scan's inputs with {@code --cloud-provider=azure}: the cluster's nodes and pods and the VM
 * Scale Sets whose tags match the {@code label:} spec, in {@code ARM_SUBSCRIPTION_ID} (and {@code
 * ARM_RESOURCE_GROUP} when set; {@code ARM_CLOUD} picks the cloud), as Cluster Autoscaler reads
 * these settings. Only read: the provider's discovery lists scale sets, their VMs and SKUs (GETs);
 * nothing here calls {@code apply}.
 */
final class AzureScan {
  private static final Pattern GUID =
      Pattern.compile("[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}");

  private AzureScan() {}

  static Scan load(
      ScanInputs in,
      DiscoverySpec spec,
      CloudAccess access,
      OptionsFile file,
      Map<String, List<String>> cliFlags,
      Clock clock,
      Instant now) {
    Map<String, String> env = access.environment();
    List<String> errors = new ArrayList<>();
    String subscription = value(env, "ARM_SUBSCRIPTION_ID").orElse("");
    if (subscription.isEmpty()) {
      errors.add("ARM_SUBSCRIPTION_ID: required with --cloud-provider=azure, a subscription id");
    } else if (!GUID.matcher(subscription).matches()) {
      errors.add(
          "ARM_SUBSCRIPTION_ID: expected a subscription id (GUID), got \"" + subscription + "\"");
    }
    AzureCloud cloud = AzureCloud.PUBLIC;
    try {
      cloud = value(env, "ARM_CLOUD").map(AzureCloud::parse).orElse(AzureCloud.PUBLIC);
    } catch (IllegalArgumentException e) {
      errors.add("ARM_CLOUD: " + e.getMessage());
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    KubernetesSnapshot k8s = CloudScans.cluster(in, file, cliFlags);
    VmssScope scope =
        new VmssScope(
            subscription, value(env, "ARM_RESOURCE_GROUP"), spec, Optional.empty(), false, false);
    Discovery discovery;
    try {
      VmssGateway gateway = new VmssGateway(access.azure().connect(cloud, subscription));
      discovery = new VmssNodeGroupProvider(gateway, scope, clock).discover(k8s.nodes());
    } catch (ArmException e) {
      throw new InputException(
          "--cloud-provider=azure: cannot read the scale sets of subscription "
              + subscription
              + ": "
              + e.getMessage(),
          e);
    }
    return CloudScans.scan(k8s, discovery, file, cliFlags, now);
  }

  private static Optional<String> value(Map<String, String> env, String name) {
    return Optional.ofNullable(env.get(name)).map(String::trim).filter(v -> !v.isEmpty());
  }
}
