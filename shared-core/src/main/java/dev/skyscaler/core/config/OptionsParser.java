package dev.skyscaler.core.config;

import dev.skyscaler.core.config.ScaleUpOptions.Range;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

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
    List<ExpanderName> expanders =
        single("expander").flatMap(this::expanders).orElse(s.expanders());
    int maxNodesTotal = wholeNumber("max-nodes-total", 0, s.maxNodesTotal());
    Range cores =
        single("cores-total").flatMap(v -> range("cores-total", v)).orElse(s.coresTotal());
    Range memory =
        single("memory-total").flatMap(v -> range("memory-total", v)).orElse(s.memoryTotal());
    Map<String, Range> gpuTotal = gpuTotal();
    int maxNodesPerScaleUp = wholeNumber("max-nodes-per-scaleup", 1, s.maxNodesPerScaleUp());
    Duration newPodDelay = duration("new-pod-scale-up-delay", true, s.newPodScaleUpDelay());
    int cutoff =
        wholeNumber(
            "expendable-pods-priority-cutoff", Integer.MIN_VALUE, s.expendablePodsPriorityCutoff());
    boolean balance = bool("balance-similar-node-groups", s.balanceSimilarNodeGroups());
    List<String> ignoreLabels = labels("balancing-ignore-label");
    double memoryRatio = ratio("memory-difference-ratio", s.memoryDifferenceRatio());
    Duration provisionTime = duration("max-node-provision-time", false, s.maxNodeProvisionTime());
    Duration startupTime = duration("max-node-startup-time", false, s.maxNodeStartupTime());
    Map<Integer, List<String>> priorities = priorities(expanderPriorities);
    List<String> balancingLabels = labels("balancing-label");
    MigrationOptionsParsing migration = new MigrationOptionsParsing(this);
    TaintOptions taints = migration.taints();
    BackoffOptions backoff = migration.backoff(s.backoff());
    CaObjectNames objects = migration.objects(d.objects());
    ScaleDownOptions scaleDown = scaleDown(d.scaleDown());
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

  /** The scale-down options; problems are recorded and the defaults stand in for bad values. */
  private ScaleDownOptions scaleDown(ScaleDownOptions d) {
    return new ScaleDownOptions(
        bool("scale-down-enabled", d.enabled()),
        fraction("scale-down-utilization-threshold", d.utilizationThreshold()),
        fraction("scale-down-gpu-utilization-threshold", d.gpuUtilizationThreshold()),
        duration("scale-down-unneeded-time", true, d.unneededTime()),
        duration("scale-down-unready-time", true, d.unreadyTime()),
        bool("scale-down-unready-enabled", d.unreadyEnabled()),
        duration("scale-down-delay-after-add", true, d.delayAfterAdd()),
        duration("scale-down-delay-after-delete", true, d.delayAfterDelete()),
        duration("scale-down-delay-after-failure", true, d.delayAfterFailure()),
        wholeNumber("max-scale-down-parallelism", 1, d.maxScaleDownParallelism()),
        wholeNumber("max-drain-parallelism", 0, d.maxDrainParallelism()),
        wholeNumber("max-graceful-termination-sec", 0, d.maxGracefulTerminationSec()),
        duration("max-pod-eviction-time", false, d.maxPodEvictionTime()),
        bool("ignore-daemonsets-utilization", d.ignoreDaemonSetsUtilization()),
        bool("ignore-mirror-pods-utilization", d.ignoreMirrorPodsUtilization()),
        bool("skip-nodes-with-system-pods", d.skipNodesWithSystemPods()),
        bool("skip-nodes-with-local-storage", d.skipNodesWithLocalStorage()),
        bool("skip-nodes-with-custom-controller-pods", d.skipNodesWithCustomControllerPods()),
        wholeNumber("min-replica-count", 0, d.minReplicaCount()),
        duration(
            "blocking-system-pod-distruption-timeout",
            true,
            d.blockingSystemPodDisruptionTimeout()),
        duration("unremovable-node-recheck-timeout", true, d.unremovableNodeRecheckTimeout()),
        bool("cordon-node-before-terminating", d.cordonNodeBeforeTerminating()),
        bool("daemonset-eviction-for-empty-nodes", d.daemonSetEvictionForEmptyNodes()),
        bool("daemonset-eviction-for-occupied-nodes", d.daemonSetEvictionForOccupiedNodes()));
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
              + String.join(", ", values.stream().map(OptionsParser::quoted).toList())
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
      errors.add("--" + name + ": expected " + what + ", got " + quoted(text.get()));
      return dflt;
    }
    return value.get();
  }

  int wholeNumber(String name, int min, int dflt) {
    String what = min == Integer.MIN_VALUE ? "a whole number" : "a whole number >= " + min;
    return orDefault(
        name, dflt, t -> parseInt(t).filter(n -> n >= min || min == Integer.MIN_VALUE), what);
  }

  Duration duration(String name, boolean zeroAllowed, Duration dflt) {
    String what = (zeroAllowed ? "a duration " : "a duration greater than 0s ") + DURATION_EXAMPLES;
    return orDefault(
        name, dflt, t -> GoDuration.parse(t).filter(d -> zeroAllowed || !d.isZero()), what);
  }

  boolean bool(String name, boolean dflt) {
    return orDefault(name, dflt, OptionsParser::parseBool, "true or false");
  }

  private double ratio(String name, double dflt) {
    return orDefault(name, dflt, OptionsParser::parseRatio, "a number >= 0");
  }

  private double fraction(String name, double dflt) {
    return orDefault(
        name, dflt, t -> parseRatio(t).filter(v -> v <= 1), "a number between 0 and 1");
  }

  private Optional<Range> range(String name, String text) {
    String[] parts = text.split(":", -1);
    Optional<Range> range = parts.length == 2 ? bounds(parts[0], parts[1]) : Optional.empty();
    if (range.isEmpty()) {
      errors.add("--" + name + ": expected <min>:<max> with 0 <= min <= max, got " + quoted(text));
    }
    return range;
  }

  private static Optional<Range> bounds(String min, String max) {
    Optional<Long> lo = parseLong(min);
    Optional<Long> hi = parseLong(max);
    if (lo.isEmpty() || hi.isEmpty() || lo.get() < 0 || hi.get() < lo.get()) {
      return Optional.empty();
    }
    return Optional.of(new Range(lo.get(), hi.get()));
  }

  private Map<String, Range> gpuTotal() {
    Map<String, Range> result = new TreeMap<>();
    for (String text : flags.getOrDefault("gpu-total", List.of())) {
      int last = text.lastIndexOf(':');
      int first = last < 0 ? -1 : text.lastIndexOf(':', last - 1);
      String resource = first < 0 ? "" : text.substring(0, first);
      Optional<Range> range =
          first <= 0 || resource.contains(":")
              ? Optional.empty()
              : bounds(text.substring(first + 1, last), text.substring(last + 1));
      if (range.isEmpty()) {
        errors.add(
            "--gpu-total: expected <resource>:<min>:<max> with 0 <= min <= max"
                + " (e.g. nvidia.com/gpu:0:16), got "
                + quoted(text));
      } else if (result.put(resource, range.get()) != null) {
        errors.add("--gpu-total: " + resource + " is given more than once");
      }
    }
    return result;
  }

  private List<String> labels(String name) {
    List<String> result = new ArrayList<>();
    for (String label : flags.getOrDefault(name, List.of())) {
      if (label.isBlank() || label.contains("=")) {
        errors.add("--" + name + ": expected a label key, got " + quoted(label));
      } else {
        result.add(label);
      }
    }
    return result;
  }

  /** The chain, or empty after an error (recorded; the default stands in until it is thrown). */
  private Optional<List<ExpanderName>> expanders(String text) {
    List<ExpanderName> chain = new ArrayList<>();
    for (String name : text.split(",", -1)) {
      if (name.isBlank()) {
        errors.add("--expander: expected a comma-separated list of expanders, got " + quoted(text));
        return Optional.empty();
      }
      try {
        ExpanderName e = ExpanderName.parse(name.trim());
        if (chain.contains(e)) {
          errors.add("--expander: " + quoted(e.flagName()) + " appears twice in the chain");
        }
        chain.add(e);
      } catch (IllegalArgumentException unknown) {
        errors.add("--expander: " + unknown.getMessage());
      }
    }
    int random = chain.indexOf(ExpanderName.RANDOM);
    if (random >= 0 && random < chain.size() - 1) {
      errors.add("--expander: \"random\" must be last in the chain (it always picks one option)");
    }
    return chain.isEmpty() ? Optional.empty() : Optional.of(chain);
  }

  private Map<Integer, List<String>> priorities(Map<Integer, List<String>> table) {
    Map<Integer, List<String>> result = new TreeMap<>();
    table.forEach(
        (priority, regexes) -> {
          for (String regex : regexes == null ? List.<String>of() : regexes) {
            try {
              Pattern.compile(regex);
            } catch (PatternSyntaxException bad) {
              errors.add(
                  "expanderPriorities: priority "
                      + priority
                      + ": invalid regex "
                      + quoted(regex)
                      + ": "
                      + bad.getDescription());
            }
          }
          result.put(priority, regexes == null ? List.of() : List.copyOf(regexes));
        });
    return result;
  }

  private static Optional<Integer> parseInt(String text) {
    try {
      return Optional.of(Integer.parseInt(text));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Optional<Long> parseLong(String text) {
    try {
      return Optional.of(Long.parseLong(text));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  static Optional<Double> parseRatio(String text) {
    try {
      double v = Double.parseDouble(text);
      return Double.isFinite(v) && v >= 0 ? Optional.of(v) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Go's {@code strconv.ParseBool} spellings, which CA's boolean flags accept. */
  private static Optional<Boolean> parseBool(String text) {
    return switch (text) {
      case "true", "True", "TRUE", "t", "T", "1" -> Optional.of(true);
      case "false", "False", "FALSE", "f", "F", "0" -> Optional.of(false);
      default -> Optional.empty();
    };
  }

  static String quoted(String text) {
    return "\"" + text + "\"";
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
