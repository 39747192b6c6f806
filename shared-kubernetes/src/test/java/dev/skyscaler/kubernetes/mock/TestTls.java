package dev.skyscaler.kubernetes.mock;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A throw-away TLS identity for servers on 127.0.0.1: a self-signed EC certificate (SAN {@code
 * IP:127.0.0.1}) made by the JDK's own {@code keytool} once per test JVM, never written to the
 * repository. For the local servers that must speak TLS: the Azure SDK sends bearer tokens over
 * https only (the local ARM server), and the Magnum provider refuses plain http to anything but
 * loopback (the local OpenStack). Clients trust exactly this certificate: as a kubeconfig's CA data
 * ({@link #caData()}), a cloud-config's {@code ca-file} ({@link #caFile()}), or an {@link
 * SSLContext}.
 */
public final class TestTls {
  private static TestTls instance;

  private final SSLContext server;
  private final SSLContext client;
  private final String caData;
  private Path caFile;

  private TestTls(SSLContext server, SSLContext client, String caData) {
    this.server = server;
    this.client = client;
    this.caData = caData;
  }

  /** The identity of this JVM, made on first use. */
  public static synchronized TestTls get() {
    if (instance == null) {
      instance = create();
    }
    return instance;
  }

  /** For the server: presents the certificate. */
  public SSLContext serverContext() {
    return server;
  }

  /** For clients: trusts the certificate and nothing else. */
  public SSLContext clientContext() {
    return client;
  }

  /** The certificate as a kubeconfig's {@code certificate-authority-data}: base64 of the PEM. */
  public String caData() {
    return caData;
  }

  /** The certificate as a PEM file, for a cloud-config's {@code ca-file}; made on first use. */
  public synchronized Path caFile() {
    if (caFile == null) {
      try {
        caFile = Files.createTempFile("skyscaler-ca", ".pem");
        caFile.toFile().deleteOnExit();
        Files.writeString(caFile, new String(Base64.getDecoder().decode(caData)));
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }
    return caFile;
  }

  private static TestTls create() {
    try {
      Path dir = Files.createTempDirectory("skyscaler-tls");
      Path store = dir.resolve("local.p12");
      char[] password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12)).toCharArray();
      Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
      Process p =
          new ProcessBuilder(
                  List.of(
                      keytool.toString(),
                      "-genkeypair",
                      "-alias",
                      "local",
                      "-keyalg",
                      "EC",
                      "-groupname",
                      "secp256r1",
                      "-dname",
                      "CN=127.0.0.1",
                      "-ext",
                      "SAN=ip:127.0.0.1,dns:localhost",
                      "-validity",
                      "2",
                      "-keystore",
                      store.toString(),
                      "-storetype",
                      "PKCS12",
                      "-storepass",
                      new String(password),
                      "-keypass",
                      new String(password)))
              .redirectErrorStream(true)
              .start();
      String output = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException("keytool could not make a test certificate: " + output);
      }
      KeyStore keys = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(store)) {
        keys.load(in, password);
      }
      Files.delete(store);
      Files.delete(dir);
      KeyManagerFactory kmf =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(keys, password);
      SSLContext server = SSLContext.getInstance("TLS");
      server.init(kmf.getKeyManagers(), null, null);

      KeyStore trusted = KeyStore.getInstance("PKCS12");
      trusted.load(null, null);
      trusted.setCertificateEntry("local", keys.getCertificate("local"));
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trusted);
      SSLContext client = SSLContext.getInstance("TLS");
      client.init(null, tmf.getTrustManagers(), null);
      String pem =
          "-----BEGIN CERTIFICATE-----\n"
              + Base64.getMimeEncoder(64, "\n".getBytes())
                  .encodeToString(keys.getCertificate("local").getEncoded())
              + "\n-----END CERTIFICATE-----\n";
      return new TestTls(server, client, Base64.getEncoder().encodeToString(pem.getBytes()));
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot make the test TLS identity", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
