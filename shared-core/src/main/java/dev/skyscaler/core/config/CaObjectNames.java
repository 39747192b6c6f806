package dev.skyscaler.core.config;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where the objects Cluster Autoscaler keeps in the cluster live, under CA's flags: the status
 * ConfigMap, the priority expander's ConfigMap, and (for Skyscaler) its scan Lease and state
 * ConfigMaps. The core does not use them; the adapters that read and write those objects do.
 *
 * @param namespace {@code --namespace}
 * @param statusConfigMapName {@code --status-config-map-name}
 */
public record CaObjectNames(String namespace, String statusConfigMapName) {
  // before DEFAULTS: static fields are initialised in order, and DEFAULTS is validated
  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

  /** CA's defaults: {@code kube-system}, {@code cluster-autoscaler-status}. */
  public static final CaObjectNames DEFAULTS =
      new CaObjectNames("kube-system", "cluster-autoscaler-status");

  public CaObjectNames {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(statusConfigMapName, "statusConfigMapName");
    if (!isNamespace(namespace)) {
      throw new IllegalArgumentException("namespace: " + NAMESPACE_EXPECTED + ", got " + namespace);
    }
    if (!isObjectName(statusConfigMapName)) {
      throw new IllegalArgumentException(
          "status-config-map-name: " + NAME_EXPECTED + ", got " + statusConfigMapName);
    }
  }

  static final String NAMESPACE_EXPECTED =
      "expected a namespace name (at most 63 lower-case letters, digits and '-')";
  static final String NAME_EXPECTED =
      "expected a ConfigMap name (at most 253 lower-case letters, digits, '-' and '.')";

  static boolean isNamespace(String s) {
    return s.length() <= 63 && DNS_LABEL.matcher(s).matches();
  }

  static boolean isObjectName(String s) {
    return s.length() <= 253 && DNS_SUBDOMAIN.matcher(s).matches();
  }
}
