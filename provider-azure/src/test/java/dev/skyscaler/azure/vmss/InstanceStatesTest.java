package dev.skyscaler.azure.vmss;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InstanceStatesTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "a VM being created is pending,                       Creating,  starting,     PENDING",
    "a VM with no instance view yet is pending,           '',        '',           PENDING",
    "a provisioned VM still starting is pending,          Succeeded, starting,     PENDING",
    "a provisioned running VM is running,                 Succeeded, running,      RUNNING",
    "a VM being restarted or reimaged is running,         Updating,  running,      RUNNING",
    "a VM being deleted is terminating,                   Deleting,  running,      TERMINATING",
    "a deallocated VM (evicted spot) is terminating,      Succeeded, deallocated,  TERMINATING",
    "a stopped VM is terminating,                         Succeeded, stopped,      TERMINATING",
    "a VM that failed to provision is a failed scale-up,  Failed,    '',           FAILED",
    "a failed VM that is stopped is failed,               Failed,    stopped,      FAILED",
    "a VM whose extension failed but runs is running,     Failed,    running,      RUNNING",
  })
  void mapsProvisioningAndPowerState(
      String description, String provisioning, String power, InstanceState state) {
    assertThat(InstanceStates.of(provisioning, power)).isEqualTo(state);
  }
}
