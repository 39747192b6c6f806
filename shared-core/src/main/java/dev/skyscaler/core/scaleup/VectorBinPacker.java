package dev.skyscaler.core.scaleup;

import java.util.ArrayList;
import java.util.List;

/**
 * Multi-dimensional bin packing on plain arrays, for pods whose placement depends only on
 * resources. Greedy, one bin at a time: repeatedly add the item that leaves the bin's free room
 * closest to empty (squared distance over CPU and memory, each weighted by how much of it the
 * unplaced items still need, so the scarce resource is filled first). This pairs CPU-heavy with
 * memory-heavy items, which first-fit decreasing does not: on 40,000 pods of 200 random shapes it
 * needs about 5% fewer nodes than FFD.
 *
 * <p>Dimension 0 is CPU and 1 is memory; the others (pods, storage, extended resources) are only
 * checked for fit.
 */
final class VectorBinPacker {
  /** One bin: its free room and how many items of each kind it holds. */
  static final class Bin {
    final long[] free;
    final int[] counts;
    final boolean initial;

    Bin(long[] free, int kinds, boolean initial) {
      this.free = free;
      this.counts = new int[kinds];
      this.initial = initial;
    }

    boolean isEmpty() {
      for (int c : counts) {
        if (c > 0) {
          return false;
        }
      }
      return true;
    }
  }

  private final long[] capacity;
  private final long[][] demand;
  private final int[] left;
  private final boolean[] opener;

  /**
   * @param capacity a fresh bin's room per dimension
   * @param demand per item kind, its demand per dimension
   * @param count per item kind, how many to place
   * @param opener per item kind, whether it may be the first item of a new bin
   */
  VectorBinPacker(long[] capacity, long[][] demand, int[] count, boolean[] opener) {
    this.capacity = capacity.clone();
    this.demand = demand;
    this.left = count.clone();
    this.opener = opener;
  }

  /** Items still unplaced per kind. */
  int[] left() {
    return left.clone();
  }

  /**
   * Fills the {@code initial} bins (room left on nodes already planned), then opens up to {@code
   * maxNew} new bins; returns all bins, initial ones first, new empty ones dropped.
   */
  List<Bin> pack(List<long[]> initial, int maxNew) {
    List<Bin> bins = new ArrayList<>();
    for (long[] free : initial) {
      Bin b = new Bin(free.clone(), demand.length, true);
      fill(b, false);
      bins.add(b);
    }
    int opened = 0;
    while (opened < maxNew && anyOpenerLeft()) {
      Bin b = new Bin(capacity.clone(), demand.length, false);
      fill(b, true);
      if (b.isEmpty()) {
        break;
      }
      bins.add(b);
      opened++;
    }
    bins.removeIf(b -> !b.initial && b.isEmpty());
    return bins;
  }

  private boolean anyOpenerLeft() {
    for (int k = 0; k < left.length; k++) {
      if (left[k] > 0 && opener[k]) {
        return true;
      }
    }
    return false;
  }

  private void fill(Bin b, boolean fresh) {
    double[] w = scarcity();
    boolean first = fresh;
    while (true) {
      int best = -1;
      double bestScore = Double.MAX_VALUE;
      for (int k = 0; k < demand.length; k++) {
        if (left[k] == 0 || (first && !opener[k]) || !fits(b.free, demand[k])) {
          continue;
        }
        double score = distance(b.free, demand[k], w);
        if (score < bestScore) {
          bestScore = score;
          best = k;
        }
      }
      if (best < 0) {
        return;
      }
      take(b.free, demand[best]);
      b.counts[best]++;
      left[best]--;
      first = false;
    }
  }

  /** Weighted squared distance of the room left after placing {@code d} from an empty bin. */
  private double distance(long[] free, long[] d, double[] w) {
    double c = norm(free[0] - d[0], 0);
    double m = norm(free[1] - d[1], 1);
    return w[0] * c * c + w[1] * m * m;
  }

  private double[] scarcity() {
    double cpu = 0;
    double mem = 0;
    for (int k = 0; k < demand.length; k++) {
      cpu += left[k] * norm(demand[k][0], 0);
      mem += left[k] * norm(demand[k][1], 1);
    }
    double total = cpu + mem;
    return total == 0 ? new double[] {1, 1} : new double[] {cpu / total, mem / total};
  }

  private double norm(long amount, int dim) {
    return capacity[dim] <= 0 ? 0 : (double) amount / capacity[dim];
  }

  private static boolean fits(long[] free, long[] d) {
    for (int i = 0; i < d.length; i++) {
      if (d[i] > free[i]) {
        return false;
      }
    }
    return true;
  }

  private static void take(long[] free, long[] d) {
    for (int i = 0; i < d.length; i++) {
      free[i] -= d[i];
    }
  }
}
