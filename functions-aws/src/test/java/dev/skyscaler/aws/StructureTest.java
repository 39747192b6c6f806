package dev.skyscaler.aws;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.skyscaler.kubernetes.architecture.ModulePackages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The module's packages depend on each other in one direction: the handlers ({@code
 * dev.skyscaler.aws} itself) on everything; {@code cluster} on {@code secrets} (and provider-aws's
 * {@code eks}); {@code events} on the core only. Only this module's classes are checked;
 * provider-aws's {@code ProviderStructureTest} checks its packages.
 */
class StructureTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPath(Path.of("target", "classes"));

  @Test
  void theAwsPackagesHaveNoCycle() {
    slices()
        .assignedFrom(new ModulePackages("dev.skyscaler.aws"))
        .should()
        .beFreeOfCycles()
        .check(MAIN);
  }
}
