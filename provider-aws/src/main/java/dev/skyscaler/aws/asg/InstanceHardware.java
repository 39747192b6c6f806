package dev.skyscaler.aws.asg;

import java.util.Objects;

/**
 * The hardware of an EC2 instance type, from DescribeInstanceTypes.
 *
 * @param memoryMib {@code MemoryInfo.SizeInMiB}
 * @param gpus total GPU count, 0 when none
 * @param gpuManufacturer {@code NVIDIA}, {@code AMD}, ... or empty
 * @param architecture the first supported architecture as EC2 names it ({@code x86_64}, {@code
 *     arm64})
 * @param maxNetworkInterfaces 0 when EC2 does not say
 * @param ipv4PerInterface 0 when EC2 does not say
 */
public record InstanceHardware(
    String name,
    int vcpus,
    long memoryMib,
    int gpus,
    String gpuManufacturer,
    String architecture,
    int maxNetworkInterfaces,
    int ipv4PerInterface) {
  public InstanceHardware {
    Objects.requireNonNull(name, "name");
    gpuManufacturer = gpuManufacturer == null ? "" : gpuManufacturer;
    architecture = architecture == null ? "" : architecture;
  }
}
