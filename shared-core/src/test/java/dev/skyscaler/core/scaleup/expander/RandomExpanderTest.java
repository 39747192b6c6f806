package dev.skyscaler.core.scaleup.expander;

import static dev.skyscaler.core.scaleup.expander.OptionSpec.names;
import static dev.skyscaler.core.scaleup.expander.OptionSpec.option;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RandomExpanderTest {
  private static final List<ExpansionOption> OPTIONS =
      Stream.of("a", "b", "c", "d").map(n -> option(n).pods(pod("p").cpu("1"), 1).build()).toList();

  @Test
  void randomPicksExactlyOneOption() {
    assertThat(new RandomExpander(7).bestOptions(OPTIONS)).hasSize(1);
  }

  @Test
  void randomPicksTheSameOptionForTheSameSeed() {
    List<ExpansionOption> reversed = new ArrayList<>(OPTIONS);
    Collections.reverse(reversed);
    for (long seed = 0; seed < 20; seed++) {
      List<String> first = names(new RandomExpander(seed).bestOptions(OPTIONS));
      assertThat(names(new RandomExpander(seed).bestOptions(OPTIONS))).isEqualTo(first);
      assertThat(names(new RandomExpander(seed).bestOptions(reversed)))
          .as("the order of the options does not matter")
          .isEqualTo(first);
    }
  }

  @Test
  void theChoiceForASeedIsPinnedSoPlansReplayAcrossReleases() {
    List<String> picks = new ArrayList<>();
    for (long seed = 0; seed < 8; seed++) {
      picks.addAll(names(new RandomExpander(seed).bestOptions(OPTIONS)));
    }
    assertThat(picks).containsExactly("d", "c", "c", "b", "a", "a", "d", "c");
  }

  @Test
  void differentSeedsSpreadTheChoiceOverAllOptions() {
    Set<String> chosen = new HashSet<>();
    for (long seed = 0; seed < 100; seed++) {
      chosen.addAll(names(new RandomExpander(seed).bestOptions(OPTIONS)));
    }
    assertThat(chosen).containsExactlyInAnyOrder("a", "b", "c", "d");
  }

  @Test
  void noOptionsGiveNoOptions() {
    assertThat(new RandomExpander(1).bestOptions(List.of())).isEmpty();
  }
}
