package dev.skyscaler.core.model;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Exact parsing of Kubernetes resource quantities ({@code "500m"}, {@code "1Gi"}, {@code "128G"},
 * {@code "1.5"}, {@code "2e3"}, {@code "0.1"}), with the rounding the API server applies: a value
 * is rounded up to the next whole unit ({@code MilliValue()} / {@code Value()} semantics).
 */
public final class Quantity {
  private static final Pattern FORMAT =
      Pattern.compile(
          "^([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+))(?:([eE][+-]?\\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E))?$");

  private static final Map<String, BigDecimal> SUFFIXES =
      Map.ofEntries(
          Map.entry("n", new BigDecimal("1e-9")),
          Map.entry("u", new BigDecimal("1e-6")),
          Map.entry("m", new BigDecimal("1e-3")),
          Map.entry("k", new BigDecimal("1e3")),
          Map.entry("M", new BigDecimal("1e6")),
          Map.entry("G", new BigDecimal("1e9")),
          Map.entry("T", new BigDecimal("1e12")),
          Map.entry("P", new BigDecimal("1e15")),
          Map.entry("E", new BigDecimal("1e18")),
          Map.entry("Ki", BigDecimal.valueOf(1L << 10)),
          Map.entry("Mi", BigDecimal.valueOf(1L << 20)),
          Map.entry("Gi", BigDecimal.valueOf(1L << 30)),
          Map.entry("Ti", BigDecimal.valueOf(1L << 40)),
          Map.entry("Pi", BigDecimal.valueOf(1L << 50)),
          Map.entry("Ei", BigDecimal.valueOf(1L << 60)));

  private Quantity() {}

  /**
   * The exact decimal value of a quantity string.
   *
   * @throws IllegalArgumentException naming the text and the accepted forms when it is not a
   *     quantity
   */
  public static BigDecimal parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("quantity is missing; expected e.g. \"500m\", \"1Gi\"");
    }
    Matcher m = FORMAT.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "invalid quantity \""
              + text
              + "\": expected a number with an optional suffix"
              + " (m, k, M, G, T, Ki, Mi, Gi, Ti, or an exponent like 2e3)");
    }
    BigDecimal value = new BigDecimal(m.group(1));
    if (m.group(2) != null) {
      value = value.scaleByPowerOfTen(Integer.parseInt(m.group(2).substring(1)));
    } else if (m.group(3) != null) {
      value = value.multiply(SUFFIXES.get(m.group(3)));
    }
    if (value.signum() < 0) {
      throw new IllegalArgumentException(
          "invalid quantity \"" + text + "\": resource quantities cannot be negative");
    }
    return value;
  }

  /** The value in thousandths, rounded up (CPU in millicores). */
  public static long parseMilli(String text) {
    return toLongExact(parse(text).movePointRight(3), text);
  }

  /** The value in whole units, rounded up (bytes, counts). */
  public static long parseUnits(String text) {
    return toLongExact(parse(text), text);
  }

  private static long toLongExact(BigDecimal value, String text) {
    try {
      return value.setScale(0, RoundingMode.CEILING).longValueExact();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("invalid quantity \"" + text + "\": too large", e);
    }
  }

  /** Millicores as Kubernetes would print them: {@code "500m"}, {@code "2"}. */
  public static String formatMilli(long milli) {
    return milli % 1000 == 0 ? Long.toString(milli / 1000) : milli + "m";
  }

  /** Bytes in the largest binary unit that divides them: {@code "1Gi"}, {@code "1536Mi"}. */
  public static String formatBytes(long bytes) {
    String[] units = {"Ei", "Pi", "Ti", "Gi", "Mi", "Ki"};
    for (int i = 0; i < units.length; i++) {
      long unit = 1L << (10 * (units.length - i));
      if (bytes != 0 && bytes % unit == 0) {
        return bytes / unit + units[i];
      }
    }
    return Long.toString(bytes);
  }
}
