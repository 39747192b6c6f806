package dev.skyscaler.aws;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The AWS SDK stays behind this module's gateways, one per service: {@code AsgGateway} (Auto
 * Scaling), {@code Ec2Gateway} (EC2), {@code EksGateway} (EKS). Besides them only the {@code
 * client} package, which builds the clients and signs the calls the gateways send, and the EC2
 * Query protocol under {@code Ec2Gateway} ({@code Ec2Query}) touch the SDK; the provider, its
 * discovery and templates work on this module's own records. (functions-aws's {@code
 * SdkBoundaryTest} holds the same rules for its own classes.)
 */
class ProviderSdkBoundaryTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPath(Path.of("target", "classes"));

  @Test
  void onlyGatewaysUseAServiceClient() {
    noClasses()
        .that()
        .haveSimpleNameNotEndingWith("Gateway")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("software.amazon.awssdk.services..")
        .check(MAIN);
  }

  @Test
  void onlyGatewaysAndHowTheyCallAwsTouchTheSdk() {
    noClasses()
        .that()
        .haveSimpleNameNotEndingWith("Gateway")
        .and()
        .resideOutsideOfPackage("dev.skyscaler.aws.client..")
        .and()
        .doNotHaveSimpleName("Ec2Query")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("software.amazon.awssdk..")
        .check(MAIN);
  }

  @Test
  void eachAwsServiceHasExactlyOneGateway() {
    assertThat(
            MAIN.stream()
                .filter(c -> c.getSimpleName().endsWith("Gateway"))
                .map(c -> c.getName().substring("dev.skyscaler.aws.".length())))
        .containsExactlyInAnyOrder("asg.AsgGateway", "asg.Ec2Gateway", "eks.EksGateway");
  }

  @Test
  void onlyGatewaysSendSignedCalls() {
    noClasses()
        .that()
        .haveSimpleNameNotEndingWith("Gateway")
        .and()
        .resideOutsideOfPackage("dev.skyscaler.aws.client..")
        .and()
        .doNotHaveSimpleName("Ec2Query")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("dev.skyscaler.aws.client.SignedAwsCall")
        .check(MAIN);
  }

  @Test
  void nothingHereDependsOnTheLambdaRuntime() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("com.amazonaws.services.lambda..")
        .check(MAIN);
  }
}
