package dev.skyscaler.azure.monitor;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where Application Insights takes telemetry: the instrumentation key and the ingestion endpoint of
 * a connection string ({@code InstrumentationKey=<guid>;IngestionEndpoint=https://...}, the value
 * of {@value #SETTING}). Without {@code IngestionEndpoint} the global endpoint {@value
 * #GLOBAL_ENDPOINT} is used, as the Application Insights SDKs do.
 */
public record AppInsightsConnection(String instrumentationKey, URI ingestionEndpoint) {
  public static final String SETTING = "APPLICATIONINSIGHTS_CONNECTION_STRING";
  static final String GLOBAL_ENDPOINT = "https://dc.services.visualstudio.com/";
  private static final Pattern GUID =
      Pattern.compile("^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$");
  private static final int MAX_LENGTH = 4096;

  public AppInsightsConnection {
    Objects.requireNonNull(instrumentationKey, "instrumentationKey");
    Objects.requireNonNull(ingestionEndpoint, "ingestionEndpoint");
  }

  /**
   * Parses a connection string.
   *
   * @throws IllegalArgumentException saying what is missing or malformed, never quoting the key
   */
  public static AppInsightsConnection parse(String value) {
    if (value.length() > MAX_LENGTH) {
      throw new IllegalArgumentException("longer than " + MAX_LENGTH + " characters");
    }
    Map<String, String> parts = new LinkedHashMap<>();
    for (String part : value.split(";")) {
      int eq = part.indexOf('=');
      if (!part.isBlank() && eq > 0) {
        parts.put(
            part.substring(0, eq).trim().toLowerCase(java.util.Locale.ROOT),
            part.substring(eq + 1).trim());
      }
    }
    String key = parts.get("instrumentationkey");
    if (key == null || !GUID.matcher(key).matches()) {
      throw new IllegalArgumentException(
          "expected InstrumentationKey=<GUID>;IngestionEndpoint=https://..., with a GUID as the"
              + " instrumentation key");
    }
    String endpoint = parts.getOrDefault("ingestionendpoint", GLOBAL_ENDPOINT);
    URI uri;
    try {
      uri = URI.create(endpoint.endsWith("/") ? endpoint : endpoint + "/");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("IngestionEndpoint is not a URL: " + endpoint);
    }
    if (!"https".equals(uri.getScheme()) && !"http".equals(uri.getScheme())
        || uri.getHost() == null) {
      throw new IllegalArgumentException("IngestionEndpoint is not an http(s) URL: " + endpoint);
    }
    return new AppInsightsConnection(key, uri);
  }

  /** Where telemetry items are posted. */
  URI track() {
    return ingestionEndpoint.resolve("v2.1/track");
  }
}
