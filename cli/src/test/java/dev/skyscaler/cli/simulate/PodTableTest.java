package dev.skyscaler.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PodTable} keeps pods in the order a {@code LinkedHashMap} would, which snapshots rely on.
 */
class PodTableTest {
  static Pod pod(String name) {
    return Pod.builder("ns", name).requests(Resources.of(100, 1 << 20)).build();
  }

  static List<String> names(List<Pod> pods) {
    return pods.stream().map(Pod::name).toList();
  }

  @Test
  void podsComeBackInTheOrderTheyWereAdded() {
    PodTable t = new PodTable();
    t.put(pod("b"));
    t.put(pod("a"));
    t.put(pod("c"));
    assertThat(names(t.toList())).containsExactly("b", "a", "c");
    assertThat(t.size()).isEqualTo(3);
  }

  @Test
  void replacingAPodKeepsItsPlace() {
    PodTable t = new PodTable();
    t.put(pod("a"));
    t.put(pod("b"));
    Pod bound = pod("a").boundTo("n1");
    t.put(bound);
    assertThat(t.toList()).containsExactly(bound, t.get("ns/b"));
    assertThat(t.get("ns/a")).isSameAs(bound);
  }

  @Test
  void aRemovedKeyAddedAgainGoesLast() {
    PodTable t = new PodTable();
    t.put(pod("a"));
    t.put(pod("b"));
    assertThat(t.remove("ns/a")).isNotNull();
    assertThat(t.contains("ns/a")).isFalse();
    assertThat(t.get("ns/a")).isNull();
    t.put(pod("a"));
    assertThat(names(t.toList())).containsExactly("b", "a");
  }

  @Test
  void removingAnUnknownKeyChangesNothing() {
    PodTable t = new PodTable();
    t.put(pod("a"));
    assertThat(t.remove("ns/zz")).isNull();
    assertThat(names(t.toList())).containsExactly("a");
  }

  @Test
  void closingTheHolesOfManyRemovalsKeepsOrderAndLookups() {
    PodTable t = new PodTable();
    for (int i = 0; i < 3_000; i++) {
      t.put(pod("p" + i));
    }
    for (int i = 0; i < 3_000; i++) {
      if (i % 6 != 0) {
        t.remove("ns/p" + i);
      }
    }
    t.put(pod("last"));
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 3_000; i += 6) {
      expected.add("p" + i);
    }
    expected.add("last");
    assertThat(names(t.toList())).containsExactlyElementsOf(expected);
    assertThat(t.get("ns/p6").name()).isEqualTo("p6");
    assertThat(t.get("ns/p7")).isNull();
    Pod bound = pod("p6").boundTo("n1");
    t.put(bound);
    assertThat(t.toList().get(1)).isSameAs(bound);
  }

  @Test
  void manyChangesGiveTheSameOrderAsALinkedHashMap() {
    PodTable t = new PodTable();
    Map<String, Pod> expected = new LinkedHashMap<>();
    Random random = new Random(7);
    List<String> live = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      int op = random.nextInt(10);
      if (op < 5 || live.isEmpty()) {
        Pod p = pod("p" + random.nextInt(6_000));
        t.put(p);
        if (expected.put(p.key(), p) == null) {
          live.add(p.key());
        }
      } else if (op < 7) {
        String key = live.get(random.nextInt(live.size()));
        Pod p = expected.get(key).boundTo("n" + i);
        t.put(p);
        expected.put(key, p);
      } else {
        String key = live.remove(random.nextInt(live.size()));
        assertThat(t.remove(key)).isSameAs(expected.remove(key));
      }
    }
    assertThat(t.toList()).containsExactlyElementsOf(expected.values());
    assertThat(t.size()).isEqualTo(expected.size());
    expected.forEach((k, p) -> assertThat(t.get(k)).isSameAs(p));
  }
}
