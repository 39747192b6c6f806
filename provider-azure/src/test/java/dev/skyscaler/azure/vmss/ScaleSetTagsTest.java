package dev.skyscaler.azure.vmss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ScaleSetTagsTest {
  private static final DiscoverySpec SPEC = DiscoverySpec.forCluster("prod");
  private static final VmSku D4 = StaticSkuTable.find("Standard_D4s_v5").orElseThrow();
  private static final VmSku T4 = StaticSkuTable.find("Standard_NC4as_T4_v3").orElseThrow();

  private static ScaleSet set(
      Map<String, String> tags, List<String> zones, boolean spot, String sku) {
    Map<String, String> all = new LinkedHashMap<>(Map.of("min", "0", "max", "10"));
    all.putAll(tags);
    return new ScaleSet(
        "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Compute/virtualMachineScaleSets/ss",
        "rg",
        "ss",
        "WestEurope",
        sku,
        0,
        all,
        zones,
        spot);
  }

  private static NodeTemplate template(ScaleSet set, Optional<AgentPool> pool, VmSku size) {
    return ScaleSetTags.read(set, SPEC, pool, Optional.of(size)).template().orElseThrow();
  }

  @Test
  void boundsComeFromTheMinAndMaxTagsWhateverTheirCase() {
    ScaleSet set =
        new ScaleSet(
            "id",
            "rg",
            "ss",
            "westeurope",
            "Standard_D4s_v5",
            0,
            Map.of("Min", "2", "MAX", "7"),
            List.of(),
            false);

    ScaleSetTags.Shape shape = ScaleSetTags.read(set, SPEC, Optional.empty(), Optional.empty());

    assertThat(shape.min()).isEqualTo(2);
    assertThat(shape.max()).isEqualTo(7);
    assertThat(shape.template()).isEmpty(); // no size known
  }

  @Test
  void boundsFallBackToTheDiscoverySpec() {
    ScaleSet set =
        new ScaleSet(
            "id", "rg", "ss", "westeurope", "Standard_D4s_v5", 0, Map.of(), List.of(), false);
    DiscoverySpec spec = new DiscoverySpec(Map.of("a", ""), OptionalInt.of(1), OptionalInt.of(4));

    ScaleSetTags.Shape shape = ScaleSetTags.read(set, spec, Optional.empty(), Optional.empty());

    assertThat(shape.min()).isEqualTo(1);
    assertThat(shape.max()).isEqualTo(4);
  }

  @Test
  void capacityComesFromTheVmSizeWithKubeletsPodLimit() {
    NodeTemplate t =
        template(set(Map.of(), List.of(), false, "Standard_D4s_v5"), Optional.empty(), D4);

    assertThat(t.capacity().cpu()).isEqualTo(4000);
    assertThat(t.capacity().memory()).isEqualTo(16L << 30);
    assertThat(t.capacity().pods()).isEqualTo(110);
    assertThat(t.capacity().gpus()).isZero();
  }

  @Test
  void labelsDescribeTheSizeRegionAndFirstZone() {
    NodeTemplate t =
        template(set(Map.of(), List.of("3", "1"), false, "Standard_D4s_v5"), Optional.empty(), D4);

    assertThat(t.labels())
        .containsEntry("kubernetes.io/arch", "amd64")
        .containsEntry("kubernetes.io/os", "linux")
        .containsEntry("node.kubernetes.io/instance-type", "Standard_D4s_v5")
        .containsEntry("topology.kubernetes.io/region", "westeurope")
        .containsEntry("topology.kubernetes.io/zone", "westeurope-1")
        .doesNotContainKey("kubernetes.azure.com/scalesetpriority");
  }

  @Test
  void aRegionalScaleSetIsInZoneZero() {
    assertThat(
            template(set(Map.of(), List.of(), false, "Standard_D4s_v5"), Optional.empty(), D4)
                .labels())
        .containsEntry("topology.kubernetes.io/zone", "0");
  }

  @Test
  void gpuSizesCarryTheirGpusAndTheAcceleratorLabel() {
    NodeTemplate t =
        template(set(Map.of(), List.of(), false, "Standard_NC4as_T4_v3"), Optional.empty(), T4);

    assertThat(t.capacity().extended("nvidia.com/gpu")).isEqualTo(1);
    assertThat(t.labels()).containsEntry("kubernetes.azure.com/accelerator", "nvidia");
  }

  @Test
  void nodeTemplateTagsWriteUnderscoreForSlash() {
    Map<String, String> tags =
        Map.of(
            "k8s.io_cluster-autoscaler_node-template_label_workload", "batch",
            "k8s.io_cluster-autoscaler_node-template_label_example.com_team", "data",
            "k8s.io_cluster-autoscaler_node-template_label_my~2label", "x",
            "k8s.io_cluster-autoscaler_node-template_taint_dedicated", "batch:NoSchedule",
            "k8s.io_cluster-autoscaler_node-template_taint_example.com_gpu", ":NoExecute",
            "k8s.io_cluster-autoscaler_node-template_resources_ephemeral-storage", "100Gi",
            "k8s.io_cluster-autoscaler_node-template_resources_example.com_dongle", "2");

    NodeTemplate t = template(set(tags, List.of(), false, "Standard_D4s_v5"), Optional.empty(), D4);

    assertThat(t.labels())
        .containsEntry("workload", "batch")
        .containsEntry("example.com/team", "data")
        .containsEntry("my_label", "x");
    assertThat(t.taints())
        .containsExactlyInAnyOrder(
            new Taint("dedicated", "batch", TaintEffect.NO_SCHEDULE),
            new Taint("example.com/gpu", "", TaintEffect.NO_EXECUTE));
    assertThat(t.capacity().ephemeralStorage()).isEqualTo(100L << 30);
    assertThat(t.capacity().extended("example.com/dongle")).isEqualTo(2);
  }

  @Test
  void aPodsResourceTagOverridesKubeletsLimit() {
    NodeTemplate t =
        template(
            set(
                Map.of("k8s.io_cluster-autoscaler_node-template_resources_pods", "30"),
                List.of(),
                false,
                "Standard_D4s_v5"),
            Optional.empty(),
            D4);

    assertThat(t.capacity().pods()).isEqualTo(30);
  }

  @Test
  void aSelfManagedSpotScaleSetIsLabelledSpot() {
    NodeTemplate t =
        template(set(Map.of(), List.of(), true, "Standard_D4s_v5"), Optional.empty(), D4);

    assertThat(t.labels()).containsEntry("kubernetes.azure.com/scalesetpriority", "spot");
    assertThat(t.taints()).isEmpty();
  }

  @Test
  void anAksPoolBringsItsLabelsTaintsAndMaxPodsAndAksSpotTaint() {
    ScaleSet set =
        set(Map.of("aks-managed-poolName", "spot1"), List.of("1"), true, "Standard_D4s_v5");
    AgentPool pool =
        new AgentPool(
            "spot1",
            2,
            "Standard_D4s_v5",
            false,
            50,
            Map.of("team", "ml"),
            List.of("dedicated=ml:NoSchedule", "gpu:NoExecute"));

    NodeTemplate t = template(set, Optional.of(pool), D4);

    assertThat(t.capacity().pods()).isEqualTo(50);
    assertThat(t.labels())
        .containsEntry("kubernetes.azure.com/agentpool", "spot1")
        .containsEntry("kubernetes.azure.com/scalesetpriority", "spot")
        .containsEntry("team", "ml");
    assertThat(t.taints())
        .containsExactlyInAnyOrder(
            new Taint("dedicated", "ml", TaintEffect.NO_SCHEDULE),
            new Taint("gpu", "", TaintEffect.NO_EXECUTE),
            new Taint("kubernetes.azure.com/scalesetpriority", "spot", TaintEffect.NO_SCHEDULE));
  }

  @Test
  void everyBadTagIsNamedWithTheScaleSet() {
    Map<String, String> tags =
        Map.of(
            "min", "two",
            "k8s.io_cluster-autoscaler_node-template_taint_dedicated", "batch",
            "k8s.io_cluster-autoscaler_node-template_resources_memory", "lots");

    assertThatThrownBy(
            () ->
                ScaleSetTags.read(
                    set(tags, List.of(), false, "Standard_D4s_v5"),
                    SPEC,
                    Optional.empty(),
                    Optional.of(D4)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("scale set rg/ss: ")
        .hasMessageContaining("tag min must be a whole number >= 0, got \"two\"")
        .hasMessageContaining(
            "tag k8s.io_cluster-autoscaler_node-template_taint_dedicated: invalid taint \"dedicated=batch\"")
        .hasMessageContaining(
            "tag k8s.io_cluster-autoscaler_node-template_resources_memory: expected a quantity like 100Gi or 2, got \"lots\"");
  }

  @Test
  void boundsMustBeOrderedAndPresent() {
    assertThatThrownBy(
            () ->
                ScaleSetTags.read(
                    set(Map.of("min", "5", "max", "3"), List.of(), false, "x"),
                    SPEC,
                    Optional.empty(),
                    Optional.empty()))
        .hasMessage("scale set rg/ss: tag min (5) must not exceed tag max (3)");
    ScaleSet untagged =
        new ScaleSet("id", "rg", "ss", "westeurope", "x", 0, Map.of(), List.of(), false);
    assertThatThrownBy(() -> ScaleSetTags.read(untagged, SPEC, Optional.empty(), Optional.empty()))
        .hasMessage(
            "scale set rg/ss: has no min tag and the discovery spec sets no min; has no max tag and the discovery spec sets no max");
  }
}
