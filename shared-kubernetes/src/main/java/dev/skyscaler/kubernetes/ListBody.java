package dev.skyscaler.kubernetes;

import io.fabric8.kubernetes.client.http.AsyncBody;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Takes a list answer's body as the HTTP client receives it, buffer after buffer on the client's
 * thread, and feeds a successful answer to a {@link ListSplitter}, or keeps the start of a refusal
 * for its Status. Reading the buffers where they arrive, rather than through an {@code InputStream}
 * over them, spares a hand-over between threads per buffer: a tenth of a big list's reading time.
 */
final class ListBody implements AsyncBody.Consumer<List<ByteBuffer>> {
  /** How much of a refusal is kept: a Status is a few hundred bytes. */
  private static final int MAX_REFUSAL_BYTES = 64 * 1024;

  private volatile ListSplitter splitter;
  private final byte[] scratch = new byte[64 * 1024];
  private final ByteArrayOutputStream refusal = new ByteArrayOutputStream();
  private volatile boolean refused;
  private volatile IOException failure;

  ListBody(ListSplitter splitter) {
    this.splitter = splitter;
  }

  /** The answer is a refusal: keep its start, for the Status in it. Before the body is consumed. */
  void refused() {
    refused = true;
  }

  @Override
  public void consume(List<ByteBuffer> buffers, AsyncBody body) {
    try {
      for (ByteBuffer b : buffers) {
        take(b);
      }
      body.consume();
    } catch (IOException e) {
      failure = e;
      body.cancel();
    } catch (RuntimeException e) {
      failure = new IOException(e.getClass().getSimpleName() + ": " + e.getMessage(), e);
      body.cancel();
    }
  }

  /**
   * Lets go of the splitter and, through it, the list read: the HTTP client may keep a body's
   * consumer after the body ended (with the connection it pools), and a list's objects must not
   * stay reachable from there.
   */
  void release() {
    splitter = null;
  }

  /** What went wrong with the answer's bytes, or null. */
  IOException failure() {
    return failure;
  }

  /** The start of a refusal's body. */
  byte[] refusal() {
    return refusal.toByteArray();
  }

  private void take(ByteBuffer b) throws IOException {
    ListSplitter splitter = this.splitter;
    if (splitter == null) {
      throw new IOException("the answer goes on after its reader stopped");
    }
    if (refused) {
      byte[] kept = new byte[Math.min(b.remaining(), MAX_REFUSAL_BYTES - refusal.size())];
      b.get(kept);
      refusal.writeBytes(kept);
      return;
    }
    if (b.hasArray()) {
      int start = b.arrayOffset() + b.position();
      splitter.scan(b.array(), start, start + b.remaining());
      return;
    }
    while (b.hasRemaining()) {
      int n = Math.min(b.remaining(), scratch.length);
      b.get(scratch, 0, n);
      splitter.scan(scratch, 0, n);
    }
  }
}
