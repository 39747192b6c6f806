package dev.skyscaler.azure.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Reading an Application Insights connection string. */
class AppInsightsConnectionTest {
  private static final String KEY = "InstrumentationKey=0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";

  record Case(String name, String value, String track, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "the ingestion endpoint of a regional resource takes the items",
            KEY
                + ";IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;"
                + "LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/",
            "https://westeurope-5.in.applicationinsights.azure.com/v2.1/track",
            null),
        new Case(
            "without an ingestion endpoint the global one is used",
            KEY,
            "https://dc.services.visualstudio.com/v2.1/track",
            null),
        new Case(
            "an endpoint without its slash still ends in track",
            KEY + ";IngestionEndpoint=https://example.in.applicationinsights.azure.com",
            "https://example.in.applicationinsights.azure.com/v2.1/track",
            null),
        new Case(
            "a key that is not a GUID is refused without being quoted",
            "InstrumentationKey=secret-ish;IngestionEndpoint=https://x/",
            null,
            "expected InstrumentationKey=<GUID>;IngestionEndpoint=https://..., with a GUID as the"
                + " instrumentation key"),
        new Case(
            "an endpoint that is not http is refused",
            KEY + ";IngestionEndpoint=ftp://example/",
            null,
            "IngestionEndpoint is not an http(s) URL: ftp://example/"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aConnectionStringGivesTheTrackEndpointOrOneError(Case c) {
    if (c.error() == null) {
      assertThat(AppInsightsConnection.parse(c.value()).track()).hasToString(c.track());
    } else {
      assertThatThrownBy(() -> AppInsightsConnection.parse(c.value())).hasMessage(c.error());
    }
  }
}
