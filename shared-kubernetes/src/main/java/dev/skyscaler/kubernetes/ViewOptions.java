package dev.skyscaler.kubernetes;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link ClusterView} keeps its objects.
 *
 * @param watch keep the objects current with watches between reads; false lists at every read
 * @param streamingLists list by a streaming list ({@code sendInitialEvents}) where the server
 *     offers it
 * @param settle how long a resumed watch may stay silent and still count as accepted (a server that
 *     cannot resume answers 410 Gone at once)
 * @param resumeWithin how long after the last thing heard a watch is resumed rather than the
 *     objects listed again (API servers keep at least 75 s of events)
 * @param requestTimeout the longest wait for a watch to open, or for the next event of a streaming
 *     list
 * @param clock the time things were heard at
 * @param parsing how a list's answer is parsed
 */
public record ViewOptions(
    boolean watch,
    boolean streamingLists,
    Duration settle,
    Duration resumeWithin,
    Duration requestTimeout,
    Clock clock,
    ListParsing parsing) {

  /** Watched, with streaming lists; 250 ms to settle, resumed within 60 s, 15 s to open. */
  public static ViewOptions watching(Clock clock) {
    return new ViewOptions(
        true,
        true,
        Duration.ofMillis(250),
        Duration.ofSeconds(60),
        Duration.ofSeconds(15),
        clock,
        ListParsing.perProcessor());
  }

  /** Listed at every read, never watched. */
  public static ViewOptions listing(Clock clock) {
    return new ViewOptions(
        false,
        false,
        Duration.ZERO,
        Duration.ZERO,
        Duration.ofSeconds(15),
        clock,
        ListParsing.perProcessor());
  }

  public ViewOptions {
    Objects.requireNonNull(settle, "settle");
    Objects.requireNonNull(resumeWithin, "resumeWithin");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(parsing, "parsing");
  }

  public ViewOptions withStreamingLists(boolean on) {
    return new ViewOptions(watch, on, settle, resumeWithin, requestTimeout, clock, parsing);
  }

  public ViewOptions withSettle(Duration d) {
    return new ViewOptions(watch, streamingLists, d, resumeWithin, requestTimeout, clock, parsing);
  }

  public ViewOptions withParsing(ListParsing p) {
    return new ViewOptions(watch, streamingLists, settle, resumeWithin, requestTimeout, clock, p);
  }
}
