package dev.skyscaler.kubernetes.fence;

/**
 * A write the {@link WriteFence} refused: the lease was taken by another actor, deleted, could not
 * be confirmed, or has too little time left. The message names the write and why, e.g. {@code patch
 * node n1: not made: lease kube-system/skyscaler is now held by aws-lambda/7f...}.
 */
public final class WriteRefusedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public WriteRefusedException(String message) {
    super(message);
  }
}
