package dev.skyscaler.kubernetes.mock;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Every request the adapter sent to any mock API server during this test run, for the RBAC
 * cross-check ({@code RbacManifestTest}), which runs after the other test classes.
 */
public final class RequestLog {
  private static final ConcurrentLinkedQueue<ApiCall> CALLS = new ConcurrentLinkedQueue<>();

  private RequestLog() {}

  static void record(ApiCall call) {
    CALLS.add(call);
  }

  public static List<ApiCall> all() {
    return List.copyOf(CALLS);
  }
}
