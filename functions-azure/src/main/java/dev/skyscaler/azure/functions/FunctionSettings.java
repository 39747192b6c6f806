package dev.skyscaler.azure.functions;

import dev.skyscaler.azure.arm.AzureCloud;
import dev.skyscaler.azure.monitor.AppInsightsConnection;
import dev.skyscaler.azure.vmss.DiscoverySpec;
import dev.skyscaler.azure.vmss.VmssScope;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.runner.EnvironmentOptions;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The Function App's settings, under Cluster Autoscaler's names, read as on every cloud ({@link
 * EnvironmentOptions}: blank counts as not set, lists are {@code ;}-separated with empty entries
 * dropped): its Azure environment variables ({@code ARM_SUBSCRIPTION_ID}, {@code
 * ARM_RESOURCE_GROUP}, {@code CLUSTER_NAME}, {@code ARM_CLUSTER_RESOURCE_GROUP}, {@code
 * ARM_USER_ASSIGNED_IDENTITY_ID}, {@code ARM_CLOUD}, {@code AZURE_ENABLE_FORCE_DELETE}, {@code
 * AZURE_ENABLE_DYNAMIC_INSTANCE_LIST}), its flags in upper snake case ({@code
 * SCALE_DOWN_UNNEEDED_TIME=10m}, {@code NODE_GROUP_AUTO_DISCOVERY=label:…}), and Skyscaler's own:
 * {@code SCAN_SCHEDULE} (the Scan timer, which must fire every {@code SCAN_INTERVAL}: {@link
 * ScanSchedule}), {@code HEALTH_SCHEDULE} (six-field NCRONTAB, seconds first) and {@code
 * KUBECONFIG_SECRET_URI} (the Key Vault secret holding a self-managed cluster's kubeconfig).
 *
 * <p>An AKS cluster is named by {@code ARM_CLUSTER_RESOURCE_GROUP} and {@code CLUSTER_NAME}; a
 * self-managed one by {@code KUBECONFIG_SECRET_URI}; exactly one of the two.
 *
 * <p>{@code CLOUD_PROVIDER}: {@code azure} (default: VM Scale Sets) or {@code clusterapi}: the
 * cluster above is then a Cluster API management cluster whose MachineDeployments, MachineSets and
 * MachinePools are the node groups ({@code NODE_GROUP_AUTO_DISCOVERY} takes {@code clusterapi:...}
 * specs; {@code CAPI_GROUP}, {@code CAPI_VERSION}, {@code CAPI_SCALE_ZERO_DEFAULT_ARCH} as Cluster
 * Autoscaler reads them), and the workload cluster is the kubeconfig in the Key Vault secret {@code
 * WORKLOAD_KUBECONFIG_SECRET_URI}, or the same cluster.
 *
 * <p>{@code DRY_RUN=true} runs in shadow mode (plans, acts on nothing, compares with Cluster
 * Autoscaler's decisions). A setting meant for an autoscaler that is not read (a CA option
 * Skyscaler lacks, a near miss of a name above) is an error; see {@link EnvironmentOptions}.
 *
 * @param aksResourceGroup the AKS cluster's resource group, empty for a self-managed cluster
 * @param kubeconfigSecret the Key Vault secret URI, empty on AKS
 * @param noEffect Cluster Autoscaler's process flags that were set ({@code V}, {@code
 *     CLUSTER_AUTOSCALER_ARGS: --v}, ...): accepted, without effect, noted once in the log
 */
public record FunctionSettings(
    AzureCloud cloud,
    String subscriptionId,
    String clusterName,
    Optional<String> nodeResourceGroup,
    Optional<String> aksResourceGroup,
    Optional<URI> kubeconfigSecret,
    Optional<String> userAssignedIdentity,
    DiscoverySpec discovery,
    boolean forceDelete,
    boolean dynamicSizes,
    String scanSchedule,
    String healthSchedule,
    AutoscalerOptions options,
    HealthOptions healthOptions,
    InterruptionOptions interruptionOptions,
    Optional<ClusterApiOptions> clusterApi,
    Optional<URI> workloadKubeconfigSecret,
    boolean dryRun,
    List<String> noEffect) {
  public FunctionSettings {
    noEffect = List.copyOf(noEffect);
  }

  public static final String DEFAULT_SCAN_SCHEDULE = "*/10 * * * * *";
  public static final String DEFAULT_HEALTH_SCHEDULE = "0 * * * * *";

  private static final List<String> OWN =
      List.of(
          "ARM_SUBSCRIPTION_ID",
          "CLUSTER_NAME",
          "ARM_RESOURCE_GROUP",
          "ARM_CLUSTER_RESOURCE_GROUP",
          "KUBECONFIG_SECRET_URI",
          "ARM_USER_ASSIGNED_IDENTITY_ID",
          "ARM_CLOUD",
          "NODE_GROUP_AUTO_DISCOVERY",
          "NODES",
          "AZURE_ENABLE_FORCE_DELETE",
          "AZURE_ENABLE_DYNAMIC_INSTANCE_LIST",
          "SCAN_SCHEDULE",
          "HEALTH_SCHEDULE",
          "CLOUD_PROVIDER",
          "WORKLOAD_KUBECONFIG_SECRET_URI",
          AppInsightsConnection.SETTING,
          ClusterApiOptions.GROUP_VARIABLE,
          ClusterApiOptions.VERSION_VARIABLE,
          ClusterApiOptions.ARCH_VARIABLE);

  private static final Pattern GUID =
      Pattern.compile(
          "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

  /** Where the provider looks and how it acts, from these settings. */
  public VmssScope scope() {
    return new VmssScope(
        subscriptionId,
        nodeResourceGroup,
        discovery,
        aksResourceGroup.map(rg -> new VmssScope.AksCluster(rg, clusterName)),
        forceDelete,
        dynamicSizes);
  }

  /**
   * Reads and checks every setting.
   *
   * @param env the app settings (environment variables)
   * @throws ConfigException listing every problem, each naming its setting
   */
  public static FunctionSettings parse(Map<String, String> env) {
    Reader r = new Reader(env);
    AzureCloud cloud = r.cloud();
    String subscription = r.required("ARM_SUBSCRIPTION_ID", GUID, "a subscription id (GUID)");
    String cluster = r.required("CLUSTER_NAME", null, "the cluster's name");
    Optional<String> nodeRg = r.optional("ARM_RESOURCE_GROUP");
    Optional<String> aksRg = r.optional("ARM_CLUSTER_RESOURCE_GROUP");
    Optional<URI> secret = r.secretUri("KUBECONFIG_SECRET_URI");
    if (aksRg.isPresent() == secret.isPresent()) {
      r.errors.add(
          "ARM_CLUSTER_RESOURCE_GROUP / KUBECONFIG_SECRET_URI: set exactly one — the AKS cluster's"
              + " resource group, or the Key Vault secret URI of a self-managed cluster's kubeconfig");
    }
    Optional<String> identity = r.optional("ARM_USER_ASSIGNED_IDENTITY_ID");
    identity
        .filter(id -> !GUID.matcher(id).matches())
        .ifPresent(
            id ->
                r.errors.add(
                    "ARM_USER_ASSIGNED_IDENTITY_ID: expected the identity's client id (GUID), got \""
                        + id
                        + "\""));
    Optional<ClusterApiOptions> clusterApi = r.clusterApi();
    DiscoverySpec discovery =
        r.clusterApiChosen() ? DiscoverySpec.forCluster("unnamed") : r.discovery(cluster);
    Optional<URI> workload = r.secretUri("WORKLOAD_KUBECONFIG_SECRET_URI");
    if (workload.isPresent() && !r.clusterApiChosen()) {
      r.errors.add("WORKLOAD_KUBECONFIG_SECRET_URI: only with CLOUD_PROVIDER=clusterapi");
    }
    r.optional(AppInsightsConnection.SETTING)
        .ifPresent(
            v -> {
              try {
                AppInsightsConnection.parse(v);
              } catch (IllegalArgumentException e) {
                r.errors.add(AppInsightsConnection.SETTING + ": " + e.getMessage());
              }
            });
    boolean force = r.bool("AZURE_ENABLE_FORCE_DELETE");
    boolean dynamic = r.bool("AZURE_ENABLE_DYNAMIC_INSTANCE_LIST");
    String scan =
        ScanSchedule.check(
            r.env.flags().getOrDefault("scan-interval", List.of()).stream().findFirst(),
            r.optional("SCAN_SCHEDULE"),
            r.errors);
    String health = r.schedule("HEALTH_SCHEDULE", DEFAULT_HEALTH_SCHEDULE);
    AutoscalerOptions options = r.options();
    boolean dryRun = r.env.dryRun(r.errors);
    if (!r.errors.isEmpty()) {
      throw new ConfigException(r.errors);
    }
    // the parse above has checked these flags too, so they cannot fail here
    HealthOptions healthOptions = OptionsParser.parseHealth(r.env.flags());
    InterruptionOptions interruptionOptions = OptionsParser.parseInterruption(r.env.flags());
    return new FunctionSettings(
        cloud,
        subscription,
        cluster,
        nodeRg,
        aksRg,
        secret,
        identity,
        discovery,
        force,
        dynamic,
        scan,
        health,
        options,
        healthOptions,
        interruptionOptions,
        clusterApi,
        workload,
        dryRun,
        r.env.noEffect());
  }

  /** The settings this function app reads besides CA's flags. */
  public static List<String> ownSettings() {
    return OWN;
  }

  private static final class Reader {
    final EnvironmentOptions env;
    final List<String> errors = new ArrayList<>();

    Reader(Map<String, String> env) {
      this.env = new EnvironmentOptions(env, OWN);
    }

    Optional<String> optional(String name) {
      return env.value(name);
    }

    String required(String name, Pattern format, String expected) {
      Optional<String> v = optional(name);
      if (v.isEmpty()) {
        errors.add(name + ": required, " + expected);
        return "";
      }
      if (format != null && !format.matcher(v.get()).matches()) {
        errors.add(name + ": expected " + expected + ", got \"" + v.get() + "\"");
      }
      return v.get();
    }

    AzureCloud cloud() {
      try {
        return optional("ARM_CLOUD").map(AzureCloud::parse).orElse(AzureCloud.PUBLIC);
      } catch (IllegalArgumentException e) {
        errors.add("ARM_CLOUD: " + e.getMessage());
        return AzureCloud.PUBLIC;
      }
    }

    Optional<URI> secretUri(String name) {
      Optional<String> v = optional(name);
      if (v.isEmpty()) {
        return Optional.empty();
      }
      try {
        URI uri = URI.create(v.get());
        if ("https".equals(uri.getScheme())
            && uri.getPath() != null
            && uri.getPath().startsWith("/secrets/")) {
          return Optional.of(uri);
        }
      } catch (IllegalArgumentException e) {
        // reported below
      }
      errors.add(
          name
              + ": expected https://<vault>.vault.azure.net/secrets/<name>, got \""
              + v.get()
              + "\"");
      return Optional.empty();
    }

    boolean clusterApiChosen() {
      return optional("CLOUD_PROVIDER").orElse("azure").equals("clusterapi");
    }

    /** The Cluster API options when {@code CLOUD_PROVIDER=clusterapi}. */
    Optional<ClusterApiOptions> clusterApi() {
      String provider = optional("CLOUD_PROVIDER").orElse("azure");
      if (provider.equals("azure")) {
        return Optional.empty();
      }
      if (!provider.equals("clusterapi")) {
        errors.add("CLOUD_PROVIDER: expected azure or clusterapi, got \"" + provider + "\"");
        return Optional.empty();
      }
      Map<String, String> capi = new LinkedHashMap<>();
      for (String v : ClusterApiOptions.VARIABLES) {
        optional(v).ifPresent(value -> capi.put(v, value));
      }
      try {
        return Optional.of(
            ClusterApiOptions.parse(
                capi, env.list("NODE_GROUP_AUTO_DISCOVERY"), "NODE_GROUP_AUTO_DISCOVERY"));
      } catch (ConfigException e) {
        errors.addAll(e.errors());
        return Optional.empty();
      }
    }

    DiscoverySpec discovery(String cluster) {
      Optional<String> spec = optional("NODE_GROUP_AUTO_DISCOVERY");
      List<String> nodes = env.list("NODES");
      DiscoverySpec tagged;
      try {
        tagged =
            spec.map(DiscoverySpec::parse)
                .orElseGet(() -> DiscoverySpec.forCluster(cluster.isEmpty() ? "unnamed" : cluster));
      } catch (IllegalArgumentException e) {
        errors.add("NODE_GROUP_AUTO_DISCOVERY: " + e.getMessage());
        return DiscoverySpec.forCluster("unnamed");
      }
      if (nodes.isEmpty()) {
        return tagged;
      }
      try {
        DiscoverySpec named = DiscoverySpec.named(nodes);
        // CA's --nodes alone names the groups; with a spec, both select
        return spec.isEmpty() ? named : tagged.withNamed(named);
      } catch (ConfigException e) {
        e.errors().forEach(error -> errors.add(error.replace("--nodes", "NODES")));
        return tagged;
      }
    }

    boolean bool(String name) {
      Optional<String> v = optional(name);
      if (v.isEmpty()) {
        return false;
      }
      if (!v.get().equalsIgnoreCase("true") && !v.get().equalsIgnoreCase("false")) {
        errors.add(name + ": expected true or false, got \"" + v.get() + "\"");
        return false;
      }
      return Boolean.parseBoolean(v.get());
    }

    /** NCRONTAB as Azure Functions timers take it: six fields, the first seconds. */
    String schedule(String name, String fallback) {
      String v = optional(name).orElse(fallback);
      if (v.split("\\s+").length != 6) {
        errors.add(
            name
                + ": expected six NCRONTAB fields {second} {minute} {hour} {day} {month} {day-of-week}, like \""
                + fallback
                + "\", got \""
                + v
                + "\"");
      }
      return v;
    }

    AutoscalerOptions options() {
      try {
        return env.autoscalerOptions();
      } catch (ConfigException e) {
        errors.addAll(e.errors());
        return AutoscalerOptions.defaults();
      }
    }
  }
}
