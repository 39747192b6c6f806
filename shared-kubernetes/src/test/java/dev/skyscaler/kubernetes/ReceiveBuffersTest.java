package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ReceiveBuffersTest {
  private String before;

  @BeforeEach
  void remember() {
    before = System.getProperty(ReceiveBuffers.PROPERTY);
  }

  @AfterEach
  void restore() {
    if (before == null) {
      System.clearProperty(ReceiveBuffers.PROPERTY);
    } else {
      System.setProperty(ReceiveBuffers.PROPERTY, before);
    }
  }

  @Test
  void aConnectionAsksTheHttpClientForQuarterMegabyteReceiveBuffers() {
    System.clearProperty(ReceiveBuffers.PROPERTY);

    try (KubernetesConnection c =
        KubernetesConnection.withToken(
            URI.create("https://127.0.0.1:1"),
            () -> "t",
            Optional.empty(),
            ConnectionOptions.DEFAULTS)) {
      assertThat(System.getProperty(ReceiveBuffers.PROPERTY)).isEqualTo("262144");
    }
  }

  @Test
  void aSizeTheUserChoseStays() {
    System.setProperty(ReceiveBuffers.PROPERTY, "65536");

    ReceiveBuffers.prefer();

    assertThat(System.getProperty(ReceiveBuffers.PROPERTY)).isEqualTo("65536");
  }
}
