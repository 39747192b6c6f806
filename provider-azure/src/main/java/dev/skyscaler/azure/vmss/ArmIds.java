package dev.skyscaler.azure.vmss;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads parts of Resource Manager ids, whose segment names ARM treats case-insensitively. */
final class ArmIds {
  private static final Pattern RESOURCE_GROUP =
      Pattern.compile("(?i)/subscriptions/[^/]+/resourceGroups/([^/]+)(/|$)");

  private ArmIds() {}

  /** The resource group segment of an id, as written; empty when the id has none. */
  static String resourceGroup(String id) {
    if (id == null) {
      return "";
    }
    Matcher m = RESOURCE_GROUP.matcher(id);
    return m.find() ? m.group(1) : "";
  }
}
