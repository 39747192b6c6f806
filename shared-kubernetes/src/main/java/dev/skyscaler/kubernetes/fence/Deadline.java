package dev.skyscaler.kubernetes.fence;

import java.time.Duration;
import java.util.Objects;

/**
 * A time budget started now, on the monotonic clock (not the wall clock: it bounds real time spent
 * in calls): what is left of it for the next call of a write that took several.
 */
public final class Deadline {
  private final long end;

  private Deadline(long end) {
    this.end = end;
  }

  /**
   * A deadline {@code budget} from now; a budget over {@link WriteFence#UNBOUNDED} counts as it.
   */
  public static Deadline after(Duration budget) {
    Objects.requireNonNull(budget, "budget");
    Duration capped = budget.compareTo(WriteFence.UNBOUNDED) > 0 ? WriteFence.UNBOUNDED : budget;
    return new Deadline(System.nanoTime() + Math.max(0, capped.toNanos()));
  }

  /** What is left; zero once passed. */
  public Duration left() {
    return Duration.ofNanos(Math.max(0, end - System.nanoTime()));
  }

  /** {@link #left()}, but never more than {@code cap}. */
  public Duration leftAtMost(Duration cap) {
    Duration left = left();
    return left.compareTo(cap) < 0 ? left : cap;
  }

  public boolean passed() {
    return end - System.nanoTime() <= 0;
  }
}
