package dev.skyscaler.core.scaleup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class VectorBinPackerTest {
  private static final long GI = 1L << 30;
  // dimensions: cpu (millicores), memory (bytes), pods, ephemeral storage
  private static final long[] NODE = {4000, 16 * GI, 110, 0};

  private static long[] pod(long cpu, long memoryGi) {
    return new long[] {cpu, memoryGi * GI, 1, 0};
  }

  @Test
  void complementaryPodsArePairedOnOneNodeEach() {
    var packer =
        new VectorBinPacker(
            NODE,
            new long[][] {pod(3000, 2), pod(1000, 14)},
            new int[] {4, 4},
            new boolean[] {true, true});

    List<VectorBinPacker.Bin> bins = packer.pack(List.of(), 100);

    assertThat(bins).hasSize(4);
    assertThat(bins).allSatisfy(b -> assertThat(b.counts).containsExactly(1, 1));
    assertThat(packer.left()).containsExactly(0, 0);
  }

  @Test
  void everyDimensionBindsNotOnlyCpuAndMemory() {
    long[] threePodNode = {4000, 16 * GI, 3, 0};
    var packer =
        new VectorBinPacker(
            threePodNode, new long[][] {pod(10, 0)}, new int[] {7}, new boolean[] {true});

    assertThat(packer.pack(List.of(), 100)).hasSize(3);
  }

  @Test
  void onlyOpenersStartANodeAndOthersRideAlong() {
    var packer =
        new VectorBinPacker(
            NODE,
            new long[][] {pod(1000, 1), pod(500, 1)},
            new int[] {1, 10},
            new boolean[] {true, false});

    List<VectorBinPacker.Bin> bins = packer.pack(List.of(), 100);

    assertThat(bins).hasSize(1);
    assertThat(bins.get(0).counts).containsExactly(1, 6);
    assertThat(packer.left()).containsExactly(0, 4);
  }

  @Test
  void roomLeftOnPlannedNodesIsUsedBeforeANewNodeOpens() {
    long[] halfFull = {2000, 8 * GI, 50, 0};
    var packer =
        new VectorBinPacker(NODE, new long[][] {pod(1000, 1)}, new int[] {3}, new boolean[] {true});

    List<VectorBinPacker.Bin> bins = packer.pack(List.of(halfFull), 100);

    assertThat(bins).hasSize(2);
    assertThat(bins.get(0).initial).isTrue();
    assertThat(bins.get(0).counts).containsExactly(2);
    assertThat(bins.get(1).counts).containsExactly(1);
  }

  @Test
  void theNodeLimitLeavesTheRestUnplaced() {
    var packer =
        new VectorBinPacker(
            NODE, new long[][] {pod(2000, 1)}, new int[] {10}, new boolean[] {true});

    assertThat(packer.pack(List.of(), 3)).hasSize(3);
    assertThat(packer.left()).containsExactly(4);
  }

  @Test
  void aPodBiggerThanANodeOpensNothing() {
    var packer =
        new VectorBinPacker(NODE, new long[][] {pod(8000, 1)}, new int[] {2}, new boolean[] {true});

    assertThat(packer.pack(List.of(), 100)).isEmpty();
    assertThat(packer.left()).containsExactly(2);
  }
}
