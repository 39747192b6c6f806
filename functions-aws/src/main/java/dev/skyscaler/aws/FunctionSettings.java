package dev.skyscaler.aws;

import dev.skyscaler.aws.asg.AsgDiscoveryOptions;
import dev.skyscaler.aws.asg.PriceTable;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.config.OptionFlag;
import dev.skyscaler.core.config.OptionsParser;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The functions' configuration, read once at initialisation from environment variables and
 * validated all at once: every problem is listed in one {@link ConfigException}, each naming its
 * variable. Cluster Autoscaler's options are the variables named after its flags in upper snake
 * case ({@code SCAN_INTERVAL=10s}, {@code SCALE_DOWN_UNNEEDED_TIME=10m}); repeatable options take
 * {@code ;}-separated values; a variable set to an empty value counts as not set. Besides them:
 *
 * <ul>
 *   <li>{@code CLUSTER_NAME} (required) and {@code AWS_REGION} (set by Lambda);
 *   <li>{@code NODE_GROUP_AUTO_DISCOVERY}: {@code ;}-separated {@code asg:tag=...} specs, default
 *       CA's two tags for {@code CLUSTER_NAME}; {@code NODES}: {@code ;}-separated {@code
 *       min:max:name} (either may be set, or both);
 *   <li>{@code ON_DEMAND_PRICES} ({@code m5.large=0.096,...}) and {@code SPOT_PRICE_FACTOR};
 *   <li>{@code IDLE_SCAN_INTERVAL}: when set, a scan with nothing to do is followed by this pause
 *       instead of {@code SCAN_INTERVAL};
 *   <li>{@code KUBECONFIG_SECRET_ARN}: for a self-managed cluster, the ARN of the Secrets Manager
 *       secret holding its kubeconfig; unset, the cluster is the EKS cluster {@code CLUSTER_NAME}.
 * </ul>
 *
 * The scan interval must lie between 10 s and 60 s: the function is started once a minute and loops
 * inside the minute.
 */
public record FunctionSettings(
    String clusterName,
    String region,
    AutoscalerOptions autoscaler,
    AsgDiscoveryOptions discovery,
    PriceTable prices,
    Optional<Duration> idleScanInterval,
    Optional<String> kubeconfigSecretArn) {

  public static final Duration MIN_SCAN_INTERVAL = Duration.ofSeconds(10);
  public static final Duration MAX_SCAN_INTERVAL = Duration.ofSeconds(60);
  private static final List<String> OWN =
      List.of(
          "CLUSTER_NAME",
          "AWS_REGION",
          "NODE_GROUP_AUTO_DISCOVERY",
          "NODES",
          "ON_DEMAND_PRICES",
          "SPOT_PRICE_FACTOR",
          "IDLE_SCAN_INTERVAL",
          "KUBECONFIG_SECRET_ARN");
  private static final java.util.regex.Pattern SECRET_ARN =
      java.util.regex.Pattern.compile(
          "^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\\d{12}:secret:.+$");

  public FunctionSettings {
    Objects.requireNonNull(clusterName, "clusterName");
    Objects.requireNonNull(region, "region");
    Objects.requireNonNull(autoscaler, "autoscaler");
    Objects.requireNonNull(discovery, "discovery");
    Objects.requireNonNull(prices, "prices");
    Objects.requireNonNull(idleScanInterval, "idleScanInterval");
    Objects.requireNonNull(kubeconfigSecretArn, "kubeconfigSecretArn");
  }

  /**
   * Reads the settings from an environment.
   *
   * @throws ConfigException listing every missing or invalid variable
   */
  public static FunctionSettings fromEnvironment(Map<String, String> environment) {
    // A template passes an option left empty as an empty variable: the same as not set.
    Map<String, String> env = new LinkedHashMap<>();
    environment.forEach(
        (k, v) -> {
          if (v != null && !v.isBlank()) {
            env.put(k, v.trim());
          }
        });
    List<String> errors = new ArrayList<>();
    String cluster = required(env, "CLUSTER_NAME", errors);
    String region = required(env, "AWS_REGION", errors);
    Map<String, List<String>> flags = flags(env);
    AutoscalerOptions options = autoscalerOptions(flags, errors);
    checkScanInterval(env, errors);
    AsgDiscoveryOptions discovery = discovery(env, cluster, errors);
    double factor = spotFactor(env, errors);
    PriceTable prices =
        collect(
            errors,
            () -> PriceTable.parse("ON_DEMAND_PRICES", env.get("ON_DEMAND_PRICES"), factor));
    Optional<Duration> idle = Optional.empty();
    String idleText = env.get("IDLE_SCAN_INTERVAL");
    if (idleText != null && !idleText.isBlank()) {
      idle = GoDuration.parse(idleText);
      if (idle.isEmpty()) {
        errors.add(
            "IDLE_SCAN_INTERVAL: expected a duration like 30s or 1m, got \"" + idleText + "\"");
      }
    }
    Optional<String> secret = Optional.ofNullable(env.get("KUBECONFIG_SECRET_ARN"));
    if (secret.isPresent() && !SECRET_ARN.matcher(secret.get()).matches()) {
      errors.add(
          "KUBECONFIG_SECRET_ARN: expected a Secrets Manager secret ARN like"
              + " arn:aws:secretsmanager:<region>:<account>:secret:<name>, got \""
              + secret.get()
              + "\"");
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return new FunctionSettings(cluster, region, options, discovery, prices, idle, secret);
  }

  /** Checked apart from the other options, so that it is reported whatever else is wrong. */
  private static void checkScanInterval(Map<String, String> env, List<String> errors) {
    Optional<Duration> interval =
        GoDuration.parse(env.getOrDefault("SCAN_INTERVAL", "10s")); // unparsable: reported above
    if (interval.isPresent()
        && (interval.get().compareTo(MIN_SCAN_INTERVAL) < 0
            || interval.get().compareTo(MAX_SCAN_INTERVAL) > 0)) {
      errors.add(
          "SCAN_INTERVAL: expected between 10s and 60s (the function runs once a minute), got "
              + GoDuration.format(interval.get()));
    }
  }

  /** The environment variable of a CA flag: {@code max-nodes-total} → {@code MAX_NODES_TOTAL}. */
  public static String variable(String flag) {
    return flag.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  /** CA's flags as the environment sets them. */
  private static Map<String, List<String>> flags(Map<String, String> env) {
    Map<String, List<String>> flags = new LinkedHashMap<>();
    for (OptionFlag f : OptionFlag.SUPPORTED) {
      String value = env.get(variable(f.name()));
      if (value != null) {
        flags.put(f.name(), f.kind() == OptionFlag.Kind.REPEATABLE ? split(value) : List.of(value));
      }
    }
    return flags;
  }

  private static AutoscalerOptions autoscalerOptions(
      Map<String, List<String>> flags, List<String> errors) {
    try {
      return OptionsParser.parse(flags);
    } catch (ConfigException e) {
      // name the variable the user set, not the flag
      for (String error : e.errors()) {
        errors.add(renamed(error));
      }
      return null;
    }
  }

  /** {@code --max-nodes-total: ...} becomes {@code MAX_NODES_TOTAL (--max-nodes-total): ...}. */
  private static String renamed(String error) {
    java.util.regex.Matcher m = FLAG.matcher(error);
    if (!m.find()) {
      return error;
    }
    return variable(m.group(1)) + " (--" + m.group(1) + ")" + error.substring(m.end());
  }

  private static final java.util.regex.Pattern FLAG =
      java.util.regex.Pattern.compile("^--([a-z0-9-]+)");

  private static AsgDiscoveryOptions discovery(
      Map<String, String> env, String cluster, List<String> errors) {
    List<String> specs = split(env.getOrDefault("NODE_GROUP_AUTO_DISCOVERY", ""));
    List<String> nodes = split(env.getOrDefault("NODES", ""));
    if (specs.isEmpty() && nodes.isEmpty()) {
      if (cluster == null) {
        return null;
      }
      return AsgDiscoveryOptions.forCluster(cluster);
    }
    return collect(
        errors,
        () -> AsgDiscoveryOptions.parse(specs, nodes),
        e ->
            e.replace("--node-group-auto-discovery", "NODE_GROUP_AUTO_DISCOVERY")
                .replace("--nodes", "NODES"));
  }

  private static double spotFactor(Map<String, String> env, List<String> errors) {
    String text = env.get("SPOT_PRICE_FACTOR");
    if (text == null || text.isBlank()) {
      return PriceTable.DEFAULT_SPOT_PRICE_FACTOR;
    }
    try {
      double v = Double.parseDouble(text);
      if (v > 0 && v <= 1) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    errors.add("SPOT_PRICE_FACTOR: expected a number in (0, 1], got \"" + text + "\"");
    return PriceTable.DEFAULT_SPOT_PRICE_FACTOR;
  }

  private static String required(Map<String, String> env, String name, List<String> errors) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      errors.add(name + ": required, not set");
      return null;
    }
    return value;
  }

  private static List<String> split(String value) {
    return Arrays.stream(value.split(";")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  private static <T> T collect(List<String> errors, java.util.function.Supplier<T> parse) {
    return collect(errors, parse, e -> e);
  }

  private static <T> T collect(
      List<String> errors,
      java.util.function.Supplier<T> parse,
      java.util.function.UnaryOperator<String> rename) {
    try {
      return parse.get();
    } catch (ConfigException e) {
      e.errors().forEach(m -> errors.add(rename.apply(m)));
      return null;
    }
  }

  /** Variables this class reads besides CA's flags, for documentation and tests. */
  public static List<String> ownVariables() {
    return OWN;
  }
}
