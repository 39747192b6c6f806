package dev.skyscaler.aws.moto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The TLS the cold-start measurement gives moto, and moto over it. */
class LoopbackTlsTest {
  @TempDir Path dir;

  @Test
  void theCertificateIsForTheLoopbackAddressAndTheTrustStoreAddsItToTheJdksCas() throws Exception {
    LoopbackTls tls = LoopbackTls.create(dir);

    X509Certificate cert;
    try (InputStream in = Files.newInputStream(tls.certificatePem())) {
      cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
    assertThat(cert.getSubjectAlternativeNames()).containsExactly(List.of(7, "127.0.0.1"));
    assertThat(Files.readString(tls.keyPem())).startsWith("-----BEGIN PRIVATE KEY-----\n");
    KeyStore jdk =
        KeyStore.getInstance(
            Path.of(System.getProperty("java.home"), "lib", "security", "cacerts").toFile(),
            LoopbackTls.PASSWORD.toCharArray());
    KeyStore trust = KeyStore.getInstance(tls.storeType());
    try (InputStream in = Files.newInputStream(tls.trustStore())) {
      trust.load(in, LoopbackTls.PASSWORD.toCharArray());
    }
    assertThat(tls.storeType()).isEqualTo(jdk.getType());
    assertThat(trust.size()).isEqualTo(jdk.size() + 1);
    assertThat(trust.getCertificateAlias(cert)).isEqualTo("loopback");
    assertThat(tls.jvmFlags())
        .containsExactly(
            "-Djavax.net.ssl.trustStore=" + tls.trustStore(),
            "-Djavax.net.ssl.trustStorePassword=changeit",
            "-Djavax.net.ssl.trustStoreType=" + jdk.getType());
  }

  @Test
  void motoServesHttpsThatItsTrustStoreAcceptsAndTheJdksDefaultsRefuse() throws Exception {
    LoopbackTls tls = LoopbackTls.create(dir);

    try (MotoServer moto = MotoServer.start(Optional.of(tls))) {
      moto.reset();
      URI api = moto.endpoint().resolve("/moto-api/");

      assertThat(moto.endpoint().getScheme()).isEqualTo("https");
      HttpsURLConnection trusted = (HttpsURLConnection) api.toURL().openConnection();
      trusted.setSSLSocketFactory(tls.sslContext().getSocketFactory());
      assertThat(trusted.getResponseCode()).isEqualTo(200);
      HttpsURLConnection untrusted = (HttpsURLConnection) api.toURL().openConnection();
      untrusted.setSSLSocketFactory(SSLContext.getInstance("Default").getSocketFactory());
      assertThatThrownBy(untrusted::getResponseCode).isInstanceOf(SSLHandshakeException.class);
    }
  }

  @Test
  void materialThatCannotBeWrittenNamesTheDirectory() throws IOException {
    Path file = Files.writeString(dir.resolve("not-a-directory"), "x");

    assertThatThrownBy(() -> LoopbackTls.create(file))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(file + "/loopback.p12: keytool -genkeypair failed: ");
  }
}
