package dev.skyscaler.cli.run;

import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.cli.options.CloudProviderOptions;
import dev.skyscaler.clusterapi.ClusterApiNodeGroupProvider;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.ClusterView;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.metrics.Metrics;
import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanSettings;
import dev.skyscaler.magnum.MagnumNodeGroupProvider;
import dev.skyscaler.magnum.config.MagnumOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code skyscaler run}: the scan functions' scan cycle as a long-running process, for clusters
 * whose platform has no functions (on-premises, OpenStack, a Cluster API management cluster). The
 * workload cluster is {@code --kubeconfig} (default: the pod's service account); the management
 * cluster is {@code --cloud-config}, else the workload cluster, else with {@code
 * --clusterapi-cloud-config-authoritative} the service account's: Cluster Autoscaler's flags and
 * defaults. With {@code --cloud-provider=magnum}, {@code --cloud-config} is CA's magnum
 * cloud-config instead and the node groups are the Magnum cluster {@code --cluster-name}'s. Serves
 * {@code /healthz} and {@code /metrics} on {@code --address}; logs JSON lines on standard output;
 * on SIGTERM finishes the scan under way (or, past {@value #GRACE_SECONDS}s, abandons it: its lease
 * expires by itself) and exits.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = {
      "skyscaler run --cloud-provider=clusterapi|magnum [--node-group-auto-discovery=<spec>]...",
      "         [--cluster-name=<name>] [--nodes=<min>:<max>:<name>]...",
      "         [--kubeconfig=<file>] [--cloud-config=<file>]",
      "         [--clusterapi-cloud-config-authoritative] [--address=[host]:port]",
      "         [--max-inactivity=<duration>] [--max-failing-time=<duration>] [--dry-run]",
      "         [Cluster Autoscaler options]"
    },
    description = {
      "Runs the autoscaler: a scan every --scan-interval against the cluster and its Cluster API"
          + " management cluster (or its Magnum cluster), until SIGTERM. /healthz and /metrics on"
          + " --address."
    },
    footer = {
      "",
      "Example (in the management cluster, the workload cluster's kubeconfig in a Secret):",
      "  skyscaler run --cloud-provider=clusterapi --kubeconfig=/etc/workload/value \\",
      "      --clusterapi-cloud-config-authoritative \\",
      "      --node-group-auto-discovery=clusterapi:namespace=capi-prod,clusterName=prod",
      "",
      "Example (OpenStack Magnum, the cloud-config from a Secret):",
      "  skyscaler run --cloud-provider=magnum --cloud-config=/etc/openstack/cloud-config \\",
      "      --cluster-name=k8s --node-group-auto-discovery=magnum:role=worker",
      "",
      "Deployment and RBAC: infra/kubernetes/, infra/openstack/. Guides: docs/cluster-api.md,"
          + " docs/openstack.md.",
      "Exit codes: 0 stopped, 1 internal error, 2 bad input (message on stderr)."
    })
public final class RunCommand implements Callable<Integer> {
  static final int GRACE_SECONDS = 25;

  private final Clock clock;
  private final Map<String, String> environment;
  private final StopSignal stop;

  @Spec CommandSpec spec;

  @Mixin CloudProviderOptions provider;

  @Option(
      names = "--kubeconfig",
      paramLabel = "<file>",
      description = "The workload cluster (nodes, pods). Default: the pod's service account.")
  Path kubeconfig;

  @Option(
      names = "--cloud-config",
      paramLabel = "<file>",
      description =
          "clusterapi: the management cluster's kubeconfig (default: the workload cluster's);"
              + " magnum: Cluster Autoscaler's magnum cloud-config (Keystone auth-url and"
              + " credentials).")
  Path cloudConfig;

  @Option(
      names = "--clusterapi-cloud-config-authoritative",
      description =
          "Without --cloud-config, reach the management cluster through the pod's service"
              + " account instead of --kubeconfig.")
  boolean authoritative;

  @Option(
      names = "--address",
      paramLabel = "[host]:port",
      defaultValue = ":8085",
      description = "Where /healthz and /metrics are served. Default: :8085.")
  String address;

  @Option(
      names = "--dry-run",
      description =
          "Shadow mode: read and plan exactly as live, act on nothing, and write the decisions,"
              + " compared with a running Cluster Autoscaler's, to kube-system/skyscaler-status.")
  boolean dryRun;

  @Option(
      names = "--max-inactivity",
      paramLabel = "<duration>",
      defaultValue = "10m",
      description = "/healthz fails when no scan ended for this long. Default: 10m.")
  String maxInactivity;

  @Option(
      names = "--max-failing-time",
      paramLabel = "<duration>",
      defaultValue = "15m",
      description = "/healthz fails when no scan succeeded for this long. Default: 15m.")
  String maxFailingTime;

  /** The command as {@code skyscaler run} runs it: SIGTERM stops it. */
  public RunCommand(Clock clock) {
    this(clock, System.getenv(), new StopSignal(), true);
  }

  /**
   * @param stop stops the runner (tests); SIGTERM does too when {@code onSigterm}
   */
  RunCommand(Clock clock, Map<String, String> environment, StopSignal stop, boolean onSigterm) {
    this.clock = clock;
    this.environment = environment;
    this.stop = stop;
    this.onSigterm = onSigterm;
  }

  private final boolean onSigterm;

  private volatile ScanRunner runner;

  private void shutdown() {
    stop.stop();
    ScanRunner r = runner;
    if (r != null) {
      try {
        r.awaitStopped(Duration.ofSeconds(GRACE_SECONDS));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public Integer call() throws IOException {
    List<String> errors = new ArrayList<>();
    Function<KubernetesConnection, NodeGroupProvider> groups = provider(errors);
    AutoscalerOptions options = autoscaler(errors);
    Duration inactivity = duration("--max-inactivity", maxInactivity, errors);
    Duration failing = duration("--max-failing-time", maxFailingTime, errors);
    try {
      StatusServer.socket(address);
    } catch (IllegalArgumentException e) {
      errors.add(e.getMessage());
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    RunLog log = new RunLog(spec.commandLine().getOut(), clock);
    if (onSigterm) {
      Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "skyscaler-shutdown"));
    }
    KubernetesConnection workload = workload();
    KubernetesConnection management = workload;
    try {
      management = provider.magnum() ? workload : management().orElse(workload);
      run(
          log,
          workload,
          management,
          groups,
          options,
          new Health(inactivity, failing, clock.instant()));
    } finally {
      if (management != workload) {
        management.close();
      }
      workload.close();
    }
    return 0;
  }

  private void run(
      RunLog log,
      KubernetesConnection workload,
      KubernetesConnection management,
      Function<KubernetesConnection, NodeGroupProvider> groups,
      AutoscalerOptions options,
      Health health)
      throws IOException {
    Metrics metrics = new Metrics();
    try (StatusServer server = StatusServer.start(address, health, metrics, clock)) {
      String identity = "skyscaler-run/" + environment.getOrDefault("POD_NAME", host());
      // a long-running process keeps its watches open between scans: after the first scan's lists,
      // a scan reads what changed and sends no list
      ClusterView view = ClusterView.watching(clock);
      ScanCycle cycle =
          new ScanCycle(
              workload,
              groups.apply(management),
              ScanSettings.defaults(options).withDryRun(dryRun),
              clock,
              identity,
              stop,
              view);
      runner =
          new ScanRunner(
              cycle,
              options.scanInterval(),
              clock,
              stop,
              stop,
              log,
              new ScanMetrics(metrics, clock),
              health);
      Map<String, Object> started = new LinkedHashMap<>();
      started.put("identity", identity);
      started.put("workload", workload.describe());
      started.put(
          "management", provider.magnum() ? "magnum:" + magnumCluster : management.describe());
      started.put("port", server.port());
      started.put("scanInterval", GoDuration.format(options.scanInterval()));
      started.put("dryRun", dryRun);
      log.info("started", started);
      try {
        runner.run();
      } finally {
        view.suspend();
      }
    }
  }

  private volatile String magnumCluster = "";

  /** The node-group provider the flags ask for, given the management cluster's connection. */
  private Function<KubernetesConnection, NodeGroupProvider> provider(List<String> errors) {
    try {
      if (provider.magnum()) {
        if (authoritative) {
          errors.add(
              "--clusterapi-cloud-config-authoritative: only with --cloud-provider=clusterapi");
        }
        MagnumOptions magnum = provider.magnumOptions(cloudConfig).orElseThrow();
        magnumCluster = magnum.clusterName();
        return management -> MagnumNodeGroupProvider.connect(magnum, clock);
      }
      Optional<ClusterApiOptions> capi = provider.clusterApiOptions(environment);
      if (capi.isEmpty()) {
        errors.add("--cloud-provider: required: clusterapi or magnum");
        return null;
      }
      return management -> ClusterApiNodeGroupProvider.connect(management, capi.get(), clock);
    } catch (ConfigException e) {
      errors.addAll(e.errors());
      return null;
    }
  }

  private AutoscalerOptions autoscaler(List<String> errors) {
    try {
      return OptionsParser.parse(CaOptions.given(spec.commandLine().getParseResult()));
    } catch (ConfigException e) {
      errors.addAll(e.errors());
      return null;
    }
  }

  private static Duration duration(String flag, String text, List<String> errors) {
    Optional<Duration> d = GoDuration.parse(text);
    if (d.isEmpty() || d.get().isZero() || d.get().isNegative()) {
      errors.add(flag + ": expected a positive duration like 10m, got \"" + text + "\"");
      return Duration.ofMinutes(10);
    }
    return d.get();
  }

  private KubernetesConnection workload() {
    return kubeconfig == null
        ? KubernetesConnection.inCluster(ConnectionOptions.DEFAULTS)
        : KubernetesConnection.fromKubeconfig(
            kubeconfig, Optional.empty(), ConnectionOptions.DEFAULTS);
  }

  /**
   * CA's rule: {@code --cloud-config}; else, with {@code --clusterapi-cloud-config-authoritative},
   * the service account; else (empty) the workload cluster's connection.
   */
  private Optional<KubernetesConnection> management() {
    if (cloudConfig != null) {
      return Optional.of(
          KubernetesConnection.fromKubeconfig(
              cloudConfig, Optional.empty(), ConnectionOptions.DEFAULTS));
    }
    if (authoritative && kubeconfig != null) {
      return Optional.of(KubernetesConnection.inCluster(ConnectionOptions.DEFAULTS));
    }
    return Optional.empty();
  }

  private static String host() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }
}
