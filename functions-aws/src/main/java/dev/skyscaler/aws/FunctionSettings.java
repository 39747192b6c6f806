package dev.skyscaler.aws;

import dev.skyscaler.aws.asg.AsgDiscoveryOptions;
import dev.skyscaler.aws.asg.PriceTable;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.kubernetes.runner.EnvironmentOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * The functions' configuration, read once at initialisation from environment variables and
 * validated all at once: every problem is listed in one {@link ConfigException}, each naming its
 * variable. The variables are read as on every cloud ({@link EnvironmentOptions}): Cluster
 * Autoscaler's options are the variables named after its flags in upper snake case ({@code
 * SCAN_INTERVAL=10s}, {@code SCALE_DOWN_UNNEEDED_TIME=10m}); lists take {@code ;}-separated values,
 * empty entries dropped; a variable set to an empty value counts as not set. Besides them:
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
 *       secret holding its kubeconfig; unset, the cluster is the EKS cluster {@code CLUSTER_NAME};
 *   <li>{@code CLOUD_PROVIDER}: {@code aws} (default: Auto Scaling Groups) or {@code clusterapi}:
 *       the cluster above is then a Cluster API management cluster, whose MachineDeployments,
 *       MachineSets and MachinePools are the node groups ({@code NODE_GROUP_AUTO_DISCOVERY} takes
 *       {@code clusterapi:...} specs; {@code CAPI_GROUP}, {@code CAPI_VERSION}, {@code
 *       CAPI_SCALE_ZERO_DEFAULT_ARCH} as Cluster Autoscaler reads them), and the workload cluster
 *       is the one in the secret {@code WORKLOAD_KUBECONFIG_SECRET_ARN}, or the same cluster;
 *   <li>{@code DRY_RUN}: {@code true} runs in shadow mode (plans, acts on nothing, compares with
 *       Cluster Autoscaler's decisions).
 * </ul>
 *
 * <p>A variable meant for an autoscaler that is not read (a CA option Skyscaler lacks, a near miss
 * of a name above) is an error; see {@link EnvironmentOptions}.
 *
 * <p>The scan interval must lie between 10 s and 60 s: the function is started once a minute and
 * loops inside the minute.
 */
public record FunctionSettings(
    String clusterName,
    String region,
    AutoscalerOptions autoscaler,
    AsgDiscoveryOptions discovery,
    PriceTable prices,
    Optional<Duration> idleScanInterval,
    Optional<String> kubeconfigSecretArn,
    Optional<ClusterApiOptions> clusterApi,
    Optional<String> workloadKubeconfigSecretArn,
    boolean dryRun) {

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
          "KUBECONFIG_SECRET_ARN",
          "CLOUD_PROVIDER",
          "WORKLOAD_KUBECONFIG_SECRET_ARN",
          ClusterApiOptions.GROUP_VARIABLE,
          ClusterApiOptions.VERSION_VARIABLE,
          ClusterApiOptions.ARCH_VARIABLE);
  private static final Pattern SECRET_ARN =
      Pattern.compile("^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\\d{12}:secret:.+$");

  public FunctionSettings {
    Objects.requireNonNull(clusterName, "clusterName");
    Objects.requireNonNull(region, "region");
    Objects.requireNonNull(autoscaler, "autoscaler");
    Objects.requireNonNull(discovery, "discovery");
    Objects.requireNonNull(prices, "prices");
    Objects.requireNonNull(idleScanInterval, "idleScanInterval");
    Objects.requireNonNull(kubeconfigSecretArn, "kubeconfigSecretArn");
    Objects.requireNonNull(clusterApi, "clusterApi");
    Objects.requireNonNull(workloadKubeconfigSecretArn, "workloadKubeconfigSecretArn");
  }

  /**
   * Reads the settings from an environment, by the rules every runner shares ({@link
   * EnvironmentOptions}).
   *
   * @throws ConfigException listing every missing or invalid variable
   */
  public static FunctionSettings fromEnvironment(Map<String, String> environment) {
    EnvironmentOptions env = new EnvironmentOptions(environment, OWN);
    List<String> errors = new ArrayList<>();
    String cluster = required(env, "CLUSTER_NAME", errors);
    String region = required(env, "AWS_REGION", errors);
    AutoscalerOptions options = collect(errors, env::autoscalerOptions);
    checkScanInterval(env, errors);
    Optional<ClusterApiOptions> clusterApi = ClusterApiVariables.read(env, errors);
    AsgDiscoveryOptions discovery =
        clusterApi.isPresent()
            ? AsgDiscoveryOptions.forCluster(cluster == null ? "unnamed" : cluster)
            : discovery(env, cluster, errors);
    double factor = spotFactor(env, errors);
    PriceTable prices =
        collect(
            errors,
            () ->
                PriceTable.parse(
                    "ON_DEMAND_PRICES", env.value("ON_DEMAND_PRICES").orElse(null), factor));
    Optional<Duration> idle = Optional.empty();
    Optional<String> idleText = env.value("IDLE_SCAN_INTERVAL");
    if (idleText.isPresent()) {
      idle = GoDuration.parse(idleText.get());
      if (idle.isEmpty()) {
        errors.add(
            "IDLE_SCAN_INTERVAL: expected a duration like 30s or 1m, got \""
                + idleText.get()
                + "\"");
      }
    }
    Optional<String> secret = secretArn(env, "KUBECONFIG_SECRET_ARN", errors);
    Optional<String> workload = secretArn(env, "WORKLOAD_KUBECONFIG_SECRET_ARN", errors);
    if (workload.isPresent() && !env.value("CLOUD_PROVIDER").orElse("").equals("clusterapi")) {
      errors.add("WORKLOAD_KUBECONFIG_SECRET_ARN: only with CLOUD_PROVIDER=clusterapi");
    }
    boolean dryRun = env.dryRun(errors);
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return new FunctionSettings(
        cluster, region, options, discovery, prices, idle, secret, clusterApi, workload, dryRun);
  }

  private static Optional<String> secretArn(
      EnvironmentOptions env, String variable, List<String> errors) {
    Optional<String> arn = env.value(variable);
    if (arn.isPresent() && !SECRET_ARN.matcher(arn.get()).matches()) {
      errors.add(
          variable
              + ": expected a Secrets Manager secret ARN like"
              + " arn:aws:secretsmanager:<region>:<account>:secret:<name>, got \""
              + arn.get()
              + "\"");
    }
    return arn;
  }

  /**
   * Checked apart from the other options, so that it is reported whatever else is wrong; an
   * unreadable interval is reported with them.
   */
  private static void checkScanInterval(EnvironmentOptions env, List<String> errors) {
    Optional<Duration> interval =
        GoDuration.parse(env.flags().getOrDefault("scan-interval", List.of("10s")).get(0));
    if (interval.isPresent()
        && (interval.get().compareTo(MIN_SCAN_INTERVAL) < 0
            || interval.get().compareTo(MAX_SCAN_INTERVAL) > 0)) {
      errors.add(
          "SCAN_INTERVAL: expected between 10s and 60s (the function runs once a minute), got "
              + GoDuration.format(interval.get()));
    }
  }

  private static AsgDiscoveryOptions discovery(
      EnvironmentOptions env, String cluster, List<String> errors) {
    List<String> specs = env.list("NODE_GROUP_AUTO_DISCOVERY");
    List<String> nodes = env.list("NODES");
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

  private static double spotFactor(EnvironmentOptions env, List<String> errors) {
    Optional<String> text = env.value("SPOT_PRICE_FACTOR");
    if (text.isEmpty()) {
      return PriceTable.DEFAULT_SPOT_PRICE_FACTOR;
    }
    try {
      double v = Double.parseDouble(text.get());
      if (v > 0 && v <= 1) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    errors.add("SPOT_PRICE_FACTOR: expected a number in (0, 1], got \"" + text.get() + "\"");
    return PriceTable.DEFAULT_SPOT_PRICE_FACTOR;
  }

  private static String required(EnvironmentOptions env, String name, List<String> errors) {
    Optional<String> value = env.value(name);
    if (value.isEmpty()) {
      errors.add(name + ": required, not set");
      return null;
    }
    return value.get();
  }

  private static <T> T collect(List<String> errors, Supplier<T> parse) {
    return collect(errors, parse, e -> e);
  }

  private static <T> T collect(
      List<String> errors, Supplier<T> parse, UnaryOperator<String> rename) {
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
