package dev.skyscaler.core.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link EquivalenceClasses}: one class per owner and spec, in order of first appearance, whether
 * the replicas come in runs or interleaved, and whether they share their owner object or not.
 */
class EquivalenceClassesTest {
  static final OwnerReference WEB = new OwnerReference("ReplicaSet", "web", "rs-web");
  static final OwnerReference API = new OwnerReference("ReplicaSet", "api", "rs-api");

  static Pod pod(String name, OwnerReference owner, String cpu) {
    return Pod.builder("default", name)
        .owner(owner)
        .requests(Resources.of(Long.parseLong(cpu) * 1000, 1L << 30))
        .unschedulable(true)
        .build();
  }

  static List<List<String>> names(List<PodClass> classes) {
    return classes.stream().map(c -> c.pods().stream().map(Pod::name).toList()).toList();
  }

  @Test
  void replicasOfOneOwnerInARunMakeOneClass() {
    var classes =
        EquivalenceClasses.of(
            List.of(pod("w1", WEB, "1"), pod("w2", WEB, "1"), pod("w3", WEB, "1")));
    assertThat(names(classes)).containsExactly(List.of("w1", "w2", "w3"));
    assertThat(classes).extracting(PodClass::id).containsExactly(0);
  }

  @Test
  void interleavedSpecsOfOneOwnerMakeAClassEachInOrderOfFirstAppearance() {
    var classes =
        EquivalenceClasses.of(
            List.of(
                pod("small1", WEB, "1"),
                pod("big1", WEB, "2"),
                pod("small2", WEB, "1"),
                pod("small3", WEB, "1"),
                pod("big2", WEB, "2")));
    assertThat(names(classes))
        .containsExactly(List.of("small1", "small2", "small3"), List.of("big1", "big2"));
    assertThat(classes).extracting(PodClass::id).containsExactly(0, 1);
  }

  @Test
  void interleavedOwnersMakeAClassEach() {
    var classes =
        EquivalenceClasses.of(
            List.of(
                pod("w1", WEB, "1"),
                pod("a1", API, "1"),
                pod("w2", WEB, "1"),
                pod("a2", API, "1")));
    assertThat(names(classes)).containsExactly(List.of("w1", "w2"), List.of("a1", "a2"));
  }

  @Test
  void equalOwnersThatAreDistinctObjectsShareAClass() {
    var classes =
        EquivalenceClasses.of(
            List.of(
                pod("w1", WEB, "1"),
                pod("w2", new OwnerReference("ReplicaSet", "web", "rs-web"), "1"),
                pod("x", null, "1"),
                pod("y", null, "1"),
                pod("w3", WEB, "1")));
    assertThat(names(classes)).containsExactly(List.of("w1", "w2", "w3"), List.of("x", "y"));
  }
}
