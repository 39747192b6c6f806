package dev.skyscaler.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.cli.browser.HeadlessChromium;
import dev.skyscaler.cli.browser.ReportChecks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bundled scenario's report in a real browser (headless Chromium): its four charts are drawn
 * with their marks, nothing is logged as an error, nothing is fetched; the screenshot is kept in
 * {@code target/report-first-contact.png}.
 */
class ReportInBrowserTest {
  static final Path TARGET = Path.of("target");
  static HeadlessChromium browser;

  @BeforeAll
  static void startBrowser() throws Exception {
    browser = HeadlessChromium.start();
  }

  @AfterAll
  static void stopBrowser() throws Exception {
    if (browser != null) {
      browser.close();
    }
  }

  @Test
  void theFirstContactReportDrawsEveryChartWithItsMarksAndLogsNoError() throws Exception {
    Path report = TARGET.resolve("report-first-contact.html");
    Files.createDirectories(TARGET);
    SimulateRun run =
        SimulateRun.run(
            "simulate",
            "--scenario",
            SimulateRun.FIRST_CONTACT.toString(),
            "--report",
            report.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();

    List<String> charts =
        ReportChecks.check(browser, report, TARGET.resolve("report-first-contact.png"));

    assertThat(charts)
        .containsExactly("Nodes per group", "Pending pods", "Utilisation", "Cost over time");
    assertThat(Files.size(TARGET.resolve("report-first-contact.png"))).isGreaterThan(20_000);
  }

  record Broken(String name, String body, String complaint) {
    @Override
    public String toString() {
      return name;
    }
  }

  static java.util.stream.Stream<Broken> brokenPages() {
    String mark = "<g class=\"marker\"><title>00:01:00 scale-up</title><circle r=\"4\"/></g>";
    return java.util.stream.Stream.of(
        new Broken(
            "a line the browser cannot draw",
            "<polyline class=\"series\" points=\"0,0 x,y\"/>" + mark,
            "lines drawn"),
        new Broken(
            "a mark without a title",
            "<polyline class=\"series\" points=\"0,0 800,100\"/><g class=\"marker\"><circle"
                + " r=\"4\"/></g>",
            "marks with a title"),
        new Broken(
            "a fetch from the network",
            "<polyline class=\"series\" points=\"0,0 800,100\"/>"
                + mark
                + "<image href=\"http://127.0.0.1:9/logo.png\" width=\"10\" height=\"10\"/>",
            "requests"),
        new Broken(
            "an attribute the browser rejects",
            "<polyline class=\"series\" points=\"0,0 800,100\"/>"
                + mark
                + "<rect width=\"-5\" height=\"4\"/>",
            "console errors"));
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.MethodSource("brokenPages")
  void theChecksFailOnABrokenPage(Broken c) throws Exception {
    Path page = TARGET.resolve("broken-report.html");
    Files.writeString(
        page,
        "<!DOCTYPE html><html><body><figure class=\"chart\"><svg class=\"chart\" viewBox=\"0 0"
            + " 960 280\" style=\"width:960px\" aria-label=\"broken\">"
            + c.body()
            + "</svg></figure></body></html>");

    assertThatThrownBy(() -> ReportChecks.check(browser, page, TARGET.resolve("broken-report.png")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(c.complaint());
  }
}
