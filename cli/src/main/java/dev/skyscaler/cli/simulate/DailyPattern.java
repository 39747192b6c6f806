package dev.skyscaler.cli.simulate;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Replicas as a function of the time of day (UTC): given at some times of day, linear in between,
 * wrapping around midnight. One point means a constant.
 */
public record DailyPattern(NavigableMap<Integer, Integer> replicasBySecondOfDay) {
  private static final int DAY = 86_400;

  public DailyPattern {
    if (replicasBySecondOfDay.isEmpty()) {
      throw new IllegalArgumentException("a daily pattern needs at least one point");
    }
    replicasBySecondOfDay =
        Collections.unmodifiableNavigableMap(new TreeMap<>(replicasBySecondOfDay));
  }

  /** A pattern from times of day to replicas. */
  public static DailyPattern of(Map<LocalTime, Integer> points) {
    TreeMap<Integer, Integer> bySecond = new TreeMap<>();
    points.forEach((time, replicas) -> bySecond.put(time.toSecondOfDay(), replicas));
    return new DailyPattern(bySecond);
  }

  /** The replicas at {@code t}, rounded to the nearest whole number. */
  public int replicasAt(Instant t) {
    int now = LocalTime.ofInstant(t, ZoneOffset.UTC).toSecondOfDay();
    Map.Entry<Integer, Integer> before = replicasBySecondOfDay.floorEntry(now);
    Map.Entry<Integer, Integer> after = replicasBySecondOfDay.higherEntry(now);
    int beforeAt = before == null ? replicasBySecondOfDay.lastKey() - DAY : before.getKey();
    int beforeValue = (before == null ? replicasBySecondOfDay.lastEntry() : before).getValue();
    int afterAt = after == null ? replicasBySecondOfDay.firstKey() + DAY : after.getKey();
    int afterValue = (after == null ? replicasBySecondOfDay.firstEntry() : after).getValue();
    if (afterAt == beforeAt) {
      return beforeValue;
    }
    double share = (double) (now - beforeAt) / (afterAt - beforeAt);
    return (int) Math.round(beforeValue + share * (afterValue - beforeValue));
  }
}
