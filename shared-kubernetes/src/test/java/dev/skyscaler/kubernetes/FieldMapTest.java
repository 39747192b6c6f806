package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The trees' field maps behave as a {@link LinkedHashMap} does, small or past their index. */
class FieldMapTest {
  @ParameterizedTest(name = "random puts, replacements and removals over {0} names")
  @ValueSource(ints = {3, 12, 40})
  void everyOperationAgreesWithALinkedHashMap(int names) {
    Random random = new Random(names);
    for (int run = 0; run < 50; run++) {
      FieldMap map = new FieldMap();
      Map<String, JsonNode> expected = new LinkedHashMap<>();
      for (int step = 0; step < 200; step++) {
        // new String: lookups must not depend on the names being the same objects
        String name = new String("f" + random.nextInt(names));
        JsonNode value = IntNode.valueOf(step);
        switch (random.nextInt(5)) {
          case 0, 1, 2 -> assertThat(map.put(name, value)).isEqualTo(expected.put(name, value));
          case 3 -> assertThat(map.remove(name)).isEqualTo(expected.remove(name));
          default -> removeByIterator(map, expected, random.nextInt(names));
        }
        assertThat(map.get(name)).isEqualTo(expected.get(name));
        assertThat(map.containsKey(name)).isEqualTo(expected.containsKey(name));
        assertThat(new ArrayList<>(map.entrySet())).isEqualTo(new ArrayList<>(expected.entrySet()));
        assertThat(map).isEqualTo(expected).hasSameHashCodeAs(expected);
      }
    }
  }

  private static void removeByIterator(FieldMap map, Map<String, JsonNode> expected, int nth) {
    List<String> removed = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> it = map.entrySet().iterator();
    for (int i = 0; it.hasNext(); i++) {
      Map.Entry<String, JsonNode> e = it.next();
      if (i % (nth + 1) == 0) {
        removed.add(e.getKey());
        it.remove();
      }
    }
    removed.forEach(expected::remove);
  }
}
