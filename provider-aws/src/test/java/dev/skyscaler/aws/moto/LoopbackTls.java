package dev.skyscaler.aws.moto;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS for a server on 127.0.0.1: an RSA 2048 key and a self-signed certificate for that address
 * (made with the JDK's {@code keytool}, as AWS's endpoints use RSA 2048), written as PEM for {@code
 * moto_server --ssl-cert/--ssl-key}, and a trust store holding the JDK's CA certificates and this
 * one, for JVMs that reach the server over TLS with their default trust (a JVM's trust store is
 * chosen by system properties, {@link #jvmFlags}). The trust store has the type of the JDK's {@code
 * cacerts} ({@link #storeType}), so loading it costs what loading the default costs.
 */
public record LoopbackTls(Path certificatePem, Path keyPem, Path trustStore, String storeType) {
  /** The password of every store here, the JDK's own for {@code cacerts}. */
  public static final String PASSWORD = "changeit";

  private static final String ALIAS = "loopback";

  /** Makes the key, the certificate and the trust store in {@code dir}. */
  public static LoopbackTls create(Path dir) {
    try {
      Path keyStore = dir.resolve("loopback.p12");
      keytool(keyStore);
      KeyStore own = KeyStore.getInstance(keyStore.toFile(), PASSWORD.toCharArray());
      X509Certificate cert = (X509Certificate) own.getCertificate(ALIAS);
      PrivateKey key = (PrivateKey) own.getKey(ALIAS, PASSWORD.toCharArray());
      Path certPem =
          Files.writeString(dir.resolve("loopback.crt"), pem("CERTIFICATE", cert.getEncoded()));
      Path keyPem =
          Files.writeString(dir.resolve("loopback.key"), pem("PRIVATE KEY", key.getEncoded()));
      KeyStore store = jdkCaCertificates();
      store.setCertificateEntry(ALIAS, cert);
      Path trust = dir.resolve("trust." + store.getType().toLowerCase(Locale.ROOT));
      try (OutputStream out = Files.newOutputStream(trust)) {
        store.store(out, PASSWORD.toCharArray());
      }
      return new LoopbackTls(certPem, keyPem, trust, store.getType());
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot make the loopback TLS material in " + dir, e);
    }
  }

  /** The system properties that make {@link #trustStore} a JVM's default trust. */
  public List<String> jvmFlags() {
    return List.of(
        "-Djavax.net.ssl.trustStore=" + trustStore,
        "-Djavax.net.ssl.trustStorePassword=" + PASSWORD,
        "-Djavax.net.ssl.trustStoreType=" + storeType);
  }

  /**
   * Makes {@link #trustStore} this JVM's default trust; only effective before anything in it has
   * made a TLS context, so for a JVM of its own (the measurement), first thing.
   */
  public void trustInThisJvm() {
    System.setProperty("javax.net.ssl.trustStore", trustStore.toString());
    System.setProperty("javax.net.ssl.trustStorePassword", PASSWORD);
    System.setProperty("javax.net.ssl.trustStoreType", storeType);
  }

  /** A TLS context trusting {@link #trustStore}, for a client that must not touch the defaults. */
  public SSLContext sslContext() {
    try {
      KeyStore store = KeyStore.getInstance(storeType);
      try (var in = Files.newInputStream(trustStore)) {
        store.load(in, PASSWORD.toCharArray());
      }
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, tmf.getTrustManagers(), null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException(trustStore + ": cannot read the trust store", e);
    }
  }

  private static void keytool(Path keyStore) throws IOException {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    Process p =
        new ProcessBuilder(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                ALIAS,
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                "CN=127.0.0.1",
                "-ext",
                "san=ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                keyStore.toString(),
                "-storepass",
                PASSWORD,
                "-keypass",
                PASSWORD)
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes());
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(keyStore + ": keytool -genkeypair failed: " + out.strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while keytool ran", e);
    }
  }

  private static KeyStore jdkCaCertificates() throws IOException, GeneralSecurityException {
    Path cacerts = Path.of(System.getProperty("java.home"), "lib", "security", "cacerts");
    KeyStore jdk = KeyStore.getInstance(cacerts.toFile(), PASSWORD.toCharArray());
    KeyStore store = KeyStore.getInstance(jdk.getType());
    store.load(null, null);
    for (String alias : Collections.list(jdk.aliases())) {
      store.setCertificateEntry(alias, jdk.getCertificate(alias));
    }
    return store;
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }
}
