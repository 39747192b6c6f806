package dev.skyscaler.kubernetes;

/**
 * How a list's answer is parsed ({@link ApiList}): its items cut into batches of about {@code
 * batchBytes} of JSON, parsed on up to {@code threads} threads besides the one reading the answer.
 *
 * @param threads how many threads parse batches; 1 parses them on the reading thread
 * @param batchBytes about how many bytes of items a batch holds
 */
public record ListParsing(int threads, int batchBytes) {
  /** A thread per processor the JVM may use, batches of 1 MiB. */
  public static ListParsing perProcessor() {
    return new ListParsing(
        Math.min(8, Runtime.getRuntime().availableProcessors()), ListSplitter.BATCH_BYTES);
  }

  /** Every batch parsed on the reading thread. */
  public static ListParsing onReadingThread() {
    return new ListParsing(1, ListSplitter.BATCH_BYTES);
  }

  public ListParsing {
    if (threads < 1 || threads > 64) {
      throw new IllegalArgumentException("threads: 1 to 64, not " + threads);
    }
    if (batchBytes < 1) {
      throw new IllegalArgumentException("batchBytes: at least 1, not " + batchBytes);
    }
  }
}
