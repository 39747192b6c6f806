package dev.skyscaler.azure.vmss;

/**
 * A VM size's capacity, from the Resource SKUs API or {@link StaticSkuTable}.
 *
 * @param memoryMiB memory in MiB (ARM's {@code MemoryGB} is GiB)
 * @param gpus NVIDIA GPUs, 0 for none
 * @param arm64 an Arm64 size (ARM's {@code CpuArchitectureType} capability {@code Arm64})
 */
public record VmSku(String name, int vcpus, long memoryMiB, int gpus, boolean arm64) {
  public VmSku {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a VM size needs a name");
    }
    if (vcpus <= 0 || memoryMiB <= 0 || gpus < 0) {
      throw new IllegalArgumentException(
          "VM size " + name + ": vCPUs and memory must be positive and GPUs not negative");
    }
  }
}
