package dev.skyscaler.core.config;

import dev.skyscaler.core.config.ScaleUpOptions.Range;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Builds {@link AutoscalerOptions} from options named and spelled the way Cluster Autoscaler's
 * flags are: keys are the flag names without dashes ({@code max-nodes-total}), values are the texts
 * a user would write after {@code =} ({@code 10s}, {@code 0:320000}, {@code true}). Options not
 * given keep CA's defaults. The accepted names are {@link OptionFlag#SUPPORTED}.
 *
 * <p>Everything is checked before anything is returned, and every problem is reported at once in
 * one {@link ConfigException}, each entry naming the option and what was expected.
 */
public final class OptionsParser {
  private static final String DURATION_EXAMPLES = "like 10s, 15m or 1h30m";

  final Map<String, List<String>> flags;
  final List<String> errors = new ArrayList<>();

  private OptionsParser(Map<String, List<String>> flags) {
    this.flags = flags;
  }

  /** Same as {@link #parse(Map, Map)} with no priority expander table. */
  public static AutoscalerOptions parse(Map<String, List<String>> flags) {
    return parse(flags, Map.of());
  }

  /**
   * Parses and validates the options.
   *
   * @param flags option name (no dashes) to the values given for it, in order
   * @param expanderPriorities the priority expander's table (priority to node-group name regexes),
   *     as CA's {@code cluster-autoscaler-priority-expander} ConfigMap holds it; every regex must
   *     compile
   * @throws ConfigException listing every invalid or unknown option
   */
  public static AutoscalerOptions parse(
      Map<String, List<String>> flags, Map<Integer, List<String>> expanderPriorities) {
    OptionsParser p = new OptionsParser(normalised(flags));
    return p.build(expanderPriorities);
  }

  private static Map<String, List<String>> normalised(Map<String, List<String>> flags) {
    Map<String, List<String>> clean = new LinkedHashMap<>();
    flags.forEach((k, v) -> clean.put(k.replaceFirst("^--?", ""), v == null ? List.of() : v));
    return clean;
  }

  private AutoscalerOptions build(Map<Integer, List<String>> expanderPriorities) {
    rejectUnknown();
    AutoscalerOptions d = AutoscalerOptions.defaults();
    ScaleUpOptions s = d.scaleUp();
    Duration scanInterval = duration("scan-interval", false, d.scanInterval());
    ScaleUpOptionsParsing scaleUp = new ScaleUpOptionsParsing(this);
    List<ExpanderName> expanders =
        single("expander").flatMap(scaleUp::expanders).orElse(s.expanders());
    int maxNodesTotal = wholeNumber("max-nodes-total", 0, s.maxNodesTotal());
    Range cores =
        single("cores-total").flatMap(v -> scaleUp.range("cores-total", v)).orElse(s.coresTotal());
    Range memory =
        single("memory-total")
            .flatMap(v -> scaleUp.range("memory-total", v))
            .orElse(s.memoryTotal());
    Map<String, Range> gpuTotal = scaleUp.gpuTotal();
    int maxNodesPerScaleUp = wholeNumber("max-nodes-per-scaleup", 1, s.maxNodesPerScaleUp());
    Duration newPodDelay = duration("new-pod-scale-up-delay", true, s.newPodScaleUpDelay());
    int cutoff =
        wholeNumber(
            "expendable-pods-priority-cutoff", Integer.MIN_VALUE, s.expendablePodsPriorityCutoff());
    boolean balance = bool("balance-similar-node-groups", s.balanceSimilarNodeGroups());
    List<String> ignoreLabels = scaleUp.labels("balancing-ignore-label");
    double memoryRatio = ratio("memory-difference-ratio", s.memoryDifferenceRatio());
    Duration provisionTime = duration("max-node-provision-time", false, s.maxNodeProvisionTime());
    Duration startupTime = duration("max-node-startup-time", false, s.maxNodeStartupTime());
    Map<Integer, List<String>> priorities = scaleUp.priorities(expanderPriorities);
    List<String> balancingLabels = scaleUp.labels("balancing-label");
    MigrationOptionsParsing migration = new MigrationOptionsParsing(this);
    TaintOptions taints = migration.taints();
    BackoffOptions backoff = migration.backoff(s.backoff());
    CaObjectNames objects = migration.objects(d.objects());
    ScaleDownOptions scaleDown = new ScaleDownOptionsParsing(this).scaleDown(d.scaleDown());
    PolicyOptionsParsing policies = new PolicyOptionsParsing(this);
    HealthOptions health =
        policies.health(false).toBuilder() // the flags shared with scale-up, parsed once
            .maxNodeProvisionTime(provisionTime)
            .maxNodeStartupTime(startupTime)
            .build();
    InterruptionOptions interruption = policies.interruption();
    List<HeadroomSpec> headroom = policies.headroom();
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return new AutoscalerOptions(
        scanInterval,
        new ScaleUpOptions(
            expanders,
            maxNodesTotal,
            cores,
            memory,
            gpuTotal,
            maxNodesPerScaleUp,
            newPodDelay,
            cutoff,
            balance,
            ignoreLabels,
            memoryRatio,
            provisionTime,
            startupTime,
            priorities,
            s.randomSeed(),
            balancingLabels,
            taints,
            backoff),
        scaleDown,
        health,
        interruption,
        headroom,
        objects);
  }

  private void rejectUnknown() {
    for (String name : flags.keySet()) {
      if (OptionFlag.SUPPORTED.stream().noneMatch(f -> f.name().equals(name))) {
        errors.add("unknown option --" + name + FlagSuggestion.didYouMean(name));
      }
    }
  }

  /** The one value of a single-valued option, if given; an error when given more than once. */
  Optional<String> single(String name) {
    List<String> values = flags.getOrDefault(name, List.of());
    if (values.isEmpty()) {
      if (flags.containsKey(name)) {
        errors.add("--" + name + ": expected a value");
      }
      return Optional.empty();
    }
    if (values.size() > 1) {
      errors.add(
          "--"
              + name
              + ": given "
              + values.size()
              + " times ("
              + String.join(", ", values.stream().map(FlagTexts::quoted).toList())
              + "); expected one value");
      return Optional.empty();
    }
    return Optional.of(values.get(0));
  }

  <T> T orDefault(String name, T dflt, Function<String, Optional<T>> parser, String what) {
    Optional<String> text = single(name);
    if (text.isEmpty()) {
      return dflt;
    }
    Optional<T> value = parser.apply(text.get());
    if (value.isEmpty()) {
      errors.add("--" + name + ": expected " + what + ", got " + FlagTexts.quoted(text.get()));
      return dflt;
    }
    return value.get();
  }

  int wholeNumber(String name, int min, int dflt) {
    String what = min == Integer.MIN_VALUE ? "a whole number" : "a whole number >= " + min;
    return orDefault(
        name,
        dflt,
        t -> FlagTexts.parseInt(t).filter(n -> n >= min || min == Integer.MIN_VALUE),
        what);
  }

  Duration duration(String name, boolean zeroAllowed, Duration dflt) {
    String what = (zeroAllowed ? "a duration " : "a duration greater than 0s ") + DURATION_EXAMPLES;
    return orDefault(
        name, dflt, t -> GoDuration.parse(t).filter(d -> zeroAllowed || !d.isZero()), what);
  }

  boolean bool(String name, boolean dflt) {
    return orDefault(name, dflt, FlagTexts::parseBool, "true or false");
  }

  double ratio(String name, double dflt) {
    return orDefault(name, dflt, FlagTexts::parseRatio, "a number >= 0");
  }

  double fraction(String name, double dflt) {
    return orDefault(
        name, dflt, t -> FlagTexts.parseRatio(t).filter(v -> v <= 1), "a number between 0 and 1");
  }

  // --- Node health, interruption and headroom options. Each parse method checks every option
  // (unknown names too) and returns its own record; the AutoscalerOptions parse above validates
  // these values as well, so a front end that calls it first reports all problems at once.

  /**
   * The node health policy's options ({@link HealthOptions}) from the same flags as {@link
   * #parse(Map)}.
   *
   * @throws ConfigException listing every invalid or unknown option
   */
  public static HealthOptions parseHealth(Map<String, List<String>> flags) {
    OptionsParser p = new OptionsParser(normalised(flags));
    p.rejectUnknown();
    HealthOptions result = new PolicyOptionsParsing(p).health(true);
    p.throwIfErrors();
    return result;
  }

  /**
   * The interruption policy's options ({@link InterruptionOptions}) from the same flags as {@link
   * #parse(Map)}.
   *
   * @throws ConfigException listing every invalid or unknown option
   */
  public static InterruptionOptions parseInterruption(Map<String, List<String>> flags) {
    OptionsParser p = new OptionsParser(normalised(flags));
    p.rejectUnknown();
    InterruptionOptions result = new PolicyOptionsParsing(p).interruption();
    p.throwIfErrors();
    return result;
  }

  /**
   * The {@code --headroom} specs, in the order given.
   *
   * @throws ConfigException listing every invalid or unknown option
   */
  public static List<HeadroomSpec> parseHeadroom(Map<String, List<String>> flags) {
    OptionsParser p = new OptionsParser(normalised(flags));
    p.rejectUnknown();
    List<HeadroomSpec> result = new PolicyOptionsParsing(p).headroom();
    p.throwIfErrors();
    return result;
  }

  private void throwIfErrors() {
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
  }
}
