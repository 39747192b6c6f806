package dev.skyscaler.aws;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.kubernetes.runner.EnvironmentOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code CLOUD_PROVIDER}: {@code aws} (the default) or {@code clusterapi}, with the Cluster API
 * provider's variables read as Cluster Autoscaler reads them ({@code CAPI_GROUP}, {@code
 * CAPI_VERSION}, {@code CAPI_SCALE_ZERO_DEFAULT_ARCH}) and its {@code clusterapi:...} specs in
 * {@code NODE_GROUP_AUTO_DISCOVERY}.
 */
final class ClusterApiVariables {
  private ClusterApiVariables() {}

  /** The Cluster API options when {@code CLOUD_PROVIDER=clusterapi}; problems go to errors. */
  static Optional<ClusterApiOptions> read(EnvironmentOptions env, List<String> errors) {
    String provider = env.value("CLOUD_PROVIDER").orElse("aws");
    if (provider.equals("aws")) {
      return Optional.empty();
    }
    if (!provider.equals("clusterapi")) {
      errors.add("CLOUD_PROVIDER: expected aws or clusterapi, got \"" + provider + "\"");
      return Optional.empty();
    }
    Map<String, String> capi = new LinkedHashMap<>();
    for (String v : ClusterApiOptions.VARIABLES) {
      env.value(v).ifPresent(value -> capi.put(v, value));
    }
    try {
      return Optional.of(
          ClusterApiOptions.parse(
              capi, env.list("NODE_GROUP_AUTO_DISCOVERY"), "NODE_GROUP_AUTO_DISCOVERY"));
    } catch (ConfigException e) {
      errors.addAll(e.errors());
      return Optional.empty();
    }
  }
}
