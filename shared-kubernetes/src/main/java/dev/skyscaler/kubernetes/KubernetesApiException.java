package dev.skyscaler.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * An API call failed after the client's retries: {@code list pods: HTTP 403 Forbidden: pods is
 * forbidden: ...}, or {@code patch node n1: I/O error: HttpConnectTimeoutException}. The message
 * names the operation and the server's answer, never a credential; {@link #code()} is the HTTP
 * status, 0 for a failure without one (timeout, refused connection).
 */
public class KubernetesApiException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int code;

  public KubernetesApiException(String message, int code, Throwable cause) {
    super(message, cause);
    this.code = code;
  }

  public int code() {
    return code;
  }

  /** {@code operation}'s failure, from the server's status (code, reason, message) only. */
  public static KubernetesApiException of(String operation, KubernetesClientException e) {
    int code = e.getCode();
    StringBuilder sb = new StringBuilder(operation).append(": ");
    if (code > 0) {
      sb.append("HTTP ").append(code);
      if (e.getStatus() != null) {
        if (present(e.getStatus().getReason())) {
          sb.append(' ').append(e.getStatus().getReason());
        }
        if (present(e.getStatus().getMessage())) {
          sb.append(": ").append(e.getStatus().getMessage());
        }
      }
    } else {
      sb.append("I/O error: ").append(rootCause(e).getClass().getSimpleName());
    }
    return new KubernetesApiException(sb.toString(), code, e);
  }

  /** The innermost cause of {@code e}: what failed, under the client's wrappers. */
  static Throwable rootCause(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root;
  }

  private static boolean present(String s) {
    return s != null && !s.isBlank();
  }
}
