package dev.skyscaler.aws.asg;

import dev.skyscaler.core.model.Resources;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a new node of an instance type will offer to pods, computed the way the EKS-optimised AMIs
 * configure the kubelet, so that a scale-from-zero template is not more generous than the node that
 * will register:
 *
 * <ul>
 *   <li><b>pods</b>: the VPC CNI limit {@code ENIs × (IPv4 addresses per ENI − 1) + 2} (the AMI's
 *       {@code eni-max-pods}); 110, kubelet's default, when EC2 does not report the network limits.
 *   <li><b>cpu</b>: vCPUs minus kube-reserved — 6% of the first core, 1% of the second, 0.5% of the
 *       third and fourth, 0.25% of every further core.
 *   <li><b>memory</b>: the instance memory minus kube-reserved ({@code 11 MiB × max pods + 255
 *       MiB}) minus the hard eviction threshold (100 MiB). The kernel's own share is not subtracted
 *       (EC2 does not report it), as in Cluster Autoscaler.
 *   <li><b>ephemeral-storage</b>: the root volume (20 GiB, the EKS default, when the launch
 *       template does not say) minus the 10% {@code nodefs.available} eviction threshold.
 *   <li><b>GPUs</b>: {@code nvidia.com/gpu} or {@code amd.com/gpu}, by manufacturer.
 * </ul>
 *
 * Cluster Autoscaler itself uses the raw capacity and 110 pods; node-template {@code resources/*}
 * tags override any of these amounts.
 */
public final class EksNodeAllocatable {
  /** Root volume assumed when the launch template declares none: the EKS default. */
  public static final int DEFAULT_ROOT_VOLUME_GIB = 20;

  static final long KUBELET_DEFAULT_MAX_PODS = 110;
  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;
  private static final long EVICTION_HARD_MEMORY_MIB = 100;

  private EksNodeAllocatable() {}

  /** Allocatable resources of a fresh node of this hardware with this root volume. */
  public static Resources of(InstanceHardware hw, int rootVolumeGib) {
    long pods = maxPods(hw);
    long cpu = hw.vcpus() * 1000L - reservedCpuMilli(hw.vcpus());
    long memory = (hw.memoryMib() - reservedMemoryMib(pods) - EVICTION_HARD_MEMORY_MIB) * MIB;
    long storage = rootVolumeGib * GIB / 10 * 9;
    Map<String, Long> extended = new TreeMap<>();
    if (hw.gpus() > 0) {
      String maker = hw.gpuManufacturer().toLowerCase(java.util.Locale.ROOT);
      if (maker.equals("nvidia") || maker.equals("amd")) {
        extended.put(maker + ".com/gpu", (long) hw.gpus());
      }
    }
    return new Resources(Math.max(0, cpu), Math.max(0, memory), storage, pods, extended);
  }

  /** The VPC CNI pod limit, or kubelet's 110 when EC2 does not report the network limits. */
  public static long maxPods(InstanceHardware hw) {
    if (hw.maxNetworkInterfaces() <= 0 || hw.ipv4PerInterface() <= 1) {
      return KUBELET_DEFAULT_MAX_PODS;
    }
    return (long) hw.maxNetworkInterfaces() * (hw.ipv4PerInterface() - 1) + 2;
  }

  /** The EKS AMI's kube-reserved CPU for this many vCPUs, in millicores. */
  public static long reservedCpuMilli(int vcpus) {
    // millicores reserved per core: 6% of 1000m for the first, 1% the second, 0.5% the next two,
    // 0.25% each further; the AMI floors the sum per range, which equals flooring it here
    double reserved = 0;
    for (int core = 0; core < vcpus; core++) {
      reserved += core == 0 ? 60 : core == 1 ? 10 : core < 4 ? 5 : 2.5;
    }
    return (long) Math.floor(reserved);
  }

  /** The EKS AMI's kube-reserved memory for a node that runs at most {@code maxPods} pods. */
  public static long reservedMemoryMib(long maxPods) {
    return 11 * maxPods + 255;
  }
}
