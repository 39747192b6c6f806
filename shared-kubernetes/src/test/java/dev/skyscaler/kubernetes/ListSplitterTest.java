package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ListSplitterTest {
  static Stream<Arguments> answers() {
    return Stream.of(
        Arguments.of(
            "items are cut into batches at the first item end past the batch size",
            "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":[{\"a\":1},{\"b\":2},{\"c\":3}]}",
            12,
            List.of("[{\"a\":1},{\"b\":2}]", "[{\"c\":3}]"),
            "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":[]}"),
        Arguments.of(
            "a big batch size keeps every item in one batch, separators and all",
            "{\"items\": [ {\"a\":1} ,\n {\"b\":2} ], \"kind\":\"PodList\"}",
            1 << 20,
            List.of("[{\"a\":1} ,\n {\"b\":2} ]"),
            "{\"items\": [], \"kind\":\"PodList\"}"),
        Arguments.of(
            "braces, brackets, quotes and an items key inside strings are text",
            "{\"items\":[{\"s\":\"}]{[\\\"items\\\":[\"},{\"t\":\"\\\\\"}],\"x\":\"items\"}",
            1,
            List.of("[{\"s\":\"}]{[\\\"items\\\":[\"}]", "[{\"t\":\"\\\\\"}]"),
            "{\"items\":[],\"x\":\"items\"}"),
        Arguments.of(
            "an items key inside an item or the metadata is not the list's items",
            "{\"metadata\":{\"items\":[1]},\"items\":[{\"items\":[{\"x\":[]}]}]}",
            1,
            List.of("[{\"items\":[{\"x\":[]}]}]"),
            "{\"metadata\":{\"items\":[1]},\"items\":[]}"),
        Arguments.of(
            "an empty list has no batch",
            "{\"metadata\":{\"resourceVersion\":\"1\"},\"items\":[]}",
            1,
            List.of(),
            "{\"metadata\":{\"resourceVersion\":\"1\"},\"items\":[]}"),
        Arguments.of(
            "a key written with an escape is not seen: its items stay in the envelope",
            "{\"\\u0069tems\":[{\"a\":1}]}",
            1,
            List.of(),
            "{\"\\u0069tems\":[{\"a\":1}]}"),
        Arguments.of(
            "a key that only starts like items is another key",
            "{\"itemsX\":[{\"a\":1}],\"item\":[{\"b\":1}]}",
            1,
            List.of(),
            "{\"itemsX\":[{\"a\":1}],\"item\":[{\"b\":1}]}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("answers")
  void anAnswerIsCutIntoItsEnvelopeAndBatches(
      String sentence, String answer, int batchBytes, List<String> batches, String envelope)
      throws IOException {
    for (int block : new int[] {1, 3, 64 * 1024}) {
      List<String> cut = new ArrayList<>();
      byte[] rest =
          new ListSplitter((json, n) -> cut.add(text(json, n)), batchBytes)
              .split(trickling(answer, block));

      assertThat(cut).as("read %d bytes at a time", block).isEqualTo(batches);
      assertThat(text(rest, rest.length)).as("read %d bytes at a time", block).isEqualTo(envelope);
    }
  }

  static Stream<Arguments> brokenAnswers() {
    return Stream.of(
        Arguments.of(
            "an item that is a string",
            "{\"items\":[{},\"x\"]}",
            "an item of the list is not an object"),
        Arguments.of(
            "an item that is a number", "{\"items\":[1]}", "an item of the list is not an object"),
        Arguments.of(
            "an item that is a list", "{\"items\":[[]]}", "an item of the list is not an object"),
        Arguments.of(
            "an answer that ends inside an item",
            "{\"items\":[{\"a\":1}",
            "the answer ends inside its items"),
        Arguments.of(
            "an answer that ends between items",
            "{\"items\":[{},",
            "the answer ends inside its items"),
        Arguments.of(
            "an envelope above 1 MiB",
            "{\"kind\":\"" + "k".repeat(ListSplitter.MAX_ENVELOPE_BYTES) + "\",\"items\":[]}",
            "the list's fields other than its items are larger than 1048576 bytes"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenAnswers")
  void aBrokenAnswerIsOneClearError(String sentence, String answer, String message) {
    assertThatThrownBy(() -> new ListSplitter((json, n) -> {}, 1).split(trickling(answer, 7)))
        .isInstanceOf(IOException.class)
        .hasMessage(message);
  }

  @Test
  void anItemAboveTheLimitIsRefusedBeforeItIsHeldWhole() {
    byte[] head = "{\"items\":[{\"s\":\"".getBytes(StandardCharsets.UTF_8);
    InputStream endless =
        new InputStream() {
          long at;

          @Override
          public int read() {
            return at < head.length ? head[(int) at++] : 'x';
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            if (at < head.length) {
              return super.read(b, off, Math.min(len, head.length));
            }
            java.util.Arrays.fill(b, off, off + len, (byte) 'x');
            at += len;
            return len;
          }
        };

    assertThatThrownBy(() -> new ListSplitter((json, n) -> {}, 1024).split(endless))
        .isInstanceOf(IOException.class)
        .hasMessage("an item of the list is larger than 16777216 bytes");
  }

  /** {@code answer}, read {@code block} bytes at a time. */
  private static InputStream trickling(String answer, int block) {
    return new ByteArrayInputStream(answer.getBytes(StandardCharsets.UTF_8)) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, block));
      }
    };
  }

  private static String text(byte[] json, int n) {
    return new String(json, 0, n, StandardCharsets.UTF_8);
  }

  static Stream<Arguments> stringTexts() {
    return Stream.of(
        Arguments.of("plain ASCII", "abcdefghijklmnopqrstuvwxyz012345"),
        Arguments.of(
            "UTF-8 text", "h\u00e9llo w\u00f6rld \u00e6\u00f8\u00e5 \u4e2d\u6587 \u00e9\u00e9"),
        Arguments.of(
            "bytes one bit from a quote or a backslash",
            "!#[]{}\u00a2\u071c!#[]{}\u00a2\u071c!#[]{}\u00a2\u071c"));
  }

  @ParameterizedTest(name = "a quote or a backslash is found wherever it is, within {0}")
  @MethodSource("stringTexts")
  void theEndOfAStringIsFoundEightBytesAtATimeWhereverItIs(String sentence, String text) {
    byte[] filler = text.getBytes(StandardCharsets.UTF_8);
    for (byte end : new byte[] {'"', '\\'}) {
      for (int at = 0; at < 24; at++) {
        for (int start = 0; start < 4 && start <= at; start++) {
          byte[] b = java.util.Arrays.copyOf(filler, 40);
          b[at] = end;
          b[at + 3] = '"'; // a later one is not the first
          assertThat(ListSplitter.stringEnd(b, start, b.length))
              .as("%s at %d, from %d", (char) end, at, start)
              .isEqualTo(at);
          assertThat(ListSplitter.stringEnd(b, start, at)).as("ending before it").isEqualTo(at);
        }
      }
    }
    assertThat(ListSplitter.stringEnd(filler, 0, filler.length)).isEqualTo(filler.length);
  }
}
