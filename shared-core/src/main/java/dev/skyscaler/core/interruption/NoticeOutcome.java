package dev.skyscaler.core.interruption;

import java.util.Objects;

/**
 * What became of one notice, for logs and for acknowledging the queue message: every outcome means
 * the message may be deleted, since the decision is in the plan or the notice needs nothing.
 *
 * @param node the node the notice is about, empty when it is about none of this cluster's nodes
 * @param reason one sentence: what is done, or why nothing is
 */
public record NoticeOutcome(String noticeId, Result result, String node, String reason) {
  /** Acted on, ignored, or a duplicate of a notice already handled. */
  public enum Result {
    ACTED,
    IGNORED,
    DUPLICATE
  }

  public NoticeOutcome {
    Objects.requireNonNull(noticeId, "noticeId");
    Objects.requireNonNull(result, "result");
    node = node == null ? "" : node;
    Objects.requireNonNull(reason, "reason");
  }
}
