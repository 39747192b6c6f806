package dev.skyscaler.azure.vmss;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Capacities of common VM sizes, so that scale-from-zero templates need no Resource SKUs call (as
 * Cluster Autoscaler's {@code azure_instance_types.go}; its {@code
 * AZURE_ENABLE_DYNAMIC_INSTANCE_LIST} switches to the API). Values are the published sizes: vCPUs,
 * memory in MiB (ARM's {@code MemoryGB} × 1024) and NVIDIA GPUs, from the Azure VM size pages and
 * the Resource SKUs API's {@code vCPUs} / {@code MemoryGB} / {@code GPUs} capabilities. A size
 * missing here is looked up with the Resource SKUs API for the scale set's region.
 */
public final class StaticSkuTable {
  private static final boolean ARM64 = true;

  private static final Map<String, VmSku> SIZES =
      Stream.of(
              row("Standard_A1_v2", 1, 2048, 0),
              row("Standard_A2_v2", 2, 4096, 0),
              row("Standard_A2m_v2", 2, 16384, 0),
              row("Standard_A4_v2", 4, 8192, 0),
              row("Standard_A4m_v2", 4, 32768, 0),
              row("Standard_A8_v2", 8, 16384, 0),
              row("Standard_A8m_v2", 8, 65536, 0),
              row("Standard_B12ms", 12, 49152, 0),
              row("Standard_B16ms", 16, 65536, 0),
              row("Standard_B1ms", 1, 2048, 0),
              row("Standard_B1s", 1, 1024, 0),
              row("Standard_B20ms", 20, 81920, 0),
              row("Standard_B2ms", 2, 8192, 0),
              row("Standard_B2s", 2, 4096, 0),
              row("Standard_B4ms", 4, 16384, 0),
              row("Standard_B8ms", 8, 32768, 0),
              row("Standard_D16_v3", 16, 65536, 0),
              row("Standard_D16_v5", 16, 65536, 0),
              row("Standard_D16ads_v5", 16, 65536, 0),
              row("Standard_D16as_v4", 16, 65536, 0),
              row("Standard_D16as_v5", 16, 65536, 0),
              row("Standard_D16ds_v4", 16, 65536, 0),
              row("Standard_D16ds_v5", 16, 65536, 0),
              row("Standard_D16pds_v5", 16, 65536, 0, ARM64),
              row("Standard_D16ps_v5", 16, 65536, 0, ARM64),
              row("Standard_D16s_v3", 16, 65536, 0),
              row("Standard_D16s_v4", 16, 65536, 0),
              row("Standard_D16s_v5", 16, 65536, 0),
              row("Standard_D2_v2", 2, 7168, 0),
              row("Standard_D2_v3", 2, 8192, 0),
              row("Standard_D2_v5", 2, 8192, 0),
              row("Standard_D2ads_v5", 2, 8192, 0),
              row("Standard_D2as_v4", 2, 8192, 0),
              row("Standard_D2as_v5", 2, 8192, 0),
              row("Standard_D2ds_v4", 2, 8192, 0),
              row("Standard_D2ds_v5", 2, 8192, 0),
              row("Standard_D2pds_v5", 2, 8192, 0, ARM64),
              row("Standard_D2ps_v5", 2, 8192, 0, ARM64),
              row("Standard_D2s_v3", 2, 8192, 0),
              row("Standard_D2s_v4", 2, 8192, 0),
              row("Standard_D2s_v5", 2, 8192, 0),
              row("Standard_D32_v3", 32, 131072, 0),
              row("Standard_D32_v5", 32, 131072, 0),
              row("Standard_D32ads_v5", 32, 131072, 0),
              row("Standard_D32as_v4", 32, 131072, 0),
              row("Standard_D32as_v5", 32, 131072, 0),
              row("Standard_D32ds_v4", 32, 131072, 0),
              row("Standard_D32ds_v5", 32, 131072, 0),
              row("Standard_D32pds_v5", 32, 131072, 0, ARM64),
              row("Standard_D32ps_v5", 32, 131072, 0, ARM64),
              row("Standard_D32s_v3", 32, 131072, 0),
              row("Standard_D32s_v4", 32, 131072, 0),
              row("Standard_D32s_v5", 32, 131072, 0),
              row("Standard_D3_v2", 4, 14336, 0),
              row("Standard_D48_v3", 48, 196608, 0),
              row("Standard_D48_v5", 48, 196608, 0),
              row("Standard_D48ads_v5", 48, 196608, 0),
              row("Standard_D48as_v4", 48, 196608, 0),
              row("Standard_D48as_v5", 48, 196608, 0),
              row("Standard_D48ds_v4", 48, 196608, 0),
              row("Standard_D48ds_v5", 48, 196608, 0),
              row("Standard_D48pds_v5", 48, 196608, 0, ARM64),
              row("Standard_D48ps_v5", 48, 196608, 0, ARM64),
              row("Standard_D48s_v3", 48, 196608, 0),
              row("Standard_D48s_v4", 48, 196608, 0),
              row("Standard_D48s_v5", 48, 196608, 0),
              row("Standard_D4_v2", 8, 28672, 0),
              row("Standard_D4_v3", 4, 16384, 0),
              row("Standard_D4_v5", 4, 16384, 0),
              row("Standard_D4ads_v5", 4, 16384, 0),
              row("Standard_D4as_v4", 4, 16384, 0),
              row("Standard_D4as_v5", 4, 16384, 0),
              row("Standard_D4ds_v4", 4, 16384, 0),
              row("Standard_D4ds_v5", 4, 16384, 0),
              row("Standard_D4pds_v5", 4, 16384, 0, ARM64),
              row("Standard_D4ps_v5", 4, 16384, 0, ARM64),
              row("Standard_D4s_v3", 4, 16384, 0),
              row("Standard_D4s_v4", 4, 16384, 0),
              row("Standard_D4s_v5", 4, 16384, 0),
              row("Standard_D5_v2", 16, 57344, 0),
              row("Standard_D64_v3", 64, 262144, 0),
              row("Standard_D64_v5", 64, 262144, 0),
              row("Standard_D64ads_v5", 64, 262144, 0),
              row("Standard_D64as_v4", 64, 262144, 0),
              row("Standard_D64as_v5", 64, 262144, 0),
              row("Standard_D64ds_v4", 64, 262144, 0),
              row("Standard_D64ds_v5", 64, 262144, 0),
              row("Standard_D64pds_v5", 64, 262144, 0, ARM64),
              row("Standard_D64ps_v5", 64, 262144, 0, ARM64),
              row("Standard_D64s_v3", 64, 262144, 0),
              row("Standard_D64s_v4", 64, 262144, 0),
              row("Standard_D64s_v5", 64, 262144, 0),
              row("Standard_D8_v3", 8, 32768, 0),
              row("Standard_D8_v5", 8, 32768, 0),
              row("Standard_D8ads_v5", 8, 32768, 0),
              row("Standard_D8as_v4", 8, 32768, 0),
              row("Standard_D8as_v5", 8, 32768, 0),
              row("Standard_D8ds_v4", 8, 32768, 0),
              row("Standard_D8ds_v5", 8, 32768, 0),
              row("Standard_D8pds_v5", 8, 32768, 0, ARM64),
              row("Standard_D8ps_v5", 8, 32768, 0, ARM64),
              row("Standard_D8s_v3", 8, 32768, 0),
              row("Standard_D8s_v4", 8, 32768, 0),
              row("Standard_D8s_v5", 8, 32768, 0),
              row("Standard_D96_v5", 96, 393216, 0),
              row("Standard_D96ads_v5", 96, 393216, 0),
              row("Standard_D96as_v5", 96, 393216, 0),
              row("Standard_D96ds_v5", 96, 393216, 0),
              row("Standard_D96s_v5", 96, 393216, 0),
              row("Standard_DS11_v2", 2, 14336, 0),
              row("Standard_DS12_v2", 4, 28672, 0),
              row("Standard_DS13_v2", 8, 57344, 0),
              row("Standard_DS14_v2", 16, 114688, 0),
              row("Standard_DS1_v2", 1, 3584, 0),
              row("Standard_DS2_v2", 2, 7168, 0),
              row("Standard_DS3_v2", 4, 14336, 0),
              row("Standard_DS4_v2", 8, 28672, 0),
              row("Standard_DS5_v2", 16, 57344, 0),
              row("Standard_E16_v3", 16, 131072, 0),
              row("Standard_E16_v5", 16, 131072, 0),
              row("Standard_E16ads_v5", 16, 131072, 0),
              row("Standard_E16as_v5", 16, 131072, 0),
              row("Standard_E16ds_v5", 16, 131072, 0),
              row("Standard_E16s_v3", 16, 131072, 0),
              row("Standard_E16s_v5", 16, 131072, 0),
              row("Standard_E2_v3", 2, 16384, 0),
              row("Standard_E2_v5", 2, 16384, 0),
              row("Standard_E2ads_v5", 2, 16384, 0),
              row("Standard_E2as_v5", 2, 16384, 0),
              row("Standard_E2ds_v5", 2, 16384, 0),
              row("Standard_E2s_v3", 2, 16384, 0),
              row("Standard_E2s_v5", 2, 16384, 0),
              row("Standard_E32_v3", 32, 262144, 0),
              row("Standard_E32_v5", 32, 262144, 0),
              row("Standard_E32ads_v5", 32, 262144, 0),
              row("Standard_E32as_v5", 32, 262144, 0),
              row("Standard_E32ds_v5", 32, 262144, 0),
              row("Standard_E32s_v3", 32, 262144, 0),
              row("Standard_E32s_v5", 32, 262144, 0),
              row("Standard_E48_v3", 48, 393216, 0),
              row("Standard_E48_v5", 48, 393216, 0),
              row("Standard_E48ads_v5", 48, 393216, 0),
              row("Standard_E48as_v5", 48, 393216, 0),
              row("Standard_E48ds_v5", 48, 393216, 0),
              row("Standard_E48s_v3", 48, 393216, 0),
              row("Standard_E48s_v5", 48, 393216, 0),
              row("Standard_E4_v3", 4, 32768, 0),
              row("Standard_E4_v5", 4, 32768, 0),
              row("Standard_E4ads_v5", 4, 32768, 0),
              row("Standard_E4as_v5", 4, 32768, 0),
              row("Standard_E4ds_v5", 4, 32768, 0),
              row("Standard_E4s_v3", 4, 32768, 0),
              row("Standard_E4s_v5", 4, 32768, 0),
              row("Standard_E64_v3", 64, 442368, 0),
              row("Standard_E64_v5", 64, 524288, 0),
              row("Standard_E64ads_v5", 64, 524288, 0),
              row("Standard_E64as_v5", 64, 524288, 0),
              row("Standard_E64ds_v5", 64, 524288, 0),
              row("Standard_E64s_v3", 64, 442368, 0),
              row("Standard_E64s_v5", 64, 524288, 0),
              row("Standard_E8_v3", 8, 65536, 0),
              row("Standard_E8_v5", 8, 65536, 0),
              row("Standard_E8ads_v5", 8, 65536, 0),
              row("Standard_E8as_v5", 8, 65536, 0),
              row("Standard_E8ds_v5", 8, 65536, 0),
              row("Standard_E8s_v3", 8, 65536, 0),
              row("Standard_E8s_v5", 8, 65536, 0),
              row("Standard_F16s_v2", 16, 32768, 0),
              row("Standard_F2s_v2", 2, 4096, 0),
              row("Standard_F32s_v2", 32, 65536, 0),
              row("Standard_F48s_v2", 48, 98304, 0),
              row("Standard_F4s_v2", 4, 8192, 0),
              row("Standard_F64s_v2", 64, 131072, 0),
              row("Standard_F72s_v2", 72, 147456, 0),
              row("Standard_F8s_v2", 8, 16384, 0),
              row("Standard_NC12s_v3", 12, 229376, 2),
              row("Standard_NC16as_T4_v3", 16, 112640, 1),
              row("Standard_NC24ads_A100_v4", 24, 225280, 1),
              row("Standard_NC24rs_v3", 24, 458752, 4),
              row("Standard_NC24s_v3", 24, 458752, 4),
              row("Standard_NC48ads_A100_v4", 48, 450560, 2),
              row("Standard_NC4as_T4_v3", 4, 28672, 1),
              row("Standard_NC64as_T4_v3", 64, 450560, 4),
              row("Standard_NC6s_v3", 6, 114688, 1),
              row("Standard_NC8as_T4_v3", 8, 57344, 1),
              row("Standard_NC96ads_A100_v4", 96, 901120, 4),
              row("Standard_ND96amsr_A100_v4", 96, 1945600, 8),
              row("Standard_ND96asr_v4", 96, 921600, 8))
          .collect(Collectors.toMap(s -> key(s.name()), Function.identity()));

  private StaticSkuTable() {}

  /** The size by name, ignoring case as ARM does. */
  public static Optional<VmSku> find(String name) {
    return Optional.ofNullable(SIZES.get(key(name)));
  }

  /** How many sizes the table knows. */
  public static int size() {
    return SIZES.size();
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  private static VmSku row(String name, int vcpus, long memoryMiB, int gpus) {
    return new VmSku(name, vcpus, memoryMiB, gpus, false);
  }

  private static VmSku row(String name, int vcpus, long memoryMiB, int gpus, boolean arm64) {
    return new VmSku(name, vcpus, memoryMiB, gpus, arm64);
  }
}
