package dev.skyscaler.kubernetes;

/**
 * The receive buffer of the JDK's HTTP client, which fabric8 sends through. At its default of 16
 * KiB a first read of 150,000 pods (375 MB) passes the client's reactive chain in some 23,000
 * pieces, on the one thread that also cuts the answer for the parsing threads, and that thread is
 * what limits the read; at 256 KiB the read took a tenth less CPU and about a seventh less time,
 * over plain HTTP and over TLS alike, and a watch's steady reads allocated the same (ADR 0062).
 *
 * <p>The size is a system property the client reads once, when the JVM builds its first one: it is
 * set here, before a connection builds its client, unless the user set it (or a client built
 * earlier already read it: then it stays as that one read it). A runner that builds another JDK
 * client first (the Azure functions' Resource Manager and Key Vault clients) calls {@link #prefer}
 * before it.
 */
public final class ReceiveBuffers {
  /** The JDK's system property for the size. */
  public static final String PROPERTY = "jdk.httpclient.bufsize";

  /** The size asked for. */
  public static final int BYTES = 256 * 1024;

  private ReceiveBuffers() {}

  /** Sets {@link #PROPERTY} to {@link #BYTES} unless it is set. */
  public static void prefer() {
    if (System.getProperty(PROPERTY) == null) {
      System.setProperty(PROPERTY, Integer.toString(BYTES));
    }
  }
}
