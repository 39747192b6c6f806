package dev.skyscaler.cli.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a report must look like in the browser: every chart laid out with its lines drawn and its
 * marks titled, no console error or warning, no request beyond the file itself; and a screenshot
 * under {@code target/} for people to look at.
 */
public final class ReportChecks {
  /** Per chart: its label, size, lines drawn and marks with a title. */
  private static final String CHARTS =
      """
      [...document.querySelectorAll('figure.chart svg.chart')].map(svg => {
        const box = svg.getBoundingClientRect();
        const lines = [...svg.querySelectorAll('polyline.series')];
        const marks = [...svg.querySelectorAll('g.marker')];
        return {
          label: svg.getAttribute('aria-label'),
          width: box.width,
          height: box.height,
          lines: lines.length,
          drawn: lines.filter(l => l.getTotalLength() > 0 && l.getBBox().width > 100).length,
          marks: marks.length,
          titled: marks.filter(m => (m.querySelector('title')?.textContent ?? '').length > 0).length
        };
      })
      """;

  private ReportChecks() {}

  /**
   * Opens the report, checks it and saves its screenshot.
   *
   * @return the charts' labels, in page order
   */
  public static List<String> check(HeadlessChromium browser, Path report, Path screenshot)
      throws Exception {
    Page page = browser.open(report.toAbsolutePath().toUri());
    JsonNode charts = page.evaluate(CHARTS);
    List<String> labels = new ArrayList<>();
    for (JsonNode c : charts) {
      String label = c.path("label").asText();
      labels.add(label);
      assertThat(c.path("width").asDouble()).as(label + " width").isGreaterThan(600);
      assertThat(c.path("height").asDouble()).as(label + " height").isGreaterThan(120);
      assertThat(c.path("lines").asInt()).as(label + " lines").isPositive();
      assertThat(c.path("drawn").asInt())
          .as(label + " lines drawn")
          .isEqualTo(c.path("lines").asInt());
      assertThat(c.path("marks").asInt()).as(label + " marks").isPositive();
      assertThat(c.path("titled").asInt())
          .as(label + " marks with a title")
          .isEqualTo(c.path("marks").asInt());
    }
    page.screenshot(screenshot);
    assertThat(page.requests())
        .as("requests")
        .containsExactly(report.toAbsolutePath().toUri().toString());
    assertThat(page.problems()).as("console errors and warnings").isEmpty();
    return labels;
  }
}
