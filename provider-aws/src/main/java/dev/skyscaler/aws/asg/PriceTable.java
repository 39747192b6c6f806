package dev.skyscaler.aws.asg;

import dev.skyscaler.core.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Node prices per hour by instance type, for the {@code price} expander: the on-demand prices the
 * operator supplies ({@code m5.large=0.096,c5.xlarge=0.17}), and spot prices either given per type
 * ({@code spot:m5.large=0.035}) or estimated as the on-demand price times {@link
 * #spotPriceFactor()}. Skyscaler does not call the Pricing API: a price list is an operator's
 * choice (region, discounts, savings plans), and a group with no price is simply not preferred by
 * price.
 *
 * @param spotPriceFactor spot price as a share of on-demand when no spot price is given
 */
public record PriceTable(
    Map<String, Double> onDemand, Map<String, Double> spot, double spotPriceFactor) {
  /**
   * Default share of the on-demand price assumed for spot: AWS advertises discounts "up to 90%";
   * long-run averages of common general-purpose types sit near 30–40% of on-demand.
   */
  public static final double DEFAULT_SPOT_PRICE_FACTOR = 0.35;

  public static final PriceTable NONE =
      new PriceTable(Map.of(), Map.of(), DEFAULT_SPOT_PRICE_FACTOR);

  public PriceTable {
    onDemand = Map.copyOf(onDemand);
    spot = Map.copyOf(spot);
    if (!(spotPriceFactor > 0 && spotPriceFactor <= 1)) {
      throw new IllegalArgumentException(
          "spot price factor must be in (0, 1], was " + spotPriceFactor);
    }
  }

  /**
   * Parses {@code type=price} pairs separated by commas; {@code spot:type=price} for spot.
   *
   * @param option the option's name, for messages
   * @throws ConfigException listing every bad entry
   */
  public static PriceTable parse(String option, String text, double spotPriceFactor) {
    Map<String, Double> onDemand = new TreeMap<>();
    Map<String, Double> spot = new TreeMap<>();
    List<String> errors = new ArrayList<>();
    if (text != null && !text.isBlank()) {
      for (String entry : text.split(",")) {
        String e = entry.trim();
        int eq = e.indexOf('=');
        OptionalDouble price = eq < 0 ? OptionalDouble.empty() : price(e.substring(eq + 1));
        if (eq <= 0 || price.isEmpty()) {
          errors.add(option + ": expected <instance type>=<price per hour>, got \"" + e + "\"");
          continue;
        }
        String type = e.substring(0, eq);
        if (type.startsWith("spot:")) {
          spot.put(type.substring("spot:".length()), price.getAsDouble());
        } else {
          onDemand.put(type, price.getAsDouble());
        }
      }
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return new PriceTable(onDemand, spot, spotPriceFactor);
  }

  /** The hourly price of one node of this type, if known. */
  public OptionalDouble price(String instanceType, boolean spotCapacity) {
    if (spotCapacity) {
      Double given = spot.get(instanceType);
      if (given != null) {
        return OptionalDouble.of(given);
      }
      Double base = onDemand.get(instanceType);
      return base == null ? OptionalDouble.empty() : OptionalDouble.of(base * spotPriceFactor);
    }
    Double base = onDemand.get(instanceType);
    return base == null ? OptionalDouble.empty() : OptionalDouble.of(base);
  }

  private static OptionalDouble price(String text) {
    try {
      double v = Double.parseDouble(text.trim());
      return v >= 0 && Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }
}
