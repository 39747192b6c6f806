package dev.skyscaler.cli;

import dev.skyscaler.aws.asg.AsgDiscoveryOptions;
import dev.skyscaler.aws.asg.AsgGatewayException;
import dev.skyscaler.aws.asg.AsgGateways;
import dev.skyscaler.aws.asg.AsgNodeGroupProvider;
import dev.skyscaler.aws.asg.AsgProviderOptions;
import dev.skyscaler.aws.asg.PriceTable;
import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.client.UserAwsSettings;
import dev.skyscaler.aws.eks.EksGatewayException;
import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.cli.input.OptionsFile;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A scan's inputs with {@code --cloud-provider=aws}: the cluster's nodes and pods (the snapshot
 * files, or the live cluster) and the Auto Scaling Groups {@code --node-group-auto-discovery} or
 * {@code --nodes} select, read with the user's AWS credentials as the functions find them. Only
 * read: the provider's discovery sends Describe calls (Auto Scaling, EC2, EKS); nothing here calls
 * {@code apply}, so no capacity is changed and no instance terminated.
 */
final class AwsScan {
  private AwsScan() {}

  static Scan load(
      ScanInputs in,
      AsgDiscoveryOptions groups,
      CloudAccess access,
      OptionsFile file,
      Map<String, List<String>> cliFlags,
      Clock clock,
      Instant now) {
    AwsClientSettings settings = UserAwsSettings.fromEnvironment(access.environment());
    KubernetesSnapshot k8s = CloudScans.cluster(in, file, cliFlags);
    AsgGateways gateways = AsgGateways.create(settings);
    Discovery discovery;
    try {
      discovery =
          new AsgNodeGroupProvider(
                  gateways,
                  new AsgProviderOptions(settings.regionId(), groups, PriceTable.NONE),
                  clock)
              .discover(k8s.nodes());
    } catch (AsgGatewayException | EksGatewayException e) {
      throw new InputException(
          "--cloud-provider=aws: cannot read the Auto Scaling Groups in "
              + settings.regionId()
              + ": "
              + e.getMessage(),
          e);
    } finally {
      gateways.close();
    }
    return CloudScans.scan(k8s, discovery, file, cliFlags, now);
  }
}
