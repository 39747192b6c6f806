package dev.skyscaler.azure.vmss;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StaticSkuTableTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "Standard_D4s_v5,      4,   16384,  0, false",
    "standard_d4s_v5,      4,   16384,  0, false",
    "Standard_E16s_v5,    16,  131072,  0, false",
    "Standard_F8s_v2,      8,   16384,  0, false",
    "Standard_DS2_v2,      2,    7168,  0, false",
    "Standard_B2ms,        2,    8192,  0, false",
    "Standard_D8ps_v5,     8,   32768,  0, true",
    "Standard_NC4as_T4_v3, 4,   28672,  1, false",
    "Standard_NC24ads_A100_v4, 24, 225280, 1, false",
    "Standard_ND96asr_v4, 96,  921600,  8, false",
  })
  void knowsCommonSizes(String name, int vcpus, long memoryMiB, int gpus, boolean arm64) {
    VmSku size = StaticSkuTable.find(name).orElseThrow();

    assertThat(size.vcpus()).isEqualTo(vcpus);
    assertThat(size.memoryMiB()).isEqualTo(memoryMiB);
    assertThat(size.gpus()).isEqualTo(gpus);
    assertThat(size.arm64()).isEqualTo(arm64);
  }

  @ParameterizedTest(name = "{0} is not in the table")
  @CsvSource({"Standard_HX176rs", "Standard_Imaginary_v9"})
  void leavesOtherSizesToTheResourceSkusApi(String name) {
    assertThat(StaticSkuTable.find(name)).isEmpty();
  }
}
