package dev.skyscaler.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.PodsByNode;
import java.lang.reflect.Field;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The core's packages form no cycle (each can be understood, tested and moved with what it depends
 * on alone), and the core keeps no state between calls: no static field can change, and none holds
 * a mutable object. A scan's results then depend on its inputs only, whatever ran before it in the
 * same JVM (a warm Lambda, a test run, a benchmark).
 */
class CoreStructureTest {
  private static final JavaClasses CORE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.skyscaler.core");

  private static final JavaClasses TEST_KIT =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
          .importPackages("dev.skyscaler.testkit");

  /** Types whose instances cannot change: a static field of one of these is a constant. */
  private static final Set<Class<?>> VALUE_TYPES =
      Set.of(
          String.class,
          Boolean.class,
          Integer.class,
          Long.class,
          Double.class,
          Duration.class,
          Instant.class,
          Pattern.class,
          Comparator.class);

  /** Unmodifiable JDK collections, by class name prefix (their classes are not public). */
  private static final List<String> UNMODIFIABLE_COLLECTIONS =
      List.of(
          "java.util.ImmutableCollections$",
          "java.util.Collections$Unmodifiable",
          "java.util.Collections$Empty",
          "java.util.Collections$Singleton");

  @Test
  void theClassesWereFoundSoTheRulesBelowMeanSomething() {
    assertThat(CORE.size()).isGreaterThan(100);
    assertThat(TEST_KIT.size()).isGreaterThan(5);
  }

  @Test
  void corePackagesFormNoCycle() {
    slices().matching("dev.skyscaler.core.(**)").should().beFreeOfCycles().check(CORE);
  }

  @Test
  void testKitPackagesFormNoCycle() {
    slices().matching("dev.skyscaler.testkit.(**)").should().beFreeOfCycles().check(TEST_KIT);
  }

  @Test
  void onlyTheSnapshotIndexesItsPodsSoAScanIndexesEachPodListOnce() {
    noClasses()
        .that()
        .doNotBelongToAnyOf(ClusterSnapshot.class)
        .should()
        .callMethod(PodsByNode.class, "of", List.class)
        .because("planners share their snapshot's index: ClusterSnapshot.podsByNode()")
        .check(CORE);
  }

  @Test
  void noStaticFieldOfTheCoreCanBeReassigned() {
    fields()
        .that()
        .areStatic()
        .and()
        .doNotHaveModifier(JavaModifier.SYNTHETIC)
        .should()
        .beFinal()
        .check(CORE);
  }

  @Test
  void noStaticFieldOfTheCoreHoldsMutableState() {
    fields()
        .that()
        .areStatic()
        .and()
        .doNotHaveModifier(JavaModifier.SYNTHETIC)
        .should(holdAnImmutableValue())
        .check(CORE);
  }

  /**
   * A static field holds a primitive, an enum, a record or another {@link #VALUE_TYPES value type},
   * or it is declared as a {@link Collection} or {@link Map} interface and holds an unmodifiable
   * one ({@code List.of}, {@code Map.copyOf}, {@code Collections.unmodifiableMap}, ...). Arrays,
   * atomics, concurrent or modifiable collections, builders and any other class fail: each is a
   * place where one call could leave something for the next.
   */
  private static ArchCondition<JavaField> holdAnImmutableValue() {
    return new ArchCondition<>("hold an immutable value") {
      @Override
      public void check(JavaField field, ConditionEvents events) {
        Optional<String> problem = mutableState(field.reflect());
        events.add(
            new SimpleConditionEvent(
                field,
                problem.isEmpty(),
                field.getFullName() + " " + problem.orElse("holds an immutable value")));
      }
    };
  }

  private static Optional<String> mutableState(Field field) {
    Class<?> type = field.getType();
    if (type.isPrimitive() || type.isEnum() || type.isRecord() || VALUE_TYPES.contains(type)) {
      return Optional.empty();
    }
    boolean collection =
        Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type);
    if (!collection) {
      return Optional.of("is a " + type.getTypeName() + ", which can hold state");
    }
    if (!type.isInterface()) {
      return Optional.of("is a " + type.getTypeName() + ", a modifiable collection");
    }
    Object value = valueOf(field);
    if (value == null) {
      return Optional.empty();
    }
    String valueType = value.getClass().getName();
    if (UNMODIFIABLE_COLLECTIONS.stream().noneMatch(valueType::startsWith)) {
      return Optional.of("holds a " + valueType + ", a modifiable collection");
    }
    return Optional.empty();
  }

  private static Object valueOf(Field field) {
    try {
      field.setAccessible(true);
      return field.get(null);
    } catch (IllegalAccessException e) {
      throw new AssertionError("cannot read " + field, e);
    }
  }
}
