package dev.skyscaler.cli.simulate;

import dev.skyscaler.cli.input.YamlObject;
import dev.skyscaler.core.model.NodeGroup;
import java.util.ArrayList;
import java.util.Currency;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A scenario's {@code cost} section: the currency its prices are in, and prices per node-hour that
 * replace those of the node-groups file for this scenario (for spot or negotiated prices, or groups
 * the file prices not). The price expander sees the same prices the cost is counted with.
 *
 * <pre>
 * cost:
 *   currency: EUR                 # ISO 4217 code; default USD, as AWS and Azure list prices
 *   prices:
 *     eks-spot-large: 0.041       # per node-hour
 * </pre>
 *
 * @param currency an ISO 4217 code
 * @param prices per node group name
 */
public record CostSettings(String currency, Map<String, Double> prices) {
  /** USD, the currency AWS and Azure list their prices in, and the node-groups file's prices. */
  public static final CostSettings DEFAULT = new CostSettings("USD", Map.of());

  private static final Set<String> FIELDS = Set.of("currency", "prices");

  public CostSettings {
    Objects.requireNonNull(currency, "currency");
    prices = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(prices));
  }

  /**
   * Reads the {@code cost} field of a scenario, if any.
   *
   * @param groups the node groups, to check that every priced group exists
   * @param groupsFile where the node groups came from (their file), for messages
   */
  static CostSettings read(YamlObject scenario, List<NodeGroup> groups, String groupsFile) {
    if (scenario.get("cost").isEmpty()) {
      return DEFAULT;
    }
    YamlObject cost = scenario.object("cost").orElseThrow();
    cost.allowOnly(FIELDS);
    String currency = cost.text("currency").orElse(DEFAULT.currency());
    if (!currency.matches("[A-Z]{3}") || !isIsoCode(currency)) {
      throw cost.error(
          "currency", "expected an ISO 4217 code like USD or EUR, got \"" + currency + "\"");
    }
    Map<String, Double> prices = new LinkedHashMap<>();
    cost.object("prices")
        .ifPresent(
            p -> {
              Set<String> known = new java.util.HashSet<>();
              groups.forEach(g -> known.add(g.name()));
              for (Iterator<String> it = p.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (!known.contains(name)) {
                  throw p.error(name, "no node group \"" + name + "\" in " + groupsFile);
                }
                prices.put(
                    name,
                    p.number(name, 0)
                        .orElseThrow(() -> p.error(name, "expected a number >= 0.0, got null")));
              }
            });
    return new CostSettings(currency, prices);
  }

  private static boolean isIsoCode(String code) {
    try {
      Currency.getInstance(code);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The groups with this section's prices in place of their own. */
  List<NodeGroup> priced(List<NodeGroup> groups) {
    if (prices.isEmpty()) {
      return groups;
    }
    List<NodeGroup> result = new ArrayList<>(groups.size());
    for (NodeGroup g : groups) {
      Double price = prices.get(g.name());
      result.add(
          price == null
              ? g
              : new NodeGroup(
                  g.name(),
                  g.minSize(),
                  g.maxSize(),
                  g.targetSize(),
                  g.memberNodes(),
                  g.template(),
                  OptionalDouble.of(price)));
    }
    return result;
  }
}
