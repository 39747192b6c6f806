package dev.skyscaler.clusterapi.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.skyscaler.kubernetes.architecture.ModulePackages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The provider's packages depend on each other in one direction: the root package (the provider and
 * its actions) on {@code api}, {@code discovery}, {@code config} and {@code objects}; {@code
 * snapshot} on {@code discovery}; every one of them on {@code objects}.
 */
class PackageCyclesTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPath(Path.of("target", "classes"));

  @Test
  void theClusterApiPackagesHaveNoCycle() {
    slices()
        .assignedFrom(new ModulePackages("dev.skyscaler.clusterapi"))
        .should()
        .beFreeOfCycles()
        .check(MAIN);
  }

  @Test
  void onlyTheGatewayCallsTheManagementCluster() {
    com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses()
        .that()
        .doNotHaveFullyQualifiedName("dev.skyscaler.clusterapi.api.ManagementGateway")
        .and()
        .haveNameNotMatching("dev\\.skyscaler\\.clusterapi\\.api\\.ManagementGateway\\$.*")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.fabric8.kubernetes.client..")
        .check(MAIN);
  }
}
