package dev.skyscaler.core.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProviderIdsTest {
  @ParameterizedTest(name = "{0} and {1} are the same instance: {2}")
  @CsvSource({
    "aws:///eu-west-1a/i-0abc, i-0abc, true",
    "aws:///eu-west-1a/i-0abc, aws:///eu-west-1b/i-0abc, true",
    "aws:///eu-west-1a/i-0abc, i-0abd, false",
    "azure:///subscriptions/S/resourceGroups/RG/providers/Microsoft.Compute/virtualMachineScaleSets/pool/virtualMachines/3,"
        + " /subscriptions/s/resourcegroups/rg/providers/microsoft.compute/virtualmachinescalesets/pool/virtualmachines/3,"
        + " true",
    "azure:///subscriptions/S/resourceGroups/RG/providers/Microsoft.Compute/virtualMachineScaleSets/pool/virtualMachines/3,"
        + " /subscriptions/S/resourceGroups/RG/providers/Microsoft.Compute/virtualMachineScaleSets/other/virtualMachines/3,"
        + " false",
    "azure:///subscriptions/S/resourceGroups/RG/providers/Microsoft.Compute/virtualMachineScaleSets/pool/virtualMachines/3,"
        + " 3, false",
    "kind://docker/kind/worker, kind://docker/kind/worker, true",
    "'', '', false",
  })
  void instancesMatchByTheirKey(String a, String b, boolean same) {
    assertThat(ProviderIds.sameInstance(a, b)).isEqualTo(same);
    assertThat(ProviderIds.sameInstance(b, a)).isEqualTo(same);
  }
}
