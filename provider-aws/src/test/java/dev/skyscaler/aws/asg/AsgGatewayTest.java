package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.emulator.AwsEmulator;
import dev.skyscaler.aws.emulator.EmulatedAws;
import dev.skyscaler.aws.moto.MotoAccount;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.autoscaling.AutoScalingClient;

/** The gateway's calls against the emulator (moto by default), counting the requests it sends. */
@EmulatedAws
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AsgGatewayTest {
  /** More than one page of DescribeAutoScalingGroups (100) and more than two batches of names. */
  private static final int MANY = 105;

  private final AwsEmulator aws;
  private final List<String> calls = new CopyOnWriteArrayList<>();
  private MotoAccount account;
  private AsgGateway gateway;

  AsgGatewayTest(AwsEmulator aws) {
    this.aws = aws;
  }

  @BeforeAll
  void createGroups() {
    account = new MotoAccount(aws);
    account.launchTemplate("gw-plain", "m5.large", 0, false);
    for (int i = 0; i < MANY; i++) {
      account.group(name(i), "gw-plain", 0, 5, 0, MotoAccount.clusterTags("gw-paging", Map.of()));
    }
    account.group("gw-other", "gw-plain", 0, 5, 0, MotoAccount.clusterTags("gw-other", Map.of()));
    account.group("gw-running", "gw-plain", 0, 5, 2, MotoAccount.clusterTags("gw-run", Map.of()));
    ExecutionInterceptor counter =
        new ExecutionInterceptor() {
          @Override
          public void beforeTransmission(
              Context.BeforeTransmission context, ExecutionAttributes attributes) {
            calls.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
          }
        };
    gateway =
        new AsgGateway(
            aws.settings()
                .configure(AutoScalingClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(counter))
                .build());
  }

  @AfterAll
  void close() {
    account.close();
    gateway.close();
  }

  @Test
  void describingByTagsPagesThroughEveryGroupOfTheCluster() {
    calls.clear();

    List<AutoScalingGroup> groups =
        gateway.describeByTags(
            Map.of(
                "k8s.io/cluster-autoscaler/enabled", "",
                "k8s.io/cluster-autoscaler/gw-paging", ""));

    assertThat(groups).hasSize(MANY).allMatch(g -> g.name().startsWith("gw-paging-"));
    assertThat(calls).containsExactly("DescribeAutoScalingGroups", "DescribeAutoScalingGroups");
  }

  @Test
  void aTagWithAValueMustHaveThatValue() {
    assertThat(gateway.describeByTags(Map.of("k8s.io/cluster-autoscaler/gw-other", "owned")))
        .extracting(AutoScalingGroup::name)
        .containsExactly("gw-other");
    assertThat(gateway.describeByTags(Map.of("k8s.io/cluster-autoscaler/gw-other", "shared")))
        .isEmpty();
  }

  @Test
  void describingByNamesAsksFiftyNamesAtATime() {
    List<String> names = new ArrayList<>(IntStream.range(0, MANY).mapToObj(i -> name(i)).toList());
    names.add("gw-does-not-exist");
    calls.clear();

    List<AutoScalingGroup> groups = gateway.describeByNames(names);

    assertThat(groups).hasSize(MANY);
    assertThat(calls).hasSize(3).containsOnly("DescribeAutoScalingGroups");
  }

  @Test
  void aGroupListsItsInstancesWithZoneStateAndHealth() {
    AutoScalingGroup g = gateway.describeByNames(List.of("gw-running")).get(0);

    assertThat(g.instances())
        .hasSize(2)
        .allSatisfy(
            i -> {
              assertThat(i.zone()).isEqualTo("us-east-1a");
              assertThat(i.lifecycleState()).isEqualTo("InService");
              assertThat(i.healthStatus()).isEqualTo("Healthy");
              assertThat(i.instanceType()).isEqualTo("m5.large");
            });
    assertThat(g.launchTemplate()).map(t -> t.name()).contains("gw-plain");
  }

  @Test
  void aHooksHeartbeatTimeoutIsReadFromTheGroup() {
    account
        .autoscaling()
        .putLifecycleHook(
            b ->
                b.autoScalingGroupName("gw-running")
                    .lifecycleHookName("drain")
                    .lifecycleTransition("autoscaling:EC2_INSTANCE_TERMINATING")
                    .heartbeatTimeout(300)
                    .defaultResult("CONTINUE"));

    assertThat(gateway.heartbeatTimeout("gw-running", "drain")).contains(Duration.ofMinutes(5));
    assertThat(gateway.heartbeatTimeout("gw-running", "no-such-hook")).isEmpty();
  }

  @Test
  void aGroupWithNoActivityHasNoLatestActivity() {
    assertThat(gateway.latestActivity("gw-other")).isEmpty();
  }

  private static String name(int i) {
    return String.format("gw-paging-%03d", i);
  }
}
