package dev.skyscaler.clusterapi.objects;

import java.util.List;
import java.util.Optional;

/**
 * Provider IDs as Cluster Autoscaler's {@code clusterapi} provider compares them, and the
 * placeholder IDs it gives Machines without one.
 *
 * <ul>
 *   <li>{@link #normalize}: the text after the last {@code /} ({@code openstack:///0f1e…} and
 *       {@code 0f1e…} are the same instance), except Azure scale-set IDs, kept whole because their
 *       last segment is only an instance index;
 *   <li>{@link #placeholder}: {@code pending-machine-<namespace>_<name>} for a Machine with no
 *       provider ID and no node yet, {@code failed-machine-…} and {@code deleting-machine-…}
 *       likewise; an underscore cannot occur in a namespace, so the Machine is found again by
 *       {@link #machineOf}.
 * </ul>
 */
public final class MachineIds {
  public static final String PENDING = "pending-machine-";
  public static final String FAILED = "failed-machine-";
  public static final String DELETING = "deleting-machine-";
  private static final List<String> PREFIXES = List.of(PENDING, FAILED, DELETING);

  private MachineIds() {}

  /** The comparable part of a provider ID; empty for an empty one. */
  public static String normalize(String providerId) {
    if (providerId == null || providerId.isBlank()) {
      return "";
    }
    String id = providerId.trim();
    if (id.startsWith("azure://") && id.contains("virtualMachineScaleSets")) {
      return id;
    }
    return id.substring(id.lastIndexOf('/') + 1);
  }

  /** True when both name the same instance. */
  public static boolean same(String a, String b) {
    String na = normalize(a);
    return !na.isEmpty() && na.equals(normalize(b));
  }

  /** The placeholder of a Machine without a provider ID, by its state. */
  public static String placeholder(String prefix, String namespace, String name) {
    return prefix + namespace + "_" + name;
  }

  /** The Machine ({@code namespace}, {@code name}) a placeholder stands for; empty otherwise. */
  public static Optional<ObjectRef> machineOf(String id) {
    for (String prefix : PREFIXES) {
      if (id != null && id.startsWith(prefix)) {
        String rest = id.substring(prefix.length());
        int underscore = rest.indexOf('_');
        if (underscore > 0 && underscore < rest.length() - 1) {
          return Optional.of(
              new ObjectRef(
                  "Machine", rest.substring(0, underscore), rest.substring(underscore + 1)));
        }
      }
    }
    return Optional.empty();
  }
}
