package dev.skyscaler.aws.moto;

import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.emulator.AwsEmulator;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocketFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * A moto server ({@code moto_server}, the AWS emulator installed on the build machines) on a free
 * loopback port, started for the test run and stopped after it. A missing {@code moto_server} fails
 * the run with one line saying so: the AWS tests never skip silently.
 */
public final class MotoServer implements AwsEmulator, AutoCloseable {
  public static final Region REGION = Region.US_EAST_1;
  private static final Duration STARTUP = Duration.ofSeconds(30);

  private final Process process;
  private final URI endpoint;
  private final Path log;

  /** For this server's own requests over TLS: trusts its certificate; built once. */
  private final Optional<SSLSocketFactory> trust;

  private MotoServer(Process process, URI endpoint, Path log, Optional<SSLSocketFactory> trust) {
    this.process = process;
    this.endpoint = endpoint;
    this.log = log;
    this.trust = trust;
  }

  /** Starts {@code moto_server} and waits until it answers. */
  public static MotoServer start() throws IOException, InterruptedException {
    return start(Optional.empty());
  }

  /**
   * Starts {@code moto_server}, over TLS with {@code tls}'s certificate when given, and waits until
   * it answers. This server's own requests (the readiness probe, {@link #reset}) trust {@code tls};
   * AWS clients built from {@link #settings} trust what the JVM trusts ({@link
   * LoopbackTls#trustInThisJvm}).
   */
  public static MotoServer start(Optional<LoopbackTls> tls)
      throws IOException, InterruptedException {
    int port = freePort();
    Path log = Files.createTempFile("moto-server-", ".log");
    List<String> command =
        new ArrayList<>(List.of("moto_server", "-H", "127.0.0.1", "-p", Integer.toString(port)));
    tls.ifPresent(
        t ->
            command.addAll(
                List.of(
                    "--ssl-cert",
                    t.certificatePem().toString(),
                    "--ssl-key",
                    t.keyPem().toString())));
    Process process;
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      // moto's request recorder (off until a test starts it) writes here, not into the module
      builder
          .environment()
          .put(
              "MOTO_RECORDER_FILEPATH",
              log.resolveSibling(log.getFileName() + ".recording").toString());
      process = builder.start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "moto_server is not on the PATH: the AWS tests need the moto server"
              + " (pip install 'moto[server]'); see functions-aws/README.md");
    }
    String scheme = tls.isPresent() ? "https" : "http";
    MotoServer server =
        new MotoServer(
            process,
            URI.create(scheme + "://127.0.0.1:" + port),
            log,
            tls.map(t -> t.sslContext().getSocketFactory()));
    server.awaitAnswer();
    return server;
  }

  @Override
  public String name() {
    return "moto";
  }

  public URI endpoint() {
    return endpoint;
  }

  /** Client settings pointing at this server, with fixed dummy credentials. */
  @Override
  public AwsClientSettings settings() {
    return new AwsClientSettings(
        REGION,
        Optional.of(endpoint),
        StaticCredentialsProvider.create(AwsBasicCredentials.create("testing", "testing")));
  }

  /** Forgets every resource (moto's reset API), for a test that needs an empty account. */
  public void reset() {
    try {
      HttpURLConnection c = open("/moto-api/reset");
      c.setRequestMethod("POST");
      c.setDoOutput(true);
      c.getOutputStream().close();
      if (c.getResponseCode() != 200) {
        throw new IllegalStateException("moto reset answered HTTP " + c.getResponseCode());
      }
    } catch (IOException e) {
      throw new IllegalStateException("moto reset failed: " + e.getMessage(), e);
    }
  }

  private void awaitAnswer() throws InterruptedException, IOException {
    long deadline = System.nanoTime() + STARTUP.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "moto_server exited with " + process.exitValue() + " at start: " + tail());
      }
      try {
        HttpURLConnection c = open("/moto-api/");
        c.setConnectTimeout(500);
        c.setReadTimeout(2000);
        if (c.getResponseCode() > 0) {
          return;
        }
      } catch (SSLException e) {
        close();
        throw new IllegalStateException("moto_server's TLS failed: " + e.getMessage(), e);
      } catch (IOException notYet) {
        Thread.sleep(100);
      }
    }
    close();
    throw new IllegalStateException("moto_server did not answer within " + STARTUP + ": " + tail());
  }

  /** A connection to {@code path} that trusts this server's certificate when it has one. */
  private HttpURLConnection open(String path) throws IOException {
    HttpURLConnection c = (HttpURLConnection) endpoint.resolve(path).toURL().openConnection();
    if (c instanceof HttpsURLConnection https) {
      trust.ifPresent(https::setSSLSocketFactory);
    }
    return c;
  }

  private String tail() throws IOException {
    String text = Files.readString(log, StandardCharsets.UTF_8);
    return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 0, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** The server process's CPU time so far (zero where the platform does not tell it). */
  public Duration cpuTime() {
    return process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
