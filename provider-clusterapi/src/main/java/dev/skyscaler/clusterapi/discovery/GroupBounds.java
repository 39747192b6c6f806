package dev.skyscaler.clusterapi.discovery;

import dev.skyscaler.clusterapi.objects.CapiNames;
import dev.skyscaler.clusterapi.objects.ScalableResource;
import java.util.Optional;

/**
 * A scalable resource's min and max from Cluster Autoscaler's annotations, with CA's rules: a
 * missing min is 0, a missing max is 0; a group needs {@code max >= min} and {@code max > 0}. A
 * resource with neither annotation is not autoscaled (no warning); one with a bad or incomplete
 * pair is left out with a reason.
 */
record GroupBounds(int min, int max) {

  /** The bounds, or why the resource is not a node group ({@link Rejection#silent()} if normal). */
  static Result of(ScalableResource r, CapiNames names) {
    String minText = r.annotations().get(names.minSize());
    String maxText = r.annotations().get(names.maxSize());
    if (minText == null && maxText == null) {
      return Result.rejected(Rejection.silently("no autoscaler annotations"));
    }
    Optional<Integer> min = minText == null ? Optional.of(0) : parse(minText);
    if (min.isEmpty()) {
      return Result.rejected(invalid(names.minSize(), minText));
    }
    Optional<Integer> max = maxText == null ? Optional.of(0) : parse(maxText);
    if (max.isEmpty()) {
      return Result.rejected(invalid(names.maxSize(), maxText));
    }
    if (maxText == null) {
      return Result.rejected(
          Rejection.warn("no " + names.maxSize() + " annotation: it is required to scale"));
    }
    if (max.get() < min.get()) {
      return Result.rejected(
          Rejection.warn(
              "max size " + max.get() + " is below min size " + min.get() + " in its annotations"));
    }
    if (max.get() == 0) {
      return Result.rejected(Rejection.warn("max size 0: nothing to scale"));
    }
    return Result.accepted(new GroupBounds(min.get(), max.get()));
  }

  private static Rejection invalid(String key, String value) {
    return Rejection.warn(
        "annotation " + key + ": expected a whole number >= 0, got \"" + value + "\"");
  }

  private static Optional<Integer> parse(String text) {
    try {
      int v = Integer.parseInt(text.trim());
      return v < 0 ? Optional.empty() : Optional.of(v);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Why a resource is not a node group; {@code silent} when that is its normal state. */
  record Rejection(String reason, boolean silent) {
    static Rejection warn(String reason) {
      return new Rejection(reason, false);
    }

    static Rejection silently(String reason) {
      return new Rejection(reason, true);
    }
  }

  /** Either bounds or a rejection. */
  record Result(GroupBounds bounds, Rejection rejection) {
    static Result accepted(GroupBounds b) {
      return new Result(b, null);
    }

    static Result rejected(Rejection r) {
      return new Result(null, r);
    }
  }
}
