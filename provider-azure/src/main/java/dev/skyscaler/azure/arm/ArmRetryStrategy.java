package dev.skyscaler.azure.arm;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.RequestRetryCondition;
import com.azure.core.http.policy.RetryStrategy;
import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeoutException;

/**
 * Retries inside one call for short trouble only: throttling (429) and server errors (408, 5xx)
 * whose {@code Retry-After} is at most {@code longestWait}, and I/O failures, with exponential
 * backoff between {@code baseDelay} and {@code maxDelay}. A longer {@code Retry-After} ends the
 * call at once with the 429: a scan runs every few seconds, so waiting a minute inside one would
 * only delay the next scan, which retries anyway. The SDK's {@code RetryPolicy} applies the {@code
 * Retry-After} delay itself.
 */
final class ArmRetryStrategy implements RetryStrategy {
  private static final Set<Integer> RETRYABLE = Set.of(408, 429, 500, 502, 503, 504);

  private final int maxRetries;
  private final Duration baseDelay;
  private final Duration maxDelay;
  private final Duration longestWait;

  ArmRetryStrategy(int maxRetries, Duration baseDelay, Duration maxDelay, Duration longestWait) {
    this.maxRetries = maxRetries;
    this.baseDelay = baseDelay;
    this.maxDelay = maxDelay;
    this.longestWait = longestWait;
  }

  @Override
  public int getMaxRetries() {
    return maxRetries;
  }

  @Override
  public Duration calculateRetryDelay(int retryAttempts) {
    Duration delay = baseDelay.multipliedBy(1L << Math.min(retryAttempts, 16));
    return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
  }

  @Override
  public boolean shouldRetryCondition(RequestRetryCondition condition) {
    HttpResponse response = condition.getResponse();
    if (response != null) {
      return RETRYABLE.contains(response.getStatusCode()) && retryAfterWithinLimit(response);
    }
    Throwable error = condition.getThrowable();
    return error instanceof IOException || error instanceof TimeoutException;
  }

  private boolean retryAfterWithinLimit(HttpResponse response) {
    String value = response.getHeaderValue(HttpHeaderName.RETRY_AFTER);
    if (value == null || value.isBlank()) {
      return true;
    }
    try {
      return Duration.ofSeconds(Long.parseLong(value.trim())).compareTo(longestWait) <= 0;
    } catch (NumberFormatException e) {
      return true; // an HTTP date: ARM sends seconds, so let the policy decide
    }
  }
}
