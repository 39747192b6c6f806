package dev.skyscaler.aws;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.skyscaler.kubernetes.architecture.ModulePackages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The module's packages depend on each other in one direction: {@code asg} on {@code eks}, both on
 * {@code client}.
 */
class ProviderStructureTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPath(Path.of("target", "classes"));

  @Test
  void theProviderPackagesHaveNoCycle() {
    slices()
        .assignedFrom(new ModulePackages("dev.skyscaler.aws"))
        .should()
        .beFreeOfCycles()
        .check(MAIN);
  }
}
