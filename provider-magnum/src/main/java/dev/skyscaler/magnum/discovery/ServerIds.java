package dev.skyscaler.magnum.discovery;

/**
 * A node's {@code spec.providerID} as the OpenStack cloud provider and Cluster API's OpenStack
 * provider write it: {@code openstack:///<server-id>} (or {@code
 * openstack://<region>/<server-id>}).
 */
public final class ServerIds {
  private ServerIds() {}

  /** The Nova server id of a provider ID; empty when it is not an OpenStack one. */
  public static String of(String providerId) {
    if (providerId == null || !providerId.startsWith("openstack://")) {
      return "";
    }
    return providerId.substring(providerId.lastIndexOf('/') + 1);
  }
}
