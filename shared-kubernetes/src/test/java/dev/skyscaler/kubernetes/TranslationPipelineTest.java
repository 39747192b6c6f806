package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.IntNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TranslationPipelineTest {
  @ParameterizedTest(name = "{0} objects are all translated, in the order they were read")
  @ValueSource(
      ints = {
        0,
        1,
        TranslationPipeline.BATCH,
        TranslationPipeline.BATCH + 1,
        20 * TranslationPipeline.BATCH
      })
  void everyObjectIsTranslatedInOrder(int count) {
    List<Integer> translated = new ArrayList<>();
    try (TranslationPipeline p = new TranslationPipeline("pods", o -> translated.add(o.asInt()))) {
      IntStream.range(0, count).forEach(i -> p.accept(IntNode.valueOf(i)));
      p.finish();
    }

    assertThat(translated).containsExactlyElementsOf(IntStream.range(0, count).boxed().toList());
  }

  @Test
  void whatTheTranslationThrowsIsThrownToTheReader() {
    try (TranslationPipeline p =
        new TranslationPipeline(
            "pods",
            o -> {
              if (o.asInt() == 3) {
                throw new IllegalStateException("object 3 is bad");
              }
            })) {
      assertThatThrownBy(
              () -> {
                // more than the queue holds: the reader must not wait for ever on a dead translator
                for (int i = 0; i < 40 * TranslationPipeline.BATCH; i++) {
                  p.accept(IntNode.valueOf(i));
                }
                p.finish();
              })
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("object 3 is bad");
    }
  }

  @Test
  void aReadThatFailsStopsTheTranslator() throws InterruptedException {
    TranslationPipeline p = new TranslationPipeline("nodes-of-a-failed-read", o -> {});
    p.accept(IntNode.valueOf(1));
    Thread translator =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().equals("skyscaler-translate nodes-of-a-failed-read"))
            .findFirst()
            .orElseThrow();
    assertThat(translator.isAlive()).isTrue();

    p.close(); // the read failed before finish()
    translator.join(5_000);

    assertThat(translator.isAlive()).as("translator still running").isFalse();
  }
}
