package dev.skyscaler.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link NoScaleUp}: its reasons are a sorted copy nobody can change, shared when passed on. */
class NoScaleUpTest {
  @Test
  void reasonsAreASortedCopyThatNobodyCanChange() {
    Map<String, String> given = new HashMap<>(Map.of("ng2", "Insufficient cpu", "ng1", "max"));
    NoScaleUp n = new NoScaleUp("default/web", given);
    given.put("ng3", "later");
    assertThat(n.reasons())
        .containsExactly(Map.entry("ng1", "max"), Map.entry("ng2", "Insufficient cpu"));
    assertThat(n.reasons().toString()).isEqualTo("{ng1=max, ng2=Insufficient cpu}");
    assertThatThrownBy(() -> n.reasons().put("ng3", "x"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> n.reasons().entrySet().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aNoScaleUpMadeFromAnothersReasonsSharesThem() {
    NoScaleUp first = new NoScaleUp("default/web-1", Map.of("ng1", "Insufficient cpu"));
    NoScaleUp second = new NoScaleUp("default/web-2", first.reasons());
    assertThat(second.reasons()).isSameAs(first.reasons());
  }

  @Test
  void equalReasonsMakeEqualRecordsWhateverMapTheyCameIn() {
    NoScaleUp a = new NoScaleUp("default/web", Map.of("ng1", "Insufficient cpu"));
    NoScaleUp b = new NoScaleUp("default/web", new HashMap<>(Map.of("ng1", "Insufficient cpu")));
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a.reasons()).isEqualTo(Map.of("ng1", "Insufficient cpu"));
    assertThat(a.reasons().hashCode()).isEqualTo(Map.of("ng1", "Insufficient cpu").hashCode());
  }
}
