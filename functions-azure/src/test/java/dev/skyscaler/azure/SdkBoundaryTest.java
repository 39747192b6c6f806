package dev.skyscaler.azure;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The Azure service SDKs stay behind their gateways: Resource Manager clients, azure-identity and
 * Key Vault are imported by the {@code *Gateway} classes and the two factories that build what they
 * share (the ARM connection and the managed identity), nowhere else.
 */
class SdkBoundaryTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPath(java.nio.file.Path.of("target", "classes"));

  @Test
  void onlyGatewaysImportTheServiceSdks() {
    noClasses()
        .that()
        .haveSimpleNameNotEndingWith("Gateway")
        .and()
        .doNotHaveSimpleName("ArmConnection")
        .and()
        .doNotHaveSimpleName("ManagedIdentity")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "com.azure.resourcemanager..", "com.azure.identity..", "com.azure.security..")
        .check(MAIN);
  }

  @Test
  void theFunctionsAndTheProviderSpeakOnlyThisModulesRecords() {
    noClasses()
        .that()
        .resideInAnyPackage("dev.skyscaler.azure.functions..")
        .or()
        .haveSimpleName("VmssNodeGroupProvider")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("com.azure.core.http..", "com.azure.core.management..")
        .check(MAIN);
  }
}
