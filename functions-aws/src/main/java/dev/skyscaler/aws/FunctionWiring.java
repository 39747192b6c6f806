package dev.skyscaler.aws;

import dev.skyscaler.aws.asg.AsgGateways;
import dev.skyscaler.aws.asg.AsgNodeGroupProvider;
import dev.skyscaler.aws.asg.AsgProviderOptions;
import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.cluster.ClusterConnector;
import dev.skyscaler.aws.cluster.EksConnector;
import dev.skyscaler.aws.cluster.KubeconfigSecretConnector;
import dev.skyscaler.aws.eks.EksGateway;
import dev.skyscaler.aws.secrets.SecretsGateway;
import dev.skyscaler.kubernetes.ClusterView;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.ReadView;
import dev.skyscaler.kubernetes.runner.EnvironmentOptions;
import dev.skyscaler.kubernetes.scan.BackgroundBuild;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What every handler is built from, once per execution environment: the validated settings, the
 * gateways and the Auto Scaling Group provider, how to reach the cluster, the log and the clock.
 * Building it opens no connection and resolves no credential, so a SnapStart snapshot taken after
 * initialisation holds neither: the AWS credentials are resolved on the first call after restore
 * (from the container endpoint Lambda gives SnapStart functions, else from the environment
 * variables it gives the others), and the cluster is reached through {@link ClusterConnector} at
 * each invocation.
 *
 * <p>The cluster: the EKS cluster {@code CLUSTER_NAME} ({@code eks:DescribeCluster}, IAM token),
 * or, when {@code KUBECONFIG_SECRET_ARN} is set, the kubeconfig in that Secrets Manager secret.
 * With {@code CLOUD_PROVIDER=clusterapi} it is the Cluster API management cluster, and {@code
 * workload} reaches the workload cluster ({@code WORKLOAD_KUBECONFIG_SECRET_ARN}) when it is
 * another one. {@code AWS_ENDPOINT_URL} points every AWS client at an emulator (tests, local runs).
 *
 * <p>The {@link ClusterView} is the cluster as the environment's scans last saw it, kept across
 * invocations: each invocation resumes its watches and ends them ({@link InvocationScans}), so a
 * scan after the first lists nothing and nothing is open while Lambda freezes the environment or
 * takes a SnapStart snapshot (it is empty until the first invocation). The {@link EmfMetrics} are
 * kept the same way, so that counters count across invocations.
 *
 * <p>Where Lambda says the environment starts on demand ({@value #INITIALIZATION_TYPE} {@code
 * on-demand}), the Auto Scaling client and the Kubernetes deserializers ({@link ReadView#prime})
 * are built on threads of their own ({@link BackgroundBuild}) while the handler is constructed and
 * the first scan connects to the cluster; for {@code snap-start} and {@code
 * provisioned-concurrency} they are built before the constructor returns.
 */
public record FunctionWiring(
    FunctionSettings settings,
    AsgGateways gateways,
    AsgNodeGroupProvider provider,
    ClusterConnector cluster,
    JsonLog log,
    Clock clock,
    Optional<ClusterConnector> workload,
    ClusterView view,
    EmfMetrics metrics) {

  /** Set by Lambda: {@code on-demand}, {@code provisioned-concurrency} or {@code snap-start}. */
  static final String INITIALIZATION_TYPE = "AWS_LAMBDA_INITIALIZATION_TYPE";

  public FunctionWiring {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(gateways, "gateways");
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(log, "log");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(view, "view");
    Objects.requireNonNull(metrics, "metrics");
  }

  /**
   * Wiring with a new, empty view of the cluster the scans read (the workload cluster), kept
   * current by watches.
   */
  public FunctionWiring(
      FunctionSettings settings,
      AsgGateways gateways,
      AsgNodeGroupProvider provider,
      ClusterConnector cluster,
      JsonLog log,
      Clock clock,
      Optional<ClusterConnector> workload) {
    this(
        settings,
        gateways,
        provider,
        cluster,
        log,
        clock,
        workload,
        ClusterView.watching(clock),
        new EmfMetrics(log, settings.clusterName(), clock));
  }

  /** Wiring whose cluster is also the workload cluster, with a new, empty view of it. */
  public FunctionWiring(
      FunctionSettings settings,
      AsgGateways gateways,
      AsgNodeGroupProvider provider,
      ClusterConnector cluster,
      JsonLog log,
      Clock clock) {
    this(settings, gateways, provider, cluster, log, clock, Optional.empty());
  }

  /**
   * Reads and validates the environment and builds the clients.
   *
   * @throws dev.skyscaler.core.config.ConfigException listing every bad variable
   */
  public static FunctionWiring fromEnvironment(Map<String, String> env, Clock clock) {
    FunctionSettings settings = FunctionSettings.fromEnvironment(env);
    boolean onDemand = "on-demand".equals(env.get(INITIALIZATION_TYPE));
    // The Kubernetes deserializers: built on an idle core while an on-demand cold start goes on,
    // and into the snapshot (SnapStart) or the warm environment (provisioned) otherwise.
    if (onDemand) {
      BackgroundBuild.start("skyscaler-prime", ReadView::prime);
    } else {
      ReadView.prime();
    }
    AwsClientSettings aws = AwsClientSettings.fromEnvironment(settings.region(), env);
    // An on-demand cold start builds the Auto Scaling client while the first invocation connects
    // to the cluster. A SnapStart snapshot or a provisioned environment should hold it built.
    AsgGateways gateways = AsgGateways.create(aws, onDemand);
    AsgNodeGroupProvider provider =
        new AsgNodeGroupProvider(
            gateways,
            new AsgProviderOptions(settings.region(), settings.discovery(), settings.prices()),
            clock);
    JsonLog log = new JsonLog(System.out, clock);
    noteNoEffect(env, log);
    return new FunctionWiring(
        settings,
        gateways,
        provider,
        connector(settings, aws, gateways.eks(), clock),
        log,
        clock,
        settings
            .workloadKubeconfigSecretArn()
            .map(
                arn ->
                    new KubeconfigSecretConnector(
                        SecretsGateway.create(aws), arn, ConnectionOptions.DEFAULTS)));
  }

  /**
   * Says once, at initialisation, which settings are Cluster Autoscaler's own process flags ({@code
   * V}, {@code LOGTOSTDERR}, {@code --v} in {@code CLUSTER_AUTOSCALER_ARGS}, ...): accepted, so a
   * pasted configuration starts, but without effect, which a user should not have to guess.
   */
  static void noteNoEffect(Map<String, String> env, JsonLog log) {
    List<String> noEffect = new EnvironmentOptions(env, FunctionSettings.ownVariables()).noEffect();
    if (!noEffect.isEmpty()) {
      log.info(
          "settings with no effect: Cluster Autoscaler's process flags",
          Map.of("settings", noEffect));
    }
  }

  /** The kubeconfig secret when one is named, else the EKS cluster of the same name. */
  static ClusterConnector connector(
      FunctionSettings settings, AwsClientSettings aws, EksGateway eks, Clock clock) {
    if (settings.kubeconfigSecretArn().isPresent()) {
      return new KubeconfigSecretConnector(
          SecretsGateway.create(aws),
          settings.kubeconfigSecretArn().get(),
          ConnectionOptions.DEFAULTS);
    }
    return new EksConnector(
        eks::describeCluster, settings.clusterName(), aws, clock, ConnectionOptions.DEFAULTS);
  }
}
