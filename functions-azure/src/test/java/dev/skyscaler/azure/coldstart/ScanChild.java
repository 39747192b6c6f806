package dev.skyscaler.azure.coldstart;

import com.azure.core.credential.TokenCredential;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.microsoft.azure.functions.ExecutionContext;
import dev.skyscaler.azure.arm.ArmConnection;
import dev.skyscaler.azure.auth.KeyVaultGateway;
import dev.skyscaler.azure.auth.ManagedIdentity;
import dev.skyscaler.azure.functions.AzureWiring;
import dev.skyscaler.azure.functions.FunctionInjector;
import dev.skyscaler.azure.functions.FunctionSettings;
import dev.skyscaler.azure.functions.ScanFunction;
import dev.skyscaler.kubernetes.ReadView;
import dev.skyscaler.kubernetes.scan.BackgroundBuild;
import dev.skyscaler.kubernetes.scan.Sleeper;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The child of the Azure cold-start measurement: what the Java worker does in a new instance for
 * the first tick of the Scan timer, and nothing else. It takes the function instance from {@link
 * FunctionInjector} (as the worker asks its injector), invokes {@link ScanFunction#run} once with
 * the timer's payload and an execution context, and prints one line:
 *
 * <pre>{@code
 * coldstart jvmStart=<epoch ms> constructed=<epoch ms> done=<epoch ms> cpu=<ms> output=<scan line>
 * }</pre>
 *
 * <p>{@code constructed} is when the function instance exists; the wiring is built at the first
 * invocation (as in production), so constructed → done is the whole first invocation. {@code
 * output} is the scan's log line ({@code ScanLogLine}).
 *
 * <p>The wiring is {@code AzureWiring.fromSettings}' production wiring from the environment — the
 * settings, the background build of the deserializers, the managed identity (here App Service's
 * identity endpoint, {@code IDENTITY_ENDPOINT}, served locally), Resource Manager's connection with
 * its production timings and Key Vault — but with Resource Manager and Key Vault at the local ARM
 * server given as the one argument, which production cannot be pointed at. It uses only
 * constructors and methods that the package from before issue 17 has too, so the same child runs
 * both packages. Its classpath is the function app's jar, its {@code lib/} and the worker's SPI
 * ({@link FunctionAppLayout}): nothing of the build's test classpath.
 */
public final class ScanChild {
  /** The prefix of the result line. */
  static final String PREFIX = "coldstart ";

  /** The timer trigger's payload on time, as the host sends it. */
  static final String TICK =
      "{\"Schedule\":{\"AdjustForDST\":true},\"ScheduleStatus\":null,\"IsPastDue\":false}";

  private ScanChild() {}

  public static void main(String[] args) {
    if (args.length != 1) {
      throw new IllegalArgumentException(
          "expected the argument <Resource Manager endpoint>, got " + List.of(args));
    }
    URI arm = URI.create(args[0]);
    ScanFunction scan = new FunctionInjector(() -> wiring(arm)).getInstance(ScanFunction.class);
    long constructed = System.currentTimeMillis();
    List<String> lines = new CopyOnWriteArrayList<>();
    scan.run(TICK, context(lines));
    long done = System.currentTimeMillis();
    // read once the work is done: neither the management beans nor the printing is measured
    long cpuMillis = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toMillis();
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    System.out.println(
        PREFIX
            + "jvmStart="
            + jvmStart
            + " constructed="
            + constructed
            + " done="
            + done
            + " cpu="
            + cpuMillis
            + " output="
            + String.join(" | ", lines));
    System.out.flush();
  }

  /** {@code AzureWiring.fromSettings}, with Resource Manager and Key Vault at {@code arm}. */
  private static AzureWiring wiring(URI arm) {
    FunctionSettings settings = FunctionSettings.parse(System.getenv());
    BackgroundBuild.start("skyscaler-prime", ReadView::prime);
    TokenCredential identity = ManagedIdentity.credential(settings.userAssignedIdentity());
    ArmConnection cloud = ArmConnection.to(settings.cloud(), settings.subscriptionId(), identity);
    return new AzureWiring(
        settings,
        identity,
        new ArmConnection(
            cloud.subscriptionId(),
            arm,
            identity,
            cloud.httpClient(),
            cloud.pollInterval(),
            cloud.longestRetryWait(),
            cloud.operationWait()),
        // a vault on 127.0.0.1 cannot pass the check that the challenge names its domain
        new KeyVaultGateway(identity, new JdkHttpClientBuilder().build(), false),
        Clock.systemUTC(),
        Sleeper.SYSTEM);
  }

  /** The invocation's context; its logger keeps the lines (the worker sends them to the host). */
  private static ExecutionContext context(List<String> lines) {
    Logger log = Logger.getAnonymousLogger();
    log.setUseParentHandlers(false);
    log.addHandler(
        new Handler() {
          @Override
          public void publish(LogRecord r) {
            lines.add(r.getLevel() + " " + r.getMessage());
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        });
    String id = "cold-start-" + ProcessHandle.current().pid();
    return new ExecutionContext() {
      @Override
      public Logger getLogger() {
        return log;
      }

      @Override
      public String getInvocationId() {
        return id;
      }

      @Override
      public String getFunctionName() {
        return "Scan";
      }
    };
  }
}
