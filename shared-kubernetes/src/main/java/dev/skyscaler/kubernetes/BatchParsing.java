package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * Parses the batches {@link ListSplitter} cuts from a list's answer on up to {@code threads} worker
 * threads while the reading thread goes on reading and cutting, and merges them in the order of the
 * answer. The first batch is kept back until a second one comes, so a list of one batch (most kinds
 * of most clusters) is parsed on the reading thread and starts no thread. At most two batches per
 * worker wait to be parsed, so what a read holds of the answer at once stays a few megabytes.
 *
 * @param <B> what a batch gathers
 */
final class BatchParsing<B> implements ListSplitter.Batches, AutoCloseable {
  private final ObjectTrees.Keep keep;
  private final ListedItems<B> items;
  private final int threads;
  private final List<Future<B>> parsed = new ArrayList<>();
  private final Semaphore waiting;
  private final BlockingQueue<byte[]> free;
  private ExecutorService pool;
  private byte[] held;
  private int heldLength;

  /**
   * @param threads how many threads parse batches; 1 parses each on the reading thread as it comes
   */
  BatchParsing(ObjectTrees.Keep keep, ListedItems<B> items, int threads) {
    this.keep = keep;
    this.items = items;
    this.threads = threads;
    this.waiting = new Semaphore(2 * threads);
    // every batch that can be parsed or wait at once, and the one being gathered
    this.free = new ArrayBlockingQueue<>(3 * Math.max(1, threads) + 1);
  }

  @Override
  public byte[] buffer(int capacity) {
    byte[] b = free.poll();
    return b != null && b.length >= capacity ? b : new byte[capacity];
  }

  @Override
  public void batch(byte[] json, int length) throws IOException {
    if (threads <= 1) {
      items.merge(parse(json, length));
      return;
    }
    if (held == null && pool == null) {
      held = json;
      heldLength = length;
      return;
    }
    if (pool == null) {
      pool = Executors.newFixedThreadPool(threads, ReadCalls::daemon);
      submit(held, heldLength);
      held = null;
    }
    submit(json, length);
  }

  /**
   * Waits for every batch and merges them in order.
   *
   * @throws IOException naming what could not be parsed, for the first batch that could not
   */
  void finish() throws IOException {
    if (held != null) {
      items.merge(parse(held, heldLength));
      held = null;
    }
    for (Future<B> f : parsed) {
      items.merge(result(f));
    }
    parsed.clear();
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }

  private void submit(byte[] json, int length) throws IOException {
    try {
      waiting.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while parsing the list");
    }
    parsed.add(
        pool.submit(
            () -> {
              try {
                return parse(json, length);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              } finally {
                waiting.release();
              }
            }));
  }

  private B result(Future<B> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while parsing the list");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UncheckedIOException io) {
        throw io.getCause();
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r; // a SnapshotException or a bug: as it would be on the reading thread
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  private B parse(byte[] json, int length) throws IOException {
    B batch = parsed(json, length);
    if (json.length <= 2 * ListSplitter.BATCH_BYTES) { // not one grown for a huge item
      free.offer(json); // nothing of a parsed batch refers to its bytes
    }
    return batch;
  }

  private B parsed(byte[] json, int length) throws IOException {
    B batch = items.batch();
    try (JsonParser p = ObjectTrees.JSON.createParser(json, 0, length)) {
      if (p.nextToken() != JsonToken.START_ARRAY) {
        throw new IOException("the list's items are not an array");
      }
      for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
        if (t != JsonToken.START_OBJECT) {
          throw new IOException("an item of the list is not an object");
        }
        items.add(batch, ObjectTrees.read(p, keep));
      }
      if (p.nextToken() != null) {
        throw new IOException("the list's items go on after their end");
      }
    }
    return batch;
  }
}
