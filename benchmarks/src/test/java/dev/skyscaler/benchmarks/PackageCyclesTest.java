package dev.skyscaler.benchmarks;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The benchmarks' packages form no cycle (one package today; the rule keeps it so). */
class PackageCyclesTest {
  private static final JavaClasses BENCHMARKS =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.skyscaler.benchmarks");

  @Test
  void theBenchmarksPackagesFormNoCycle() {
    assertThat(BENCHMARKS.size()).isGreaterThan(5);
    slices().matching("dev.skyscaler.(**)").should().beFreeOfCycles().check(BENCHMARKS);
  }
}
