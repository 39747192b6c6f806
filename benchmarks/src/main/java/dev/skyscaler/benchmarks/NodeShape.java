package dev.skyscaler.benchmarks;

import dev.skyscaler.core.model.Resources;
import java.util.Map;

/**
 * A cloud instance type as the generator uses it: capacity, the kubelet's reservations, and an
 * approximate on-demand price.
 *
 * @param instanceType the value of {@code node.kubernetes.io/instance-type}
 * @param cpuMilli CPU capacity in millicores
 * @param memoryBytes memory capacity in bytes
 * @param gpus {@code nvidia.com/gpu} count
 * @param pricePerHour approximate on-demand price in eu-west-1, for the price expander
 */
record NodeShape(
    String instanceType, long cpuMilli, long memoryBytes, long gpus, double pricePerHour) {
  static final long MAX_PODS = 110;

  static final NodeShape M5_XLARGE = new NodeShape("m5.xlarge", 4_000, 16L << 30, 0, 0.214);
  static final NodeShape M5_2XLARGE = new NodeShape("m5.2xlarge", 8_000, 32L << 30, 0, 0.428);
  static final NodeShape M5_4XLARGE = new NodeShape("m5.4xlarge", 16_000, 64L << 30, 0, 0.856);
  static final NodeShape M5_8XLARGE = new NodeShape("m5.8xlarge", 32_000, 128L << 30, 0, 1.712);
  static final NodeShape R5_2XLARGE = new NodeShape("r5.2xlarge", 8_000, 64L << 30, 0, 0.564);
  static final NodeShape C5_4XLARGE = new NodeShape("c5.4xlarge", 16_000, 32L << 30, 0, 0.768);
  static final NodeShape P3_2XLARGE = new NodeShape("p3.2xlarge", 8_000, 61L << 30, 1, 3.305);

  NodeShape {
    if (cpuMilli <= 0 || memoryBytes <= 0 || gpus < 0) {
      throw new IllegalArgumentException(
          "node shape " + instanceType + " needs positive cpu and memory");
    }
  }

  /** What the cloud template declares; CA treats it as allocatable. */
  Resources capacity() {
    return resources(cpuMilli, memoryBytes);
  }

  /**
   * What a registered node reports: capacity minus the kubelet's system and kube reservations (a
   * simplification of the EKS reservations: 80m plus 2% of the CPU, 256Mi plus 5% of the memory).
   */
  Resources allocatable() {
    return resources(cpuMilli - 80 - cpuMilli / 50, memoryBytes - (256L << 20) - memoryBytes / 20);
  }

  private Resources resources(long cpu, long memory) {
    Map<String, Long> extended = gpus > 0 ? Map.of(ClusterGenerator.GPU, gpus) : Map.of();
    return new Resources(cpu, memory, 0, MAX_PODS, extended);
  }
}
