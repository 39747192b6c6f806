package dev.skyscaler.azure;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.skyscaler.kubernetes.architecture.ModulePackages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The module's packages depend on each other in one direction: {@code functions} on {@code auth}
 * and on provider-azure's {@code vmss} and {@code arm} (checked there by {@code
 * ProviderStructureTest}), {@code auth} on {@code arm}; and the functions keep no state in static
 * fields (the worker's wiring lives in its {@code FunctionInjector}).
 */
class StructureTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPath(Path.of("target", "classes"));

  @Test
  void theAzurePackagesHaveNoCycle() {
    slices()
        .assignedFrom(new ModulePackages("dev.skyscaler.azure"))
        .should()
        .beFreeOfCycles()
        .check(MAIN);
  }

  @Test
  void noStaticFieldCanBeReassigned() {
    fields()
        .that()
        .areStatic()
        .and()
        .areDeclaredInClassesThat()
        .resideInAPackage("dev.skyscaler.azure..")
        .should()
        .beFinal()
        .check(MAIN);
  }
}
