package dev.skyscaler.azure.coldstart;

import dev.skyscaler.kubernetes.mock.TestTls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import java.util.List;

/**
 * The child's default trust: the JDK's CA certificates plus the local ARM server's ({@link
 * TestTls}), written as a trust store the child names by system properties ({@link #jvmFlags}), as
 * a Functions instance trusts Resource Manager and Key Vault through the platform's CAs.
 */
record ChildTrust(Path trustStore, String type) {
  private static final String PASSWORD = "changeit";

  static ChildTrust write(Path dir) {
    try {
      Path cacerts = Path.of(System.getProperty("java.home"), "lib", "security", "cacerts");
      KeyStore store = KeyStore.getInstance(cacerts.toFile(), PASSWORD.toCharArray());
      byte[] pem = Base64.getDecoder().decode(TestTls.get().caData());
      store.setCertificateEntry(
          "skyscaler-local",
          CertificateFactory.getInstance("X.509")
              .generateCertificate(new ByteArrayInputStream(pem)));
      Path file = dir.resolve("child-trust." + store.getType().toLowerCase());
      try (OutputStream out = Files.newOutputStream(file)) {
        store.store(out, PASSWORD.toCharArray());
      }
      return new ChildTrust(file, store.getType());
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot write the child's trust store: " + e.getMessage(), e);
    }
  }

  /** The system properties that make {@link #trustStore} the child's default trust. */
  List<String> jvmFlags() {
    return List.of(
        "-Djavax.net.ssl.trustStore=" + trustStore,
        "-Djavax.net.ssl.trustStorePassword=" + PASSWORD,
        "-Djavax.net.ssl.trustStoreType=" + type);
  }
}
