package dev.skyscaler.core.cloud;

import java.util.Locale;

/**
 * Matches cloud instance references to node {@code spec.providerID}s. Both sides are reduced to an
 * instance key:
 *
 * <ul>
 *   <li>AWS {@code aws:///eu-west-1a/i-0abc} → {@code i-0abc}, the same as the bare instance id an
 *       EventBridge event carries;
 *   <li>Azure {@code azure:///subscriptions/…/virtualMachineScaleSets/pool/virtualMachines/3} → the
 *       resource id after the scheme, lower-cased ({@code /subscriptions/…/virtualmachines/3}), the
 *       same as an Event Grid {@code targetResourceId}: resource ids are case-insensitive, and the
 *       last segment alone (an instance index) is not unique across scale sets;
 *   <li>anything else → itself.
 * </ul>
 */
public final class ProviderIds {
  private ProviderIds() {}

  /** The instance key of a provider id or instance reference; empty for an empty input. */
  public static String instanceKey(String reference) {
    if (reference == null || reference.isBlank()) {
      return "";
    }
    String r = reference.trim();
    if (r.startsWith("aws://")) {
      return r.substring(r.lastIndexOf('/') + 1);
    }
    if (r.startsWith("azure://")) {
      r = r.substring("azure://".length());
    }
    if (r.toLowerCase(Locale.ROOT).startsWith("/subscriptions/")) {
      return r.toLowerCase(Locale.ROOT);
    }
    return r;
  }

  /** True when both references name the same instance. */
  public static boolean sameInstance(String a, String b) {
    String ka = instanceKey(a);
    return !ka.isEmpty() && ka.equals(instanceKey(b));
  }
}
