package dev.skyscaler.kubernetes;

import java.time.Duration;
import java.util.Objects;

/**
 * How the adapter talks to an API server: bounded timeouts and a bounded number of retries, so a
 * scan that meets a slow or failing server ends within its budget instead of hanging.
 *
 * @param connectTimeout the TCP and TLS connect timeout
 * @param requestTimeout the time one request may take, retries excluded
 * @param retries how many times a request that failed with 5xx, 429 or an I/O error is retried
 *     (evictions are never retried by the client: a 429 there is a PodDisruptionBudget's answer)
 * @param retryInterval the first retry's delay; each later one doubles it
 * @param userAgent the {@code User-Agent} header, which audit logs show
 */
public record ConnectionOptions(
    Duration connectTimeout,
    Duration requestTimeout,
    int retries,
    Duration retryInterval,
    String userAgent) {

  /** 5 s to connect, 15 s per request, 2 retries from 200 ms, user agent {@code skyscaler}. */
  public static final ConnectionOptions DEFAULTS =
      new ConnectionOptions(
          Duration.ofSeconds(5), Duration.ofSeconds(15), 2, Duration.ofMillis(200), "skyscaler");

  public ConnectionOptions {
    positive(connectTimeout, "connectTimeout");
    positive(requestTimeout, "requestTimeout");
    if (retries < 0) {
      throw new IllegalArgumentException("retries must be at least 0, was " + retries);
    }
    Objects.requireNonNull(retryInterval, "retryInterval");
    if (retryInterval.isNegative()) {
      throw new IllegalArgumentException("retryInterval must not be negative");
    }
    if (userAgent == null || userAgent.isBlank()) {
      throw new IllegalArgumentException("userAgent must not be blank");
    }
  }

  public ConnectionOptions withRequestTimeout(Duration timeout) {
    return new ConnectionOptions(connectTimeout, timeout, retries, retryInterval, userAgent);
  }

  public ConnectionOptions withRetries(int count, Duration interval) {
    return new ConnectionOptions(connectTimeout, requestTimeout, count, interval, userAgent);
  }

  /** These options with another {@code User-Agent}, e.g. naming the function and its version. */
  public ConnectionOptions withUserAgent(String agent) {
    return new ConnectionOptions(connectTimeout, requestTimeout, retries, retryInterval, agent);
  }

  private static void positive(Duration d, String name) {
    Objects.requireNonNull(d, name);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, was " + d);
    }
  }
}
