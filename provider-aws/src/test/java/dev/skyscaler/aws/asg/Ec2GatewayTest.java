package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.asg.AutoScalingGroup.AsgInstance;
import dev.skyscaler.aws.emulator.AwsEmulator;
import dev.skyscaler.aws.emulator.EmulatedAws;
import dev.skyscaler.aws.moto.MotoAccount;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.SdkHttpClient;

/** The EC2 gateway's reads against the emulator (moto by default), counting the calls it sends. */
@EmulatedAws
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Ec2GatewayTest {
  private final AwsEmulator aws;
  private final List<String> calls = new CopyOnWriteArrayList<>();
  private MotoAccount account;
  private AsgGateway autoscaling;
  private Ec2Gateway gateway;

  Ec2GatewayTest(AwsEmulator aws) {
    this.aws = aws;
  }

  @BeforeAll
  void createGroups() {
    account = new MotoAccount(aws);
    account.launchTemplate("ec2gw-plain", "m5.large", 0, false);
    account.launchTemplate("ec2gw-spot", "c5.xlarge", 50, true);
    account.group(
        "ec2gw-running", "ec2gw-plain", 0, 5, 2, MotoAccount.clusterTags("ec2gw-run", Map.of()));
    SdkHttpClient http = aws.settings().httpClient();
    SdkHttpClient countingCalls =
        new SdkHttpClient() {
          @Override
          public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            request.contentStreamProvider().ifPresent(body -> calls.add(action(body)));
            return http.prepareRequest(request);
          }

          @Override
          public void close() {}
        };
    gateway = new Ec2Gateway(new Ec2Query(aws.settings(), countingCalls));
    autoscaling = AsgGateway.create(aws.settings());
  }

  @AfterAll
  void close() {
    account.close();
    autoscaling.close();
  }

  @Test
  void instanceTypesComeFromEc2OnceAndUnknownTypesAreLeftOut() {
    calls.clear();

    var first = gateway.instanceTypes(List.of("g4dn.xlarge", "m5.large", "m9.nonexistent"));
    var second = gateway.instanceTypes(List.of("m5.large", "g4dn.xlarge", "m9.nonexistent"));

    assertThat(first.keySet()).containsExactly("g4dn.xlarge", "m5.large");
    assertThat(first.get("g4dn.xlarge"))
        .isEqualTo(new InstanceHardware("g4dn.xlarge", 4, 16384, 1, "NVIDIA", "x86_64", 3, 10));
    assertThat(first.get("m5.large"))
        .isEqualTo(new InstanceHardware("m5.large", 2, 8192, 0, "", "x86_64", 3, 10));
    assertThat(second).isEqualTo(first);
    // one batch refused for the unknown name, then one call per name to find it; then cached
    assertThat(calls).hasSize(4).containsOnly("DescribeInstanceTypes");
  }

  @Test
  void aLaunchTemplateGivesTheTypeTheRootVolumeAndTheMarket() {
    var spot = gateway.launchTemplate(new AutoScalingGroup.LaunchTemplateRef("", "ec2gw-spot", ""));
    var plain =
        gateway.launchTemplate(new AutoScalingGroup.LaunchTemplateRef("", "ec2gw-plain", "1"));

    assertThat(spot)
        .isEqualTo(new LaunchSpec(java.util.Optional.of("c5.xlarge"), OptionalInt.of(50), true));
    assertThat(plain)
        .isEqualTo(new LaunchSpec(java.util.Optional.of("m5.large"), OptionalInt.empty(), false));
  }

  @Test
  void launchTimesAreReportedForExistingInstancesOnly() {
    List<String> ids =
        autoscaling.describeByNames(List.of("ec2gw-running")).get(0).instances().stream()
            .map(AsgInstance::instanceId)
            .toList();

    var times = gateway.launchTimes(List.of(ids.get(0), ids.get(1), "i-0000000000000dead"));

    assertThat(times.keySet()).containsExactlyInAnyOrderElementsOf(ids);
  }

  private static String action(ContentStreamProvider body) {
    try (var in = body.newStream()) {
      String form = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      return form.substring("Action=".length(), form.indexOf('&'));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
