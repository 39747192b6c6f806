package dev.skyscaler.azure;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The Azure service SDKs stay behind this module's gateway: Resource Manager clients and
 * azure-identity are imported by {@code VmssGateway} and the two factories that build what it uses
 * (the ARM connection and the user's credential), nowhere else; the provider speaks only this
 * module's records. (functions-azure's {@code SdkBoundaryTest} holds the same rules for its own
 * classes.)
 */
class ProviderSdkBoundaryTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPath(Path.of("target", "classes"));

  @Test
  void onlyGatewaysImportTheServiceSdks() {
    noClasses()
        .that()
        .haveSimpleNameNotEndingWith("Gateway")
        .and()
        .doNotHaveSimpleName("ArmConnection")
        .and()
        .doNotHaveSimpleName("UserCredential")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "com.azure.resourcemanager..", "com.azure.identity..", "com.azure.security..")
        .check(MAIN);
  }

  @Test
  void theProviderSpeaksOnlyThisModulesRecords() {
    noClasses()
        .that()
        .haveSimpleName("VmssNodeGroupProvider")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("com.azure.core.http..", "com.azure.core.management..")
        .check(MAIN);
  }

  @Test
  void nothingHereDependsOnTheFunctionsRuntime() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("com.microsoft.azure.functions..")
        .check(MAIN);
  }
}
