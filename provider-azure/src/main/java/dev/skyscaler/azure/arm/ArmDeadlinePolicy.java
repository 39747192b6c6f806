package dev.skyscaler.azure.arm;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.Context;
import dev.skyscaler.kubernetes.fence.Deadline;
import java.time.Duration;
import reactor.core.publisher.Mono;

/**
 * Bounds each request of a call by the {@link Deadline} its {@link Context} carries ({@link
 * #context}): a request is sent with what is left as its response timeout (which the JDK HTTP
 * client honours), or not sent at all once the deadline has passed. Runs per attempt, so a
 * long-running operation's polls are bounded too.
 */
public final class ArmDeadlinePolicy implements HttpPipelinePolicy {
  private static final String DEADLINE = "skyscaler-deadline";

  /** The JDK HTTP client's per-request response timeout. */
  private static final String RESPONSE_TIMEOUT = "azure-response-timeout";

  /** A context carrying {@code deadline} for the calls made with it. */
  public static Context context(Deadline deadline) {
    return new Context(DEADLINE, deadline);
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    try {
      bound(context);
    } catch (ArmException e) {
      return Mono.error(e);
    }
    return next.process();
  }

  @Override
  public HttpResponse processSync(
      HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    bound(context);
    return next.processSync();
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_RETRY;
  }

  private static void bound(HttpPipelineCallContext context) {
    Object d = context.getData(DEADLINE).orElse(null);
    if (!(d instanceof Deadline deadline)) {
      return;
    }
    Duration left = deadline.left();
    if (left.isZero()) {
      throw new ArmException(
          context.getHttpRequest().getHttpMethod()
              + " "
              + context.getHttpRequest().getUrl().getPath(),
          0,
          "",
          "no time left under the scan's lease: not sent, retried next scan");
    }
    context.setData(RESPONSE_TIMEOUT, left);
  }
}
