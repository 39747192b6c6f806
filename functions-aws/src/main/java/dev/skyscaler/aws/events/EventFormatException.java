package dev.skyscaler.aws.events;

/**
 * An event or SQS message that cannot be read. The message names the message or event and the
 * field, e.g. {@code EventBridge event 7f3c…: field detail.instance-id is missing}.
 */
public final class EventFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public EventFormatException(String message) {
    super(message);
  }
}
