package dev.skyscaler.magnum.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.skyscaler.kubernetes.architecture.ModulePackages;
import dev.skyscaler.magnum.http.OpenStackHttp;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The provider's packages depend on each other in one direction: the root (the provider and its
 * actions) on {@code discovery}, {@code api}, {@code keystone}, {@code http} and {@code config};
 * {@code discovery} on {@code api} and {@code config}; {@code api} on {@code keystone} and {@code
 * http}; {@code keystone} on {@code http} and {@code config}. HTTP is spoken by {@code
 * OpenStackHttp} alone, and only the gateways (and {@code ServiceClient}, which carries their
 * token) send through it.
 */
class PackageCyclesTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPath(Path.of("target", "classes"));

  @Test
  void theMagnumPackagesHaveNoCycle() {
    slices()
        .assignedFrom(new ModulePackages("dev.skyscaler.magnum"))
        .should()
        .beFreeOfCycles()
        .check(MAIN);
  }

  @Test
  void onlyOpenStackHttpUsesTheJdkHttpClient() {
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName(OpenStackHttp.class.getName())
        .and()
        .haveNameNotMatching("dev\\.skyscaler\\.magnum\\.http\\.OpenStackHttp\\$.*")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("java.net.http..")
        .check(MAIN);
  }

  @Test
  void onlyTheGatewaysSendRequests() {
    noClasses()
        .that()
        .haveNameNotMatching("dev\\.skyscaler\\.magnum\\.(api|keystone)\\.[A-Za-z]+Gateway")
        .and()
        .doNotHaveFullyQualifiedName("dev.skyscaler.magnum.api.ServiceClient")
        .should()
        .callMethod(
            OpenStackHttp.class,
            "send",
            String.class,
            String.class,
            java.net.URI.class,
            java.util.Map.class,
            com.fasterxml.jackson.databind.JsonNode.class)
        .check(MAIN);
  }
}
