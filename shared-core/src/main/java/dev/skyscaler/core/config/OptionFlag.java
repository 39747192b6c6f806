package dev.skyscaler.core.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One option {@link OptionsParser} accepts, under its Cluster Autoscaler flag name (without the
 * dashes), with the value it takes, its default in CA's spelling and its meaning. Front ends build
 * their help and their accepted option lists from {@link #SUPPORTED}, so the names, defaults and
 * meanings are written once.
 *
 * @param valueLabel the value's shape for help text ({@code <duration>}, {@code <min>:<max>})
 * @param defaultValue the default as the flag would spell it; empty for repeatable options
 */
public record OptionFlag(
    String name, String valueLabel, String defaultValue, Kind kind, String description) {

  /** How a flag takes values. */
  public enum Kind {
    /** One value; giving the flag twice is an error. */
    SINGLE,
    /** Any number of values, each given with its own flag. */
    REPEATABLE,
    /** A boolean: the flag alone means {@code true}; {@code =false} turns it off. */
    SWITCH
  }

  public static final List<OptionFlag> SUPPORTED = supported(AutoscalerOptions.defaults());

  private static List<OptionFlag> supported(AutoscalerOptions d) {
    List<OptionFlag> all = new ArrayList<>(ScaleUpFlags.of(d));
    all.addAll(ScaleDownFlags.of(d.scaleDown()));
    all.addAll(PolicyFlags.of(HealthOptions.defaults(), InterruptionOptions.defaults()));
    return List.copyOf(all);
  }

  static OptionFlag duration(String name, Duration d, String description) {
    return single(name, "<duration>", GoDuration.format(d), description);
  }

  static OptionFlag toggle(String name, boolean dflt, String description) {
    return new OptionFlag(name, "true|false", Boolean.toString(dflt), Kind.SWITCH, description);
  }

  static OptionFlag single(String name, String label, String dflt, String description) {
    return new OptionFlag(name, label, dflt, Kind.SINGLE, description);
  }

  static OptionFlag repeatable(String name, String label, String description) {
    return new OptionFlag(name, label, "", Kind.REPEATABLE, description);
  }
}
