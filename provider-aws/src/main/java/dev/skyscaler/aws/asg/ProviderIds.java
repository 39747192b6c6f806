package dev.skyscaler.aws.asg;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * AWS providerIDs, as the cloud controller sets them on nodes: {@code aws:///<zone>/<instance id>}.
 * Instances a group has been asked for but not created yet get CA's placeholder ids, {@code
 * aws:///<zone>/i-placeholder-<group>-<index>}.
 */
public final class ProviderIds {
  static final String PLACEHOLDER_PREFIX = "i-placeholder-";
  private static final Pattern FORMAT =
      Pattern.compile("^aws:///([-0-9a-z]*)/(i-[-0-9a-zA-Z._]+)$");

  private ProviderIds() {}

  public static String of(String zone, String instanceId) {
    return "aws:///" + zone + "/" + instanceId;
  }

  /** The instance id of an AWS providerID; empty for any other (or no) providerID. */
  public static Optional<String> instanceId(String providerId) {
    if (providerId == null) {
      return Optional.empty();
    }
    Matcher m = FORMAT.matcher(providerId);
    return m.matches() ? Optional.of(m.group(2)) : Optional.empty();
  }

  static String placeholder(String zone, String group, int index) {
    return of(zone, PLACEHOLDER_PREFIX + group + "-" + index);
  }

  static boolean isPlaceholder(String instanceId) {
    return instanceId.startsWith(PLACEHOLDER_PREFIX);
  }
}
