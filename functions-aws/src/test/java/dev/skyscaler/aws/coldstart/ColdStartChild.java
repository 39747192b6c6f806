package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.ScanHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The child of a cold-start measurement: {@link HandlerChild} for the scan function, invoked with a
 * scheduled event as the schedule starts it. It prints {@link HandlerChild}'s one result line.
 */
public final class ColdStartChild {
  static final String SCHEDULED_EVENT =
      "{\"source\":\"aws.events\",\"detail-type\":\"Scheduled Event\"}";

  private ColdStartChild() {}

  public static void main(String[] args) throws IOException {
    HandlerChild.run(ScanHandler.class.getName(), SCHEDULED_EVENT.getBytes(StandardCharsets.UTF_8));
  }
}
