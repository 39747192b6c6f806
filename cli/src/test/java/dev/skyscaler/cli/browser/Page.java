package dev.skyscaler.cli.browser;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A tab of {@link HeadlessChromium}, loaded: what it says, asks for and looks like. */
public final class Page {
  private final HeadlessChromium browser;
  private final String session;

  Page(HeadlessChromium browser, String session) {
    this.browser = browser;
    this.session = session;
  }

  /** The value of a JavaScript expression evaluated in the page, as JSON. */
  public JsonNode evaluate(String expression) throws Exception {
    JsonNode result =
        browser.call(
            session,
            "Runtime.evaluate",
            Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
    if (result.has("exceptionDetails")) {
      throw new IllegalStateException(expression + " threw " + result.get("exceptionDetails"));
    }
    return result.path("result").path("value");
  }

  /**
   * Console errors and warnings, uncaught exceptions, and browser log entries of level error or
   * warning (failed loads, bad SVG attributes, blocked content), as lines.
   */
  public List<String> problems() {
    List<String> lines = new ArrayList<>();
    for (JsonNode e : browser.events(session)) {
      JsonNode p = e.path("params");
      switch (e.path("method").asText()) {
        case "Runtime.consoleAPICalled" -> {
          String type = p.path("type").asText();
          if (type.equals("error") || type.equals("warning") || type.equals("assert")) {
            lines.add("console." + type + ": " + p.path("args"));
          }
        }
        case "Runtime.exceptionThrown" -> lines.add("exception: " + p.path("exceptionDetails"));
        case "Log.entryAdded" -> {
          String level = p.path("entry").path("level").asText();
          if (level.equals("error") || level.equals("warning")) {
            lines.add("log." + level + ": " + p.path("entry").path("text").asText());
          }
        }
        default -> {}
      }
    }
    return lines;
  }

  /** The URLs the page requested, the page's own first. */
  public List<String> requests() {
    List<String> urls = new ArrayList<>();
    for (JsonNode e : browser.events(session)) {
      if (e.path("method").asText().equals("Network.requestWillBeSent")) {
        urls.add(e.path("params").path("request").path("url").asText());
      }
    }
    return urls;
  }

  /** Saves the whole page, not just the window, as a PNG. */
  public void screenshot(Path file) throws Exception {
    JsonNode size = browser.call(session, "Page.getLayoutMetrics", Map.of()).path("cssContentSize");
    Map<String, Object> clip =
        Map.of(
            "x", 0,
            "y", 0,
            "width", size.path("width").asDouble(),
            "height", size.path("height").asDouble(),
            "scale", 1);
    String png =
        browser
            .call(
                session,
                "Page.captureScreenshot",
                Map.of("format", "png", "captureBeyondViewport", true, "clip", clip))
            .path("data")
            .asText();
    HeadlessChromium.savePng(png, file);
  }
}
