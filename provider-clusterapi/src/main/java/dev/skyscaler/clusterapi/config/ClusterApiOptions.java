package dev.skyscaler.clusterapi.config;

import dev.skyscaler.clusterapi.objects.CapiNames;
import dev.skyscaler.clusterapi.objects.ScalableResource;
import dev.skyscaler.core.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Where the Cluster API provider looks and under which names, as Cluster Autoscaler's {@code
 * clusterapi} provider is configured: the environment variables {@code CAPI_GROUP} (default {@value
 * CapiNames#DEFAULT_GROUP}), {@code CAPI_VERSION} (default: the server's preferred version of the
 * group) and {@code CAPI_SCALE_ZERO_DEFAULT_ARCH} (default {@code amd64}), and the {@code
 * --node-group-auto-discovery=clusterapi:...} values (none: every scalable resource the credentials
 * can see).
 *
 * @param version the API version to read, empty for the server's preferred one
 * @param specs the discovery specs, OR'd; empty selects everything
 * @param defaultArchitecture {@code kubernetes.io/arch} of a scale-from-zero template when the
 *     infrastructure template does not say
 */
public record ClusterApiOptions(
    CapiNames names,
    Optional<String> version,
    List<DiscoverySpec> specs,
    String defaultArchitecture) {
  public static final String GROUP_VARIABLE = "CAPI_GROUP";
  public static final String VERSION_VARIABLE = "CAPI_VERSION";
  public static final String ARCH_VARIABLE = "CAPI_SCALE_ZERO_DEFAULT_ARCH";

  /** The environment variables read, for runners that declare what they read. */
  public static final List<String> VARIABLES =
      List.of(GROUP_VARIABLE, VERSION_VARIABLE, ARCH_VARIABLE);

  private static final Set<String> ARCHITECTURES = Set.of("amd64", "arm64", "ppc64le", "s390x");
  private static final Pattern VERSION = Pattern.compile("^v[0-9]+((alpha|beta)[0-9]+)?$");

  public ClusterApiOptions {
    java.util.Objects.requireNonNull(names, "names");
    java.util.Objects.requireNonNull(version, "version");
    specs = List.copyOf(specs);
    java.util.Objects.requireNonNull(defaultArchitecture, "defaultArchitecture");
  }

  /** The default group, the preferred version, every resource, amd64. */
  public static ClusterApiOptions defaults() {
    return new ClusterApiOptions(CapiNames.defaults(), Optional.empty(), List.of(), "amd64");
  }

  /**
   * Reads the variables and the discovery specs, checking all of them.
   *
   * @param environment the process environment (only the three variables above are read)
   * @param discovery the {@code --node-group-auto-discovery} values
   * @param discoveryName how the discovery values are named in errors ({@code
   *     --node-group-auto-discovery}, or a runner's variable)
   * @throws ConfigException listing every problem, each naming its variable or flag
   */
  public static ClusterApiOptions parse(
      Map<String, String> environment, List<String> discovery, String discoveryName) {
    List<String> errors = new ArrayList<>();
    CapiNames names = CapiNames.defaults();
    String group = blankToNull(environment.get(GROUP_VARIABLE));
    if (group != null) {
      try {
        names = new CapiNames(group);
      } catch (IllegalArgumentException e) {
        errors.add(e.getMessage());
      }
    }
    Optional<String> version = Optional.ofNullable(blankToNull(environment.get(VERSION_VARIABLE)));
    if (version.isPresent() && !VERSION.matcher(version.get()).matches()) {
      errors.add(
          VERSION_VARIABLE
              + ": expected an API version such as v1beta2, got \""
              + version.get()
              + "\"");
    }
    String arch = Optional.ofNullable(blankToNull(environment.get(ARCH_VARIABLE))).orElse("amd64");
    if (!ARCHITECTURES.contains(arch)) {
      errors.add(
          ARCH_VARIABLE
              + ": expected one of "
              + new TreeSet<>(ARCHITECTURES)
              + ", got \""
              + arch
              + "\"");
    }
    List<DiscoverySpec> specs = new ArrayList<>();
    for (String d : discovery) {
      try {
        specs.add(DiscoverySpec.parse(d));
      } catch (IllegalArgumentException e) {
        errors.add(discoveryName + ": " + e.getMessage());
      }
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return new ClusterApiOptions(names, version, specs, arch);
  }

  /** Whether discovery takes this resource: no spec, or one that selects it. */
  public boolean selects(ScalableResource r) {
    return specs.isEmpty() || specs.stream().anyMatch(s -> s.selects(r));
  }

  /**
   * The namespaces to read, every one the specs name (Cluster Autoscaler's informers watch only the
   * first); empty when some spec, or the absence of specs, asks for all namespaces.
   */
  public Optional<Set<String>> namespaces() {
    if (specs.isEmpty() || specs.stream().anyMatch(s -> s.namespace().isEmpty())) {
      return Optional.empty();
    }
    Set<String> namespaces = new TreeSet<>();
    specs.forEach(s -> namespaces.add(s.namespace().orElseThrow()));
    return Optional.of(namespaces);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }
}
