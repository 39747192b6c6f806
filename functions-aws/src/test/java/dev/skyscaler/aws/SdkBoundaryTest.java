package dev.skyscaler.aws;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The AWS SDK stays behind the gateways, one per service: here {@code SecretsGateway} (Secrets
 * Manager); the Auto Scaling, EC2 and EKS gateways live in provider-aws, whose {@code
 * ProviderSdkBoundaryTest} holds the same rules. Besides the gateways only the EKS token, a
 * presigned STS URL ({@code EksTokenProvider}), touches the SDK; the handlers, the events and the
 * wiring work on the modules' own records.
 */
class SdkBoundaryTest {
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
        .and()
        .doNotHaveSimpleName("EksTokenProvider")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("software.amazon.awssdk..")
        .check(MAIN);
  }

  @Test
  void lambdasEventTypesAreReadOnlyByTheEventsAndTheInterruptionFunction() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.skyscaler.aws.events..")
        .and()
        .doNotHaveSimpleName("InterruptionHandler")
        .and()
        .doNotHaveSimpleName("InterruptionBatch")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("com.amazonaws.services.lambda.runtime.events..", "org.joda..")
        .check(MAIN);
  }

  @Test
  void eachAwsServiceHasExactlyOneGateway() {
    assertThat(
            MAIN.stream()
                .filter(c -> c.getSimpleName().endsWith("Gateway"))
                .map(c -> c.getName().substring("dev.skyscaler.aws.".length())))
        .containsExactly("secrets.SecretsGateway");
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
}
