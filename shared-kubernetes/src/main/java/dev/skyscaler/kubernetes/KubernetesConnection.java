package dev.skyscaler.kubernetes;

import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.RequestConfig;
import io.fabric8.kubernetes.client.RequestConfigBuilder;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fabric8 client (JDK HTTP backend) for one cluster, from a kubeconfig file, the pod's service
 * account, or a bearer-token supplier with the cluster's CA (the EKS and AKS tokens the cloud
 * modules issue).
 *
 * <p>Secrets stay secret: no message this class or its client produces contains a token, a client
 * key or kubeconfig text (errors name the file and a line, never its content), and fabric8's HTTP
 * trace logging, which would print the {@code Authorization} header, is switched off. {@link
 * #describe()} names the server and where the credentials came from, nothing more.
 */
public final class KubernetesConnection implements AutoCloseable {
  static final String IN_CLUSTER_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";
  private static final Pattern LINE = Pattern.compile("line:? (\\d+), column:? (\\d+)");

  private final KubernetesClient client;
  private final KubernetesClient evictionClient;
  private final ConnectionOptions options;
  private final String description;

  /** The fence of the write this thread is sending, if any: checked as each request leaves. */
  private final ThreadLocal<WriteFence> sending = new ThreadLocal<>();

  private KubernetesConnection(Config config, ConnectionOptions options, String source) {
    config.setConnectionTimeout(millis(options.connectTimeout().toMillis()));
    config.setRequestTimeout(millis(options.requestTimeout().toMillis()));
    config.setRequestRetryBackoffLimit(options.retries());
    config.setRequestRetryBackoffInterval(millis(options.retryInterval().toMillis()));
    config.setUserAgent(options.userAgent());
    // HTTP/2 only where TLS negotiates it: over plain HTTP the JDK client would try an h2c
    // upgrade, which API servers never speak (kubectl proxy ignores it) and which mixed up
    // concurrent responses with the test API server's
    config.setHttp2Disable(isPlainHttp(config.getMasterUrl()));
    this.client = build(config, source, new FenceCheck(sending));
    RequestConfig noRetries =
        new RequestConfigBuilder(config.getRequestConfig())
            .withRequestRetryBackoffLimit(0)
            .withRequestRetryBackoffInterval(0)
            .build();
    this.evictionClient = client.newClient(noRetries).adapt(KubernetesClient.class);
    this.options = options;
    this.description = config.getMasterUrl() + " (" + source + ")";
  }

  static boolean isPlainHttp(String server) {
    return server != null && server.regionMatches(true, 0, "http://", 0, "http://".length());
  }

  /**
   * The client, or a {@link ConnectionException} naming the source and the root cause: fabric8's
   * own message for a failed build is only "An error has occurred.".
   */
  private static KubernetesClient build(Config config, String source, Interceptor fence) {
    ReceiveBuffers.prefer();
    try {
      return new KubernetesClientBuilder()
          .withConfig(config)
          .withKubernetesSerialization(ReadView.SERIALIZATION)
          .withHttpClientBuilderConsumer(
              // At TRACE level this interceptor logs every header, the bearer token included.
              b ->
                  b.addOrReplaceInterceptor("HttpLogging", null)
                      .addOrReplaceInterceptor(FenceCheck.NAME, fence))
          .build();
    } catch (RuntimeException | LinkageError e) {
      throw buildFailure(source, e);
    }
  }

  /**
   * A failed build, named by its source and its root cause (a class, a setting), never fabric8's.
   */
  static ConnectionException buildFailure(String source, Throwable e) {
    Throwable root = KubernetesApiException.rootCause(e);
    return new ConnectionException(
        source
            + ": cannot build the Kubernetes client: "
            + root.getClass().getSimpleName()
            + (root.getMessage() == null ? "" : ": " + root.getMessage()));
  }

  /**
   * Connects as the kubeconfig's {@code context} (its current context when empty) says: server, CA
   * and credentials, including exec plugins such as {@code aws eks get-token}.
   *
   * @throws ConnectionException naming the file (and the line of a syntax error), or listing the
   *     contexts the file has when {@code context} is not one of them
   */
  public static KubernetesConnection fromKubeconfig(
      Path kubeconfig, Optional<String> context, ConnectionOptions options) {
    String file = "kubeconfig " + kubeconfig;
    if (!Files.isRegularFile(kubeconfig)) {
      throw new ConnectionException(file + ": no such file");
    }
    Config config;
    try {
      config = Config.fromKubeconfig(context.orElse(null), kubeconfig.toFile());
    } catch (RuntimeException e) {
      // never the parser's message: it quotes the offending line, which may hold a credential
      throw new ConnectionException(file + ": not a valid kubeconfig" + position(e));
    }
    List<String> names =
        config.getContexts() == null
            ? List.of()
            : config.getContexts().stream().map(NamedContext::getName).sorted().toList();
    String current =
        config.getCurrentContext() == null ? null : config.getCurrentContext().getName();
    if (context.isPresent() && !context.get().equals(current)) {
      throw new ConnectionException(
          file
              + ": no context \""
              + context.get()
              + "\": expected one of "
              + (names.isEmpty() ? "(none)" : String.join(", ", names)));
    }
    if (current == null || config.getMasterUrl() == null) {
      throw new ConnectionException(
          file + ": no current context with a cluster server: pass --context, one of " + names);
    }
    return new KubernetesConnection(
        config, options, "kubeconfig " + kubeconfig + ", context " + current);
  }

  /**
   * Connects as a kubeconfig read from a cloud secret store says (its current context), under
   * {@link KubeconfigText}'s rules: an {@code https://} server with inline CA data, and inline
   * credentials ({@code token}, {@code client-key-data}, ...); no exec plugin, no auth provider, no
   * file path, no {@code insecure-skip-tls-verify}.
   *
   * @param source what the text is, for messages (e.g. {@code kubeconfig in secret <arn>}); never
   *     the text itself
   * @throws ConnectionException naming {@code source} (and the line of a syntax error, or the
   *     fields that break the rules)
   */
  public static KubernetesConnection fromKubeconfigText(
      String kubeconfig, String source, ConnectionOptions options) {
    Config config;
    try {
      config = KubeconfigText.parse(Objects.requireNonNull(kubeconfig, "kubeconfig"), source);
    } catch (ConnectionException e) {
      throw e;
    } catch (RuntimeException e) {
      // never the parser's message: it quotes the offending line, which may hold a credential
      throw new ConnectionException(source + ": not a valid kubeconfig" + position(e));
    }
    if (config.getCurrentContext() == null || config.getMasterUrl() == null) {
      throw new ConnectionException(
          source + ": no current context with a cluster server: set current-context");
    }
    return new KubernetesConnection(
        config, options, source + ", context " + config.getCurrentContext().getName());
  }

  /**
   * Connects as the pod's service account: {@code KUBERNETES_SERVICE_HOST}/{@code _PORT}, the token
   * (re-read before each request, as projected tokens rotate) and {@code ca.crt}.
   *
   * @throws ConnectionException when not running in a pod
   */
  public static KubernetesConnection inCluster(ConnectionOptions options) {
    return inCluster(System.getenv(), Path.of(IN_CLUSTER_DIR), options);
  }

  static KubernetesConnection inCluster(
      Map<String, String> env, Path serviceAccountDir, ConnectionOptions options) {
    String host = env.get("KUBERNETES_SERVICE_HOST");
    String port = env.getOrDefault("KUBERNETES_SERVICE_PORT", "443");
    Path token = serviceAccountDir.resolve("token");
    Path ca = serviceAccountDir.resolve("ca.crt");
    if (host == null || host.isBlank() || !Files.isRegularFile(token)) {
      throw new ConnectionException(
          "in-cluster config: not running in a pod: expected KUBERNETES_SERVICE_HOST and " + token);
    }
    String server = "https://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    Optional<String> caPem = Files.isRegularFile(ca) ? Optional.of(read(ca)) : Optional.empty();
    Config config = tokenConfig(URI.create(server), () -> read(token).trim(), caPem);
    return new KubernetesConnection(config, options, "service account");
  }

  /**
   * Connects to {@code server} with a bearer token from {@code token}, which is asked before every
   * request (cache inside it: EKS tokens live 15 minutes) and again after a 401.
   *
   * @param caCertPem the cluster's CA certificate(s), PEM; empty to trust the JVM's default CAs
   */
  public static KubernetesConnection withToken(
      URI server, Supplier<String> token, Optional<String> caCertPem, ConnectionOptions options) {
    Objects.requireNonNull(token, "token");
    return new KubernetesConnection(
        tokenConfig(server, token, caCertPem), options, "bearer token supplier");
  }

  private static Config tokenConfig(URI server, Supplier<String> token, Optional<String> ca) {
    if (server == null || server.getScheme() == null || server.getHost() == null) {
      throw new ConnectionException(
          "server URL: expected an absolute URL like https://host:443, got " + server);
    }
    ConfigBuilder b =
        new ConfigBuilder(Config.empty())
            .withMasterUrl(server.toString())
            .withOauthTokenProvider(token::get);
    ca.ifPresent(
        pem ->
            b.withCaCertData(
                Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.UTF_8))));
    return b.build();
  }

  /** The client for every call but evictions. */
  public KubernetesClient client() {
    return client;
  }

  /** The same client without retries, for evictions, where 429 means a PDB said no. */
  public KubernetesClient evictionClient() {
    return evictionClient;
  }

  /**
   * Makes one write, admitted by {@code fence} first ({@link WriteFence#admit}): {@code call} gets
   * a client whose request timeout and retries fit the time granted ({@link CallBudget}), and each
   * of its requests is checked against the fence once more as it leaves: none is sent once the time
   * is up, and each gets at most what is left as its timeout.
   *
   * @param write what is written, for messages (e.g. {@code patch node n1})
   * @throws dev.skyscaler.kubernetes.fence.WriteRefusedException when the fence refuses it
   * @throws KubernetesClientException when the call fails
   */
  public <T> T write(WriteFence fence, String write, Function<KubernetesClient, T> call) {
    return fenced(fence, write, true, call);
  }

  /** {@link #write} through the {@link #evictionClient()}: no retries. */
  public <T> T evict(WriteFence fence, String write, Function<KubernetesClient, T> call) {
    return fenced(fence, write, false, call);
  }

  private <T> T fenced(
      WriteFence fence, String write, boolean retry, Function<KubernetesClient, T> call) {
    Duration budget = fence.admit(write);
    KubernetesClient bounded = within(retry ? client : evictionClient, budget, retry);
    sending.set(fence);
    try {
      return call.apply(bounded);
    } catch (WriteRefusedException e) { // thrown by FenceCheck on this thread
      throw new WriteRefusedException(write + ": not sent: " + e.getMessage());
    } catch (KubernetesClientException e) {
      if (KubernetesApiException.rootCause(e) instanceof WriteRefusedException refused) {
        throw new WriteRefusedException(write + ": not sent: " + refused.getMessage());
      }
      throw e;
    } finally {
      sending.remove();
    }
  }

  private KubernetesClient within(KubernetesClient base, Duration budget, boolean retry) {
    CallBudget fit = CallBudget.within(budget, options, retry);
    if (fit.unchanged(options, retry)) {
      return base;
    }
    RequestConfig bounded =
        new RequestConfigBuilder(base.getConfiguration().getRequestConfig())
            .withRequestTimeout(millis(fit.attemptTimeout().toMillis()))
            .withRequestRetryBackoffLimit(fit.retries())
            .withRequestRetryBackoffInterval(millis(fit.retryInterval().toMillis()))
            .build();
    return base.newClient(bounded).adapt(KubernetesClient.class);
  }

  /** The server and where the credentials came from, e.g. for a log line; never a secret. */
  public String describe() {
    return description;
  }

  @Override
  public String toString() {
    return "KubernetesConnection[" + description + "]";
  }

  @Override
  public void close() {
    client.close();
  }

  private static String position(Exception e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      Matcher m = LINE.matcher(String.valueOf(t.getMessage()));
      if (m.find()) {
        return " (line " + m.group(1) + ", column " + m.group(2) + ")";
      }
    }
    return "";
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ConnectionException("cannot read " + file + ": " + e.getClass().getSimpleName());
    }
  }

  private static int millis(long ms) {
    return (int) Math.min(Integer.MAX_VALUE, ms);
  }
}
