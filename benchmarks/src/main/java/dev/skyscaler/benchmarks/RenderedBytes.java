package dev.skyscaler.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte array the loopback server renders a list answer into, reused from chunk to chunk:
 * the server shares the JVM with the reader under test, and the strings it used to build per item
 * (several copies of each 2.5 KB pod) were two fifths of what a first read allocated, so their
 * collections paused the reader for the server's sake.
 */
final class RenderedBytes {
  private byte[] bytes = new byte[1 << 17];
  private int length;

  int length() {
    return length;
  }

  void add(byte[] b) {
    room(b.length);
    System.arraycopy(b, 0, bytes, length, b.length);
    length += b.length;
  }

  /** Text of ASCII characters only (names, numbers, the JSON around them). */
  void ascii(String s) {
    room(s.length());
    for (int i = 0; i < s.length(); i++) {
      bytes[length++] = (byte) s.charAt(i);
    }
  }

  /** Any text, as UTF-8. */
  void text(String s) {
    add(s.getBytes(StandardCharsets.UTF_8));
  }

  /** Puts {@code b} at {@code at}, moving what follows along. */
  void insert(int at, byte[] b) {
    room(b.length);
    System.arraycopy(bytes, at, bytes, at + b.length, length - at);
    System.arraycopy(b, 0, bytes, at, b.length);
    length += b.length;
  }

  /** Where {@code b} first occurs at or after {@code from}; -1 when it does not. */
  int indexOf(byte[] b, int from) {
    for (int i = from; i + b.length <= length; i++) {
      if (Arrays.equals(bytes, i, i + b.length, b, 0, b.length)) {
        return i;
      }
    }
    return -1;
  }

  /** Writes the bytes as one HTTP chunk and empties the array. */
  void writeChunk(OutputStream out) throws IOException {
    out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.write(bytes, 0, length);
    out.write(CRLF);
    length = 0;
  }

  byte[] toArray() {
    return Arrays.copyOf(bytes, length);
  }

  private static final byte[] CRLF = {'\r', '\n'};

  private void room(int n) {
    if (length + n > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
    }
  }
}
