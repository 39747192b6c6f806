package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ListedObjectsTest {
  static Stream<Arguments> lists() {
    return Stream.of(
        Arguments.of("nothing listed gives an empty map", List.of(), List.of()),
        Arguments.of(
            "objects in the storage order stay in it",
            List.of("a/p1", "a/p2", "b/p1"),
            List.of("a/p1", "a/p2", "b/p1")),
        Arguments.of(
            "objects in any order come out by namespace, then name",
            List.of("b/p1", "a/p2", "a/p10", "a/p1"),
            List.of("a/p1", "a/p10", "a/p2", "b/p1")),
        Arguments.of(
            "a namespace that is a prefix of another sorts first (storage keys put it after)",
            List.of("team-1-x/p", "team-1/p"),
            List.of("team-1/p", "team-1-x/p")),
        Arguments.of(
            "of two objects with one key the later is kept",
            List.of("a/p1=first", "b/p1", "a/p1=second"),
            List.of("a/p1=second", "b/p1")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lists")
  void aListIsKeptInKeyOrder(String sentence, List<String> listed, List<String> kept) {
    ListedObjects<String> objects = new ListedObjects<>();
    for (String item : listed) {
      objects.add(key(item), item);
    }

    Map<ObjectKey, String> map = objects.toMap();

    assertThat(map.values()).containsExactlyElementsOf(kept);
    assertThat(map.keySet()).containsExactlyElementsOf(kept.stream().map(this::key).toList());
    map.forEach((k, v) -> assertThat(map.get(k)).isEqualTo(v)); // the tree finds what it holds
  }

  private ObjectKey key(String item) {
    String key = item.contains("=") ? item.substring(0, item.indexOf('=')) : item;
    return new ObjectKey(key.substring(0, key.indexOf('/')), key.substring(key.indexOf('/') + 1));
  }
}
