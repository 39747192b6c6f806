package dev.skyscaler.azure.functions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.kubernetes.ParseLimits;
import java.io.IOException;

/**
 * The timer trigger's payload, {@code {"Schedule":…,"ScheduleStatus":…,"IsPastDue":false}}: only
 * whether this run is late matters (a late run still scans once; it is logged).
 */
public record TimerTick(boolean pastDue) {
  private static final ObjectMapper JSON = new ObjectMapper(ParseLimits.jsonFactory());

  public static TimerTick parse(String payload) {
    if (payload == null || payload.isBlank()) {
      return new TimerTick(false);
    }
    try {
      JsonNode node = JSON.readTree(payload);
      return new TimerTick(node != null && node.path("IsPastDue").asBoolean(false));
    } catch (IOException e) {
      return new TimerTick(false); // the payload is informational; a scan runs regardless
    }
  }
}
