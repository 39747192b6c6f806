package dev.skyscaler.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * What the two readers of a live cluster ({@link LiveSnapshotReader}, {@link ClusterView}) share to
 * make their requests: failures named by the request, reads in parallel on daemon threads, and a
 * parallel read's own exception rethrown as it was.
 */
final class ReadCalls {
  private ReadCalls() {}

  /** Runs {@code call}, naming {@code what} in its failure. */
  static <T> T call(String what, Supplier<T> call) {
    try {
      return call.get();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of(what, e);
    }
  }

  static <T> CompletableFuture<T> async(ExecutorService pool, Supplier<T> task) {
    return CompletableFuture.supplyAsync(task, pool);
  }

  /** The task's result, or the exception it threw (not wrapped). */
  static <T> T join(CompletableFuture<T> f) {
    try {
      return f.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw e;
    }
  }

  /** A daemon thread for a read pool: a read never keeps the process alive. */
  static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "skyscaler-read");
    t.setDaemon(true);
    return t;
  }
}
