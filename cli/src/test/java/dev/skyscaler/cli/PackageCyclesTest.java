package dev.skyscaler.cli;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The command's packages form no cycle: the root package holds the commands that wire the others,
 * and each sub-package ({@code options}, {@code input}, {@code output}, {@code cluster}, {@code
 * simulate}) depends only on packages below it. See docs/architecture.md.
 */
class PackageCyclesTest {
  private static final JavaClasses CLI =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.skyscaler.cli");

  @Test
  void theCommandsPackagesFormNoCycle() {
    assertThat(CLI.size()).isGreaterThan(10);
    // "dev.skyscaler.(**)" makes the root package a slice of its own ("cli") beside "cli.simulate".
    slices().matching("dev.skyscaler.(**)").should().beFreeOfCycles().check(CLI);
  }
}
