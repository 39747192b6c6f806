package dev.skyscaler.kubernetes.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The adapter's packages depend on each other in one direction: {@code scan} on {@code actuation},
 * {@code events}, {@code state} and {@code status}, all of them on the root package's connection
 * and translation, and {@code runner} on the core only.
 */
class PackageCyclesTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPath(Path.of("target", "classes"));

  @Test
  void theKubernetesPackagesHaveNoCycle() {
    slices()
        .assignedFrom(new ModulePackages("dev.skyscaler.kubernetes"))
        .should()
        .beFreeOfCycles()
        .check(MAIN);
  }
}
