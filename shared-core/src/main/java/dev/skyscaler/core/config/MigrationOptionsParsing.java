package dev.skyscaler.core.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The part of {@link OptionsParser} for the CA flags teams bring when they move from Cluster
 * Autoscaler: startup and status taints, the node-group backoff, and where CA's objects live. It
 * records problems in the parser's error list, so that every parse reports everything at once.
 */
final class MigrationOptionsParsing {
  /** A Kubernetes taint key: an optional DNS subdomain and '/', then a qualified name. */
  private static final Pattern TAINT_KEY =
      Pattern.compile("([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");

  private final OptionsParser p;

  MigrationOptionsParsing(OptionsParser parser) {
    this.p = parser;
  }

  /**
   * {@code --startup-taint}, with CA's deprecated {@code --ignore-taint} appended, and {@code
   * --status-taint}.
   */
  TaintOptions taints() {
    List<String> startup = new ArrayList<>(taintKeys("startup-taint"));
    startup.addAll(taintKeys("ignore-taint"));
    return new TaintOptions(startup, taintKeys("status-taint"));
  }

  BackoffOptions backoff(BackoffOptions d) {
    Duration initial = p.duration("initial-node-group-backoff-duration", false, d.initial());
    Duration max = p.duration("max-node-group-backoff-duration", false, d.max());
    Duration reset = p.duration("node-group-backoff-reset-timeout", false, d.resetTimeout());
    if (max.compareTo(initial) < 0) {
      p.errors.add(
          "--max-node-group-backoff-duration: expected at least --initial-node-group-backoff-duration ("
              + GoDuration.format(initial)
              + "), got "
              + FlagTexts.quoted(GoDuration.format(max)));
      return d;
    }
    return new BackoffOptions(initial, max, reset);
  }

  CaObjectNames objects(CaObjectNames d) {
    String namespace =
        p.orDefault(
            "namespace",
            d.namespace(),
            t -> Optional.of(t).filter(CaObjectNames::isNamespace),
            CaObjectNames.NAMESPACE_EXPECTED.substring("expected ".length()));
    String name =
        p.orDefault(
            "status-config-map-name",
            d.statusConfigMapName(),
            t -> Optional.of(t).filter(CaObjectNames::isObjectName),
            CaObjectNames.NAME_EXPECTED.substring("expected ".length()));
    return new CaObjectNames(namespace, name);
  }

  /** Taint keys as Kubernetes spells them: an optional DNS prefix and '/', then a name. */
  List<String> taintKeys(String name) {
    List<String> result = new ArrayList<>();
    for (String key : p.flags.getOrDefault(name, List.of())) {
      if (!TAINT_KEY.matcher(key).matches() || key.length() > 316) {
        p.errors.add(
            "--"
                + name
                + ": expected a taint key (like example.com/starting), got "
                + FlagTexts.quoted(key));
      } else {
        result.add(key);
      }
    }
    return result;
  }
}
