package dev.skyscaler.kubernetes;

/**
 * Whether a cluster's API server offers streaming lists ({@code sendInitialEvents}, KEP-3157: on by
 * default in 1.32 and from 1.34, off in 1.33), learnt from its first answer and shared by every
 * kind the view reads, so a server that refuses them is asked once. One that ignores the request
 * (before 1.27) refuses it anyway: {@code resourceVersionMatch} is forbidden on its watches.
 */
final class StreamingLists {
  private volatile Boolean offered;

  /** Not known to be refused. */
  boolean mayBeOffered() {
    return !Boolean.FALSE.equals(offered);
  }

  void offered() {
    offered = Boolean.TRUE;
  }

  void refused() {
    offered = Boolean.FALSE;
  }

  /** How a server refuses a watch option it does not know: 400 Bad Request, 422 Invalid. */
  static boolean isRefusal(int code) {
    return code == 400 || code == 422;
  }
}
