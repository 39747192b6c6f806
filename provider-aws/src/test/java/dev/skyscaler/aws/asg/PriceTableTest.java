package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.config.ConfigException;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class PriceTableTest {
  private final PriceTable prices =
      PriceTable.parse(
          "ON_DEMAND_PRICES", "m5.large=0.096, c5.xlarge=0.17,spot:c5.xlarge=0.06", 0.4);

  @Test
  void onDemandGroupsPayTheListedPrice() {
    assertThat(prices.price("m5.large", false)).isEqualTo(OptionalDouble.of(0.096));
  }

  @Test
  void spotGroupsPayTheGivenSpotPriceElseAShareOfOnDemand() {
    assertThat(prices.price("c5.xlarge", true)).isEqualTo(OptionalDouble.of(0.06));
    assertThat(prices.price("m5.large", true).getAsDouble()).isEqualTo(0.0384, within());
  }

  @Test
  void anUnlistedTypeHasNoPrice() {
    assertThat(prices.price("r5.large", false)).isEmpty();
    assertThat(prices.price("r5.large", true)).isEmpty();
  }

  @Test
  void badEntriesAreAllReportedNamingTheOption() {
    assertThatThrownBy(
            () -> PriceTable.parse("ON_DEMAND_PRICES", "m5.large,c5.xlarge=cheap,=1", 0.4))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "ON_DEMAND_PRICES: expected <instance type>=<price per hour>, got \"m5.large\"\n"
                + "ON_DEMAND_PRICES: expected <instance type>=<price per hour>, got"
                + " \"c5.xlarge=cheap\"\n"
                + "ON_DEMAND_PRICES: expected <instance type>=<price per hour>, got \"=1\"");
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }
}
