package dev.skyscaler.benchmarks;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** The few WebSocket frames (RFC 6455) the loopback API server sends and reads. */
final class Frames {
  static final int TEXT = 0x1;
  static final int CLOSE = 0x8;

  private Frames() {}

  /** One unmasked text frame, as a server sends it. */
  static void writeText(OutputStream out, byte[] payload) throws IOException {
    header(out, TEXT, payload.length);
    out.write(payload);
  }

  static void writeClose(OutputStream out) throws IOException {
    header(out, CLOSE, 2);
    out.write(new byte[] {0x03, (byte) 0xE8}); // 1000: normal closure
  }

  private static void header(OutputStream out, int opcode, int length) throws IOException {
    out.write(0x80 | opcode);
    if (length < 126) {
      out.write(length);
    } else if (length < 65_536) {
      out.write(126);
      out.write(length >>> 8);
      out.write(length);
    } else {
      out.write(127);
      for (int shift = 56; shift >= 0; shift -= 8) {
        out.write((int) ((long) length >>> shift));
      }
    }
  }

  /** Reads one (masked) frame from a client and returns its opcode; its payload is dropped. */
  static int readClientFrame(InputStream in) throws IOException {
    int first = next(in);
    int second = next(in);
    long length = second & 0x7F;
    if (length == 126) {
      length = (next(in) << 8) | next(in);
    } else if (length == 127) {
      length = 0;
      for (int i = 0; i < 8; i++) {
        length = (length << 8) | next(in);
      }
    }
    long skip = length + ((second & 0x80) != 0 ? 4 : 0);
    while (skip > 0) {
      long n = in.skip(skip);
      if (n <= 0) {
        next(in);
        n = 1;
      }
      skip -= n;
    }
    return first & 0x0F;
  }

  private static int next(InputStream in) throws IOException {
    int b = in.read();
    if (b < 0) {
      throw new EOFException();
    }
    return b;
  }
}
