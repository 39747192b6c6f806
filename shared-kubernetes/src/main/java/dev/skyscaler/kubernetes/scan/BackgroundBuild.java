package dev.skyscaler.kubernetes.scan;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * A value built on a daemon thread of its own from the moment it is started, so that the caller
 * goes on with other work meanwhile; {@link #get} waits for it. A build that failed fails every
 * {@link #get} with its own exception.
 *
 * <p>Used for a scan's cloud read, which runs while the cluster is read ({@link ScanCycle}), and
 * for the AWS functions' Auto Scaling client, built while an on-demand cold start goes on
 * (docs/performance.md).
 */
public final class BackgroundBuild<T> implements Supplier<T> {
  private final CompletableFuture<T> value;

  private BackgroundBuild(CompletableFuture<T> value) {
    this.value = value;
  }

  /** Starts building on a daemon thread named {@code name}. */
  public static <T> BackgroundBuild<T> start(String name, Supplier<T> build) {
    Objects.requireNonNull(build, "build");
    CompletableFuture<T> value = new CompletableFuture<>();
    Thread t =
        new Thread(
            () -> {
              try {
                value.complete(Objects.requireNonNull(build.get(), name + " built nothing"));
              } catch (RuntimeException | Error e) {
                value.completeExceptionally(e);
              }
            },
            name);
    t.setDaemon(true);
    t.start();
    return new BackgroundBuild<>(value);
  }

  /** The value, once built; the build's own exception when it failed. */
  @Override
  public T get() {
    try {
      return value.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }
}
