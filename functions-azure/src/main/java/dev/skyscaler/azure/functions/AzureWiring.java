package dev.skyscaler.azure.functions;

import com.azure.core.credential.TokenCredential;
import dev.skyscaler.azure.arm.ArmConnection;
import dev.skyscaler.azure.auth.AksClusterGateway;
import dev.skyscaler.azure.auth.KeyVaultGateway;
import dev.skyscaler.azure.auth.KubernetesAccess;
import dev.skyscaler.azure.auth.ManagedIdentity;
import dev.skyscaler.azure.monitor.AppInsightsConnection;
import dev.skyscaler.azure.monitor.AzureMetrics;
import dev.skyscaler.azure.monitor.TrackGateway;
import dev.skyscaler.azure.vmss.VmssGateway;
import dev.skyscaler.azure.vmss.VmssNodeGroupProvider;
import dev.skyscaler.clusterapi.ClusterApiNodeGroupProvider;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.kubernetes.ClusterView;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.ReadView;
import dev.skyscaler.kubernetes.ReceiveBuffers;
import dev.skyscaler.kubernetes.scan.BackgroundBuild;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanSettings;
import dev.skyscaler.kubernetes.scan.Sleeper;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the functions of one worker share: the validated settings, the managed identity, one
 * Resource Manager connection, the node-group provider and the connection to the cluster's
 * Kubernetes API (AKS with an Entra token, or a kubeconfig from Key Vault) — with {@code
 * CLOUD_PROVIDER=clusterapi} that is the Cluster API management cluster, whose node groups the
 * Cluster API provider reads, and the workload cluster is a connection of its own. The worker's
 * {@link FunctionInjector} holds it; each part is built on first use and kept for the worker's life
 * (cold start pays once); a part that fails to build is tried again at the next invocation. Nothing
 * here holds a token: the Azure credential fetches and caches them, and the Kubernetes connection
 * asks it before each request. The {@link ClusterView} of the cluster the scans read (the workload
 * cluster) lives as long: its watches stay open between timer ticks, so a scan after the first
 * reads memory, not the API server.
 */
public final class AzureWiring {
  private final FunctionSettings settings;
  private final TokenCredential credential;
  private final ArmConnection arm;
  private final KeyVaultGateway vault;
  private final Clock clock;
  private final Sleeper sleeper;
  private VmssNodeGroupProvider provider;
  private KubernetesConnection kubernetes;
  private KubernetesConnection workload;
  private NodeGroupProvider clusterApi;
  private ClusterView view;
  private final AzureMetrics metrics;
  private final AtomicBoolean noEffectNoted = new AtomicBoolean();

  /** Production wiring: Key Vault over the JDK HTTP client, the system clock, real sleeps. */
  public AzureWiring(
      FunctionSettings settings, TokenCredential credential, ArmConnection arm, Clock clock) {
    this(settings, credential, arm, new KeyVaultGateway(credential), clock, Sleeper.SYSTEM);
  }

  /**
   * @param vault reads a self-managed cluster's kubeconfig
   * @param clock the time of every scan (tests move it by hand)
   * @param sleeper how a scan waits for a lease another invocation holds
   */
  public AzureWiring(
      FunctionSettings settings,
      TokenCredential credential,
      ArmConnection arm,
      KeyVaultGateway vault,
      Clock clock,
      Sleeper sleeper) {
    this(settings, credential, arm, vault, clock, sleeper, Optional.empty());
  }

  /**
   * @param track where the scan metrics go (Application Insights), if anywhere
   */
  public AzureWiring(
      FunctionSettings settings,
      TokenCredential credential,
      ArmConnection arm,
      KeyVaultGateway vault,
      Clock clock,
      Sleeper sleeper,
      Optional<TrackGateway> track) {
    this.metrics = new AzureMetrics(settings.clusterName(), clock, track);
    this.settings = settings;
    this.credential = credential;
    this.arm = arm;
    this.vault = vault;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  /**
   * The production wiring from the app settings; nothing is reached yet but the managed identity's
   * configuration. {@link FunctionInjector} builds one per worker, at its first invocation.
   *
   * @param env the app settings (environment variables)
   * @throws dev.skyscaler.core.config.ConfigException listing every invalid setting
   */
  public static AzureWiring fromSettings(Map<String, String> env) {
    // before the identity's and Resource Manager's JDK HTTP clients: the JVM reads it once
    ReceiveBuffers.prefer();
    FunctionSettings settings = FunctionSettings.parse(env);
    // the Kubernetes deserializers, built on another core while the identity, Resource Manager
    // and the cluster's endpoint are reached: the first scan of a cold instance then finds them
    BackgroundBuild.start("skyscaler-prime", ReadView::prime);
    TokenCredential identity = ManagedIdentity.credential(settings.userAssignedIdentity());
    return new AzureWiring(
        settings,
        identity,
        ArmConnection.to(settings.cloud(), settings.subscriptionId(), identity),
        new KeyVaultGateway(identity),
        Clock.systemUTC(),
        Sleeper.SYSTEM,
        Optional.ofNullable(env.get(AppInsightsConnection.SETTING))
            .filter(v -> !v.isBlank())
            .map(v -> new TrackGateway(AppInsightsConnection.parse(v))));
  }

  /**
   * The note on Cluster Autoscaler's process flags set without effect ({@link
   * FunctionSettings#noEffect()}), the first time it is asked for; empty after that or when none is
   * set. Azure Functions log only through an invocation's logger, so the first invocation of the
   * worker logs it, where the AWS functions log it at initialisation.
   */
  public Optional<String> noEffectNote() {
    if (settings.noEffect().isEmpty() || !noEffectNoted.compareAndSet(false, true)) {
      return Optional.empty();
    }
    return Optional.of(
        "settings with no effect: Cluster Autoscaler's process flags: "
            + String.join(", ", settings.noEffect()));
  }

  /** The worker's scan metrics, kept for its life so that counters count across invocations. */
  public AzureMetrics metrics() {
    return metrics;
  }

  public FunctionSettings settings() {
    return settings;
  }

  public Clock clock() {
    return clock;
  }

  public synchronized VmssNodeGroupProvider provider() {
    if (provider == null) {
      provider = new VmssNodeGroupProvider(new VmssGateway(arm), settings.scope(), clock);
    }
    return provider;
  }

  /**
   * The connection to the cluster's Kubernetes API.
   *
   * @throws RuntimeException naming the cluster or the Key Vault secret when the endpoint or the
   *     kubeconfig cannot be read (never quoting a credential)
   */
  public synchronized KubernetesConnection kubernetes() {
    if (kubernetes == null) {
      kubernetes = access().connect(ConnectionOptions.DEFAULTS);
    }
    return kubernetes;
  }

  private KubernetesAccess access() {
    if (settings.aksResourceGroup().isPresent()) {
      String rg = settings.aksResourceGroup().get();
      return KubernetesAccess.aks(
          rg + "/" + settings.clusterName(),
          new AksClusterGateway(arm).endpoint(rg, settings.clusterName()),
          credential);
    }
    URI secret = settings.kubeconfigSecret().orElseThrow();
    return KubernetesAccess.kubeconfig(vault.secret(secret), "Key Vault secret " + secret);
  }

  /**
   * One scan's cycle for the invocation {@code invocationId}: the Lease shows {@code
   * azure-functions/<invocationId>} while it runs.
   *
   * @param leaseWait how long to wait for a Lease another invocation holds (zero: skip at once)
   */
  public ScanCycle scanCycle(String invocationId, Duration leaseWait) {
    ScanSettings scan =
        ScanSettings.defaults(settings.options())
            .withLeaseWait(leaseWait)
            .withDryRun(settings.dryRun());
    if (settings.clusterApi().isPresent()) {
      return new ScanCycle(
          workload(), clusterApi(), scan, clock, identity(invocationId), sleeper, view());
    }
    return new ScanCycle(
        kubernetes(), provider(), scan, clock, identity(invocationId), sleeper, view());
  }

  /** The worker's view of the cluster its scans read, kept current by watches between scans. */
  public synchronized ClusterView view() {
    if (view == null) {
      view = ClusterView.watching(clock);
    }
    return view;
  }

  /**
   * With {@code CLOUD_PROVIDER=clusterapi}: the workload cluster, from the Key Vault secret {@code
   * WORKLOAD_KUBECONFIG_SECRET_URI}, else the cluster {@link #kubernetes()} reaches.
   */
  public synchronized KubernetesConnection workload() {
    if (workload == null) {
      workload =
          settings
              .workloadKubeconfigSecret()
              .map(
                  uri ->
                      KubernetesAccess.kubeconfig(vault.secret(uri), "Key Vault secret " + uri)
                          .connect(ConnectionOptions.DEFAULTS))
              .orElseGet(this::kubernetes);
    }
    return workload;
  }

  /** The Cluster API node groups of the management cluster {@link #kubernetes()} reaches. */
  public synchronized NodeGroupProvider clusterApi() {
    if (clusterApi == null) {
      clusterApi =
          ClusterApiNodeGroupProvider.connect(
              kubernetes(), settings.clusterApi().orElseThrow(), clock);
    }
    return clusterApi;
  }

  /** The Lease holder name of an invocation. */
  public static String identity(String invocationId) {
    return "azure-functions/" + invocationId;
  }
}
