package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Hands a list's objects, as the reading thread parses them, to a second thread that translates
 * them, in batches: parsing the JSON and translating the trees each take about half of a large
 * read's CPU, so on two cores they overlap. Order is kept (one translating thread). What is in
 * flight is bounded ({@value #BATCH} trees a batch, {@value #QUEUED} batches queued), so a fast
 * reader waits for the translation rather than holding the list's trees.
 *
 * <p>Use: {@link #accept} from the reading thread for every object, then {@link #finish} from it,
 * which returns once everything is translated and rethrows what the translation threw; {@link
 * #close} (always, e.g. after the read failed) stops the second thread.
 */
final class TranslationPipeline implements Consumer<JsonNode>, AutoCloseable {
  static final int BATCH = 256;
  static final int QUEUED = 8;
  private static final List<JsonNode> END = List.of();

  private final BlockingQueue<List<JsonNode>> queue = new ArrayBlockingQueue<>(QUEUED);
  private final Thread translator;
  private volatile RuntimeException failure;
  private volatile boolean closed;
  private List<JsonNode> batch = new ArrayList<>(BATCH);

  TranslationPipeline(String what, Consumer<JsonNode> translate) {
    translator = new Thread(() -> run(translate), "skyscaler-translate " + what);
    translator.setDaemon(true);
    translator.start();
  }

  @Override
  public void accept(JsonNode object) {
    batch.add(object);
    if (batch.size() == BATCH) {
      hand(batch);
      batch = new ArrayList<>(BATCH);
    }
  }

  /** Waits until every object handed is translated; rethrows what the translation threw. */
  void finish() {
    hand(batch);
    hand(END);
    try {
      translator.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KubernetesApiException("translation interrupted", 0, e);
    }
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public void close() {
    closed = true;
    translator.interrupt();
  }

  private void hand(List<JsonNode> objects) {
    try {
      while (!queue.offer(objects, 50, TimeUnit.MILLISECONDS)) {
        if (failure != null) {
          throw failure; // the translator stopped: nothing takes from the queue any more
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KubernetesApiException("translation interrupted", 0, e);
    }
  }

  private void run(Consumer<JsonNode> translate) {
    try {
      while (!closed) {
        List<JsonNode> objects = queue.take();
        if (objects == END) {
          return;
        }
        objects.forEach(translate);
      }
    } catch (InterruptedException e) {
      // closed: the read failed or ended
    } catch (RuntimeException e) {
      failure = e;
    }
  }
}
