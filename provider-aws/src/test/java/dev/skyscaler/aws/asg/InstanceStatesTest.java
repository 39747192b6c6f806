package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.asg.AutoScalingGroup.AsgInstance;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ASG lifecycle states, providerIDs and placeholders for capacity not created yet. */
class InstanceStatesTest {
  private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource({
    "Pending, PENDING",
    "Pending:Wait, PENDING",
    "Pending:Proceed, PENDING",
    "Quarantined, PENDING",
    "InService, RUNNING",
    "Standby, RUNNING",
    "EnteringStandby, RUNNING",
    "Terminating, TERMINATING",
    "Terminating:Wait, TERMINATING",
    "Terminating:Proceed, TERMINATING",
    "Terminated, TERMINATING",
    "Detaching, TERMINATING",
    "Detached, TERMINATING"
  })
  void lifecycleStatesMapToTheCoresFour(String lifecycle, InstanceState state) {
    AsgInstance i = new AsgInstance("i-1", "us-east-1a", lifecycle, "Healthy", "m5.large");

    assertThat(AsgGroupDiscoverer.state(i)).isEqualTo(state);
  }

  @ParameterizedTest(name = "providerID \"{0}\" names instance \"{1}\"")
  @CsvSource({
    "aws:///us-east-1a/i-0abc123, i-0abc123",
    "aws:///us-east-1a/i-placeholder-ng-1, i-placeholder-ng-1",
    "azure:///subscriptions/x/virtualMachines/3, ''",
    "aws://us-east-1a/i-0abc, ''",
    "'', ''"
  })
  void onlyAwsProviderIdsNameAnInstance(String providerId, String instanceId) {
    assertThat(ProviderIds.instanceId(providerId).orElse("")).isEqualTo(instanceId);
  }

  @Test
  void capacityAskedForButNotCreatedIsPendingPlaceholders() {
    List<CloudInstance> placeholders =
        AsgGroupDiscoverer.placeholders(group(3, 1), Optional.empty(), NOW);

    assertThat(placeholders)
        .containsExactly(
            new CloudInstance(
                "ng", "aws:///us-east-1b/i-placeholder-ng-1", InstanceState.PENDING, NOW),
            new CloudInstance(
                "ng", "aws:///us-east-1b/i-placeholder-ng-2", InstanceState.PENDING, NOW));
  }

  @Test
  void aFailedLatestActivityMarksThePlaceholdersFailedSinceIt() {
    Instant failedAt = NOW.minusSeconds(90);
    ScalingActivity failure =
        new ScalingActivity("Failed", failedAt, "Launching a new EC2 instance. Status Reason: ...");

    List<CloudInstance> placeholders =
        AsgGroupDiscoverer.placeholders(group(2, 1), Optional.of(failure), NOW);

    assertThat(placeholders)
        .singleElement()
        .extracting(CloudInstance::state, CloudInstance::launchTime)
        .containsExactly(InstanceState.FAILED, failedAt);
  }

  @Test
  void aSuccessfulLatestActivityKeepsThemPending() {
    ScalingActivity ok = new ScalingActivity("Successful", NOW.minusSeconds(30), "");

    assertThat(AsgGroupDiscoverer.placeholders(group(2, 1), Optional.of(ok), NOW))
        .extracting(CloudInstance::state)
        .containsExactly(InstanceState.PENDING);
  }

  private static AutoScalingGroup group(int desired, int instances) {
    List<AsgInstance> members =
        java.util.stream.IntStream.range(0, instances)
            .mapToObj(
                k -> new AsgInstance("i-" + k, "us-east-1b", "InService", "Healthy", "m5.large"))
            .toList();
    return new AutoScalingGroup(
        "ng",
        0,
        10,
        desired,
        List.of("us-east-1b", "us-east-1a"),
        Map.of(),
        members,
        Optional.empty(),
        Optional.empty(),
        List.of(),
        false);
  }
}
