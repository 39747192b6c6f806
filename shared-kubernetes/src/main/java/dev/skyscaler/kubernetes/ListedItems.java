package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What becomes of a list's items as {@link ApiList} reads them: a batch of consecutive items is
 * parsed and handed to {@link #add} on one thread (batches on several threads at once), then the
 * batches are {@linkplain #merge merged} on the reading thread in the order of the answer.
 *
 * @param <B> what a batch gathers
 */
interface ListedItems<B> {
  /** A new, empty batch. */
  B batch();

  /**
   * Adds an item to {@code batch}; called for the items of one batch on one thread, in order, and
   * for different batches on different threads at once.
   */
  void add(B batch, JsonNode item);

  /** Takes in a complete batch; called on the reading thread, batch after batch in answer order. */
  void merge(B batch);
}
