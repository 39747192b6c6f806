package dev.skyscaler.azure.functions;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Test resources and a logger that keeps what it is told. */
final class Fixtures {
  private Fixtures() {}

  static String read(String resource) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/" + resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A logger whose records land in {@code records}, and nowhere else. */
  static Logger logger(List<LogRecord> records) {
    Logger log = Logger.getAnonymousLogger();
    log.setUseParentHandlers(false);
    log.setLevel(java.util.logging.Level.ALL);
    log.addHandler(
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        });
    return log;
  }

  static List<LogRecord> records() {
    return new CopyOnWriteArrayList<>();
  }
}
