package dev.skyscaler.kubernetes;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Cuts a list answer into its envelope and batches of whole items without parsing it, so that the
 * items can be parsed on several threads: parsing the JSON of 150,000 pods is most of a first
 * read's CPU, and finding where each item ends is a small fraction of it (a pass over the bytes
 * that follows strings and nesting, nothing else).
 *
 * <p>A batch is a JSON array of about {@link #BATCH_BYTES} of consecutive items ({@code [{...},
 * {...}]}), each item as the server sent it. The envelope is the answer with its {@code items}
 * array left empty ({@code {"kind":"PodList","metadata":{...},"items":[]}}); it is parsed as any
 * answer is, so an answer whose items are not found here (no {@code items} key written plainly) is
 * still read whole, one item after another, and within {@link #MAX_ENVELOPE_BYTES}.
 *
 * <p>Nothing here judges the JSON beyond that: an item that is not an object is refused (an API
 * list has none), and whatever else is malformed is left to the parser of its batch or of the
 * envelope, which names it. UTF-8 is assumed, as the API server sends: no byte of a multi-byte
 * character is a quote, a backslash or a bracket.
 */
final class ListSplitter {
  /** About how many bytes of items one batch holds: a few hundred pods. */
  static final int BATCH_BYTES = 1 << 20;

  /** Largest envelope; a list's own fields are a few hundred bytes. */
  static final int MAX_ENVELOPE_BYTES = 1 << 20;

  private static final byte[] ITEMS = {'i', 't', 'e', 'm', 's'};

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long QUOTES = ONES * '"';
  private static final long BACKSLASHES = ONES * '\\';

  /** Gets each batch, in the order of the answer. */
  interface Batches {
    /** A batch: {@code length} bytes of {@code json}, which the receiver now owns. */
    void batch(byte[] json, int length) throws IOException;

    /**
     * An array of at least {@code capacity} bytes to gather the next batch in: a new one, or one of
     * an earlier batch the receiver is done with (a first read would otherwise allocate its whole
     * answer again, a fifth of what it allocates).
     */
    default byte[] buffer(int capacity) {
      return new byte[capacity];
    }
  }

  private final Batches batches;
  private final int batchBytes;
  private final Bytes envelope = new Bytes(256);
  private Bytes batch;
  private boolean batchHasItem;

  private int depth;
  private boolean inString;
  private boolean escaped;
  private int keyMatched; // how much of "items" the string being read at depth 1 matched so far
  private boolean stringIsItems;
  private boolean keyIsItems;
  private boolean inItems;
  private int itemDepth; // the depth of the items array's members

  /**
   * @param batchBytes about how many bytes of items a batch holds (tests cut smaller)
   */
  ListSplitter(Batches batches, int batchBytes) {
    this.batches = batches;
    this.batchBytes = batchBytes;
    this.batch = freshBatch();
  }

  /**
   * Reads {@code in} to its end, handing on the batches, and returns the envelope.
   *
   * @throws IOException as {@code in} does, or when an item is not an object, one item is larger
   *     than {@link ParseLimits#MAX_LISTED_OBJECT_BYTES}, or the envelope larger than {@link
   *     #MAX_ENVELOPE_BYTES}
   */
  byte[] split(InputStream in) throws IOException {
    byte[] block = new byte[64 * 1024];
    for (int n = in.read(block); n >= 0; n = in.read(block)) {
      scan(block, 0, n);
    }
    return end();
  }

  /**
   * The envelope, once every byte of the answer has been {@linkplain #scan scanned}.
   *
   * @throws IOException when the answer ended inside its items
   */
  byte[] end() throws IOException {
    if (inItems) {
      throw new IOException("the answer ends inside its items");
    }
    return envelope.copy();
  }

  /**
   * Takes the next bytes of the answer, {@code b[start]} to {@code b[end - 1]}; what it needs of
   * them is copied, so {@code b} may be reused.
   *
   * @throws IOException as {@link #split} says
   */
  void scan(byte[] b, int start, int n) throws IOException {
    int from = start; // where the bytes not yet copied to the envelope or the batch start
    for (int i = start; i < n; i++) {
      if (inString) {
        if (escaped) {
          escaped = false;
          continue;
        }
        if (depth != 1) {
          // most of an answer is the text of strings inside items: find their end in a tight loop
          i = stringEnd(b, i, n);
          if (i == n) {
            break;
          }
        }
      }
      byte c = b[i];
      if (inString) {
        if (c == '\\') {
          escaped = true;
        } else if (c == '"') {
          inString = false;
          stringIsItems = keyMatched == ITEMS.length;
        } else if (depth == 1) {
          keyMatched = keyMatched < ITEMS.length && c == ITEMS[keyMatched] ? keyMatched + 1 : 99;
        }
        continue;
      }
      if (inItems && depth == itemDepth) {
        if (c == '{') {
          if (!batchHasItem) {
            from = i; // the separators before a batch's first item are not part of it
            batchHasItem = true;
          }
        } else if (c == ']') {
          batch.append(b, from, i);
          emit();
          inItems = false;
          from = i;
          depth--;
          continue;
        } else if (c != ',' && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
          throw new IOException("an item of the list is not an object");
        }
      }
      switch (c) {
        case '"' -> {
          inString = true;
          keyMatched = 0;
        }
        case ':' -> keyIsItems = depth == 1 && stringIsItems;
        case '{', '[' -> {
          depth++;
          if (c == '[' && depth == 2 && keyIsItems && !inItems) {
            envelope.append(b, from, i + 1);
            checkEnvelope();
            inItems = true;
            itemDepth = depth;
            from = i + 1;
          }
        }
        case '}', ']' -> {
          depth--;
          if (inItems && depth == itemDepth && batch.length + (i + 1 - from) >= batchBytes) {
            batch.append(b, from, i + 1);
            emit();
            from = i + 1;
          }
        }
        default -> {}
      }
    }
    if (!inItems) {
      envelope.append(b, from, n);
      checkEnvelope();
    } else if (batchHasItem) {
      batch.append(b, from, n);
      if (batch.length > batchBytes + ParseLimits.MAX_LISTED_OBJECT_BYTES) {
        throw new IOException(
            "an item of the list is larger than " + ParseLimits.MAX_LISTED_OBJECT_BYTES + " bytes");
      }
    }
  }

  /**
   * The index of the first quote or backslash in {@code b[i..n)}, or {@code n}; eight bytes at a
   * time (the lowest byte a zero-byte test flags in a word is exact: its false alarms come only
   * above a real one).
   */
  static int stringEnd(byte[] b, int i, int n) {
    while (i + Long.BYTES <= n) {
      long word = (long) LONGS.get(b, i);
      long quotes = word ^ QUOTES;
      long backslashes = word ^ BACKSLASHES;
      long found = ((quotes - ONES) & ~quotes | (backslashes - ONES) & ~backslashes) & HIGHS;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
      i += Long.BYTES;
    }
    while (i < n && b[i] != '"' && b[i] != '\\') {
      i++;
    }
    return i;
  }

  private void emit() throws IOException {
    if (batchHasItem) {
      batch.append(new byte[] {']'}, 0, 1);
      batches.batch(batch.bytes, batch.length);
      batch = freshBatch();
      batchHasItem = false;
    }
  }

  private void checkEnvelope() throws IOException {
    if (envelope.length > MAX_ENVELOPE_BYTES) {
      throw new IOException(
          "the list's fields other than its items are larger than "
              + MAX_ENVELOPE_BYTES
              + " bytes");
    }
  }

  private Bytes freshBatch() {
    Bytes b = new Bytes(batches.buffer(capacity(batchBytes)));
    b.append(new byte[] {'['}, 0, 1);
    return b;
  }

  /** What a batch's array holds: its bytes and the item that takes it past them, mostly. */
  static int capacity(int batchBytes) {
    return Math.min(batchBytes + batchBytes / 4, 1 << 21);
  }

  /** A growing byte array. */
  private static final class Bytes {
    byte[] bytes;
    int length;

    Bytes(int capacity) {
      this(new byte[capacity]);
    }

    Bytes(byte[] bytes) {
      this.bytes = bytes;
    }

    void append(byte[] from, int start, int end) {
      int n = end - start;
      if (n <= 0) {
        return;
      }
      if (length + n > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(length + n, bytes.length * 2));
      }
      System.arraycopy(from, start, bytes, length, n);
      length += n;
    }

    byte[] copy() {
      return Arrays.copyOf(bytes, length);
    }
  }
}
