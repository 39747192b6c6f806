package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.Resources;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EksNodeAllocatableTest {

  @ParameterizedTest(name = "{0} vCPUs reserve {1}m for the kubelet")
  @CsvSource({"1, 60", "2, 70", "3, 75", "4, 80", "5, 82", "8, 90", "16, 110", "96, 310"})
  void kubeReservedCpuFollowsTheEksAmiRanges(int vcpus, long millicores) {
    assertThat(EksNodeAllocatable.reservedCpuMilli(vcpus)).isEqualTo(millicores);
  }

  @ParameterizedTest(name = "{0} ENIs of {1} addresses give {2} pods")
  @CsvSource({"3, 10, 29", "4, 15, 58", "15, 50, 737", "2, 4, 8", "0, 0, 110"})
  void maxPodsIsTheVpcCniLimitOrKubeletsDefault(int enis, int ips, long pods) {
    InstanceHardware hw = new InstanceHardware("t", 2, 4096, 0, "", "x86_64", enis, ips);

    assertThat(EksNodeAllocatable.maxPods(hw)).isEqualTo(pods);
  }

  @ParameterizedTest(name = "{0} GPUs are offered as {1}")
  @CsvSource({"NVIDIA, nvidia.com/gpu", "AMD, amd.com/gpu"})
  void gpusAreOfferedUnderTheirVendorsResourceName(String maker, String resource) {
    InstanceHardware hw = new InstanceHardware("p", 8, 61440, 4, maker, "x86_64", 4, 15);

    Resources r = EksNodeAllocatable.of(hw, 100);

    assertThat(r.extended()).isEqualTo(Map.of(resource, 4L));
    assertThat(r.memory()).isEqualTo((61440 - (11 * 58 + 255) - 100) * (1L << 20));
    assertThat(r.ephemeralStorage()).isEqualTo(90L << 30);
  }

  @ParameterizedTest(name = "{0} accelerators get no resource")
  @CsvSource({"Habana"})
  void gpusOfOtherMakersAreNotOfferedUnderAGuessedName(String maker) {
    InstanceHardware hw = new InstanceHardware("dl1", 96, 786432, 8, maker, "x86_64", 4, 50);

    assertThat(EksNodeAllocatable.of(hw, 20).extended()).isEmpty();
  }
}
