package dev.skyscaler.kubernetes;

import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.http.StandardHttpRequest;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The last check of a fenced write, as each of its requests leaves ({@link
 * KubernetesConnection#write}): a request sent once the fence's time is up is refused before it
 * reaches the API server, and any other gets at most the time left as its timeout. Reads, and
 * requests made outside a fenced write, pass untouched.
 */
final class FenceCheck implements Interceptor {
  static final String NAME = "skyscaler-fence";

  private final ThreadLocal<WriteFence> sending;

  FenceCheck(ThreadLocal<WriteFence> sending) {
    this.sending = sending;
  }

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    WriteFence fence = sending.get();
    if (fence == null || "GET".equals(request.method())) {
      return;
    }
    Duration left = fence.timeLeft();
    if (left.isZero() || left.isNegative()) {
      throw new WriteRefusedException("the lease's time for it ran out before it was sent");
    }
    if (builder instanceof HttpRequest.Builder b) {
      Duration own =
          request instanceof StandardHttpRequest s
                  && s.getTimeout() != null
                  && s.getTimeout().toMillis() > 0
              ? s.getTimeout()
              : left;
      b.timeout(Math.max(1, Math.min(own.toMillis(), left.toMillis())), TimeUnit.MILLISECONDS);
    }
  }
}
