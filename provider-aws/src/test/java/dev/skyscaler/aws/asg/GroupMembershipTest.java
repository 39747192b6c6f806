package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Which group of this cluster an interruption event is about, if any. */
class GroupMembershipTest {
  private static final GroupMembership OURS =
      new GroupMembership(
          Set.of("workers", "spot", "empty"), Map.of("i-1", "workers", "i-2", "spot"));

  record Case(String name, String group, String instance, Optional<String> ours) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> lifecycleActions() {
    return Stream.of(
        new Case("our group and its own instance", "workers", "i-1", Optional.of("workers")),
        new Case(
            "our group and an instance of another of ours", "workers", "i-2", Optional.empty()),
        new Case(
            "our group and an instance no group of ours lists", "workers", "i-9", Optional.empty()),
        new Case("a group without instances", "empty", "i-1", Optional.empty()),
        new Case(
            "another cluster's group and one of our instances", "theirs", "i-1", Optional.empty()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lifecycleActions")
  void aLifecycleActionIsOursOnlyForOurGroupAndAnInstanceItLists(Case c) {
    assertThat(OURS.lifecycleGroup(c.group(), c.instance())).isEqualTo(c.ours());
  }

  @Test
  void anyOtherEventIsOursForAnInstanceOneOfOurGroupsLists() {
    assertThat(OURS.groupOf("i-2")).contains("spot");
    assertThat(OURS.groupOf("i-9")).isEmpty();
  }

  @Test
  void anInstanceOfAGroupThatIsNotOneOfTheGroupsIsRefused() {
    assertThatThrownBy(() -> new GroupMembership(Set.of("a"), Map.of("i-1", "b")))
        .hasMessage("instance i-1 is listed by b, not one of the groups");
  }
}
