package dev.skyscaler.azure.vmss;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VmssProviderIdTest {
  private static final String SUB = "3f2b4c5d-1111-4000-8000-00000000a11e";

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "as the cloud provider writes it on AKS (lower-case group), azure:///subscriptions/"
        + SUB
        + "/resourceGroups/mc_rg_prod_westeurope/providers/Microsoft.Compute/virtualMachineScaleSets/aks-user1-12345678-vmss/virtualMachines/3, mc_rg_prod_westeurope, aks-user1-12345678-vmss, 3",
    "with segment names in any case, azure:///subscriptions/"
        + SUB
        + "/resourcegroups/RG-Nodes/providers/microsoft.compute/virtualmachinescalesets/pool-a/virtualmachines/17, RG-Nodes, pool-a, 17",
  })
  void readsAScaleSetVmProviderId(
      String description, String providerId, String rg, String set, String id) {
    VmssProviderId parsed = VmssProviderId.parse(providerId).orElseThrow();

    assertThat(parsed.subscriptionId()).isEqualTo(SUB);
    assertThat(parsed.resourceGroup()).isEqualTo(rg);
    assertThat(parsed.scaleSet()).isEqualTo(set);
    assertThat(parsed.instanceId()).isEqualTo(id);
  }

  @ParameterizedTest(name = "not a scale-set VM: \"{0}\"")
  @ValueSource(
      strings = {
        "aws:///eu-west-1a/i-0abc",
        "azure:///subscriptions/"
            + SUB
            + "/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/standalone-vm",
        "azure:///subscriptions/"
            + SUB
            + "/resourceGroups/rg/providers/Microsoft.Compute/virtualMachineScaleSets/ss",
        ""
      })
  void ignoresWhatIsNotAScaleSetVm(String providerId) {
    assertThat(VmssProviderId.parse(providerId)).isEmpty();
  }

  @Test
  void matchesItsScaleSetAndKeyIgnoringCase() {
    ScaleSet set =
        new ScaleSet(
            "id",
            "MC_RG_Prod",
            "Pool-A",
            "westeurope",
            "Standard_D4s_v5",
            1,
            Map.of(),
            List.of(),
            false);
    VmssProviderId lower =
        VmssProviderId.parse(
                "azure:///subscriptions/"
                    + SUB
                    + "/resourceGroups/mc_rg_prod/providers/Microsoft.Compute/virtualMachineScaleSets/pool-a/virtualMachines/0")
            .orElseThrow();

    assertThat(lower.in(set)).isTrue();
    assertThat(lower.key()).isEqualTo(VmssProviderId.of(SUB, set, "0").key());
  }

  @Test
  void writesTheFormatTheCloudProviderUses() {
    ScaleSet set =
        new ScaleSet(
            "id", "rg", "ss", "westeurope", "Standard_D4s_v5", 1, Map.of(), List.of(), false);

    String written = VmssProviderId.of(SUB, set, "4").toString();

    assertThat(written)
        .isEqualTo(
            "azure:///subscriptions/"
                + SUB
                + "/resourceGroups/rg/providers/Microsoft.Compute/virtualMachineScaleSets/ss/virtualMachines/4");
    assertThat(VmssProviderId.parse(written))
        .isEqualTo(Optional.of(VmssProviderId.of(SUB, set, "4")));
  }
}
