package dev.skyscaler.magnum.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * The TLS trust of cloud-config: the JVM's CAs, the PEM certificates of {@code ca-file} instead, or
 * (with {@code tls-insecure}, as gophercloud's {@code InsecureSkipVerify}) none.
 */
public final class TlsContexts {
  private TlsContexts() {}

  /**
   * @throws IllegalArgumentException naming the file when it cannot be read or holds no certificate
   */
  public static SSLContext of(Optional<Path> caFile, boolean insecure) {
    try {
      SSLContext tls = SSLContext.getInstance("TLS");
      if (insecure) {
        tls.init(null, new TrustManager[] {new TrustingEveryone()}, null);
      } else if (caFile.isPresent()) {
        tls.init(null, trusting(caFile.get()), null);
      } else {
        return SSLContext.getDefault();
      }
      return tls;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot set up TLS: " + e.getMessage(), e);
    }
  }

  private static TrustManager[] trusting(Path file) throws GeneralSecurityException {
    Collection<? extends Certificate> certs;
    try (InputStream in = Files.newInputStream(file)) {
      certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "ca-file " + file + ": cannot be read (" + e.getMessage() + ")");
    }
    if (certs.isEmpty()) {
      throw new IllegalArgumentException("ca-file " + file + ": holds no PEM certificate");
    }
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    try {
      store.load(null, null);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    int i = 0;
    for (Certificate c : certs) {
      store.setCertificateEntry("ca-" + i++, c);
    }
    TrustManagerFactory f =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    f.init(store);
    return f.getTrustManagers();
  }

  /** What {@code tls-insecure = true} asks for: no check of the server's certificate. */
  private static final class TrustingEveryone implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
