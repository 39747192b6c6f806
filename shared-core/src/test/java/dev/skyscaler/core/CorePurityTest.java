package dev.skyscaler.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.RandomAccessFile;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

/**
 * The core is pure: no SDK, no Kubernetes client, no network or file I/O, no environment, no clock.
 * Time is a parameter. This test is the enforcement, so a violation fails the build.
 */
class CorePurityTest {
  private static final JavaClasses CORE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.skyscaler.core");

  @Test
  void coreClassesWereFoundSoTheRulesBelowMeanSomething() {
    org.assertj.core.api.Assertions.assertThat(CORE.size()).isGreaterThan(10);
  }

  @Test
  void coreUsesNoKubernetesClientNoCloudSdkAndNoJson() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.fabric8..",
            "software.amazon..",
            "com.amazonaws..",
            "com.azure..",
            "com.microsoft..",
            "com.fasterxml..",
            "org.yaml..",
            "picocli..")
        .check(CORE);
  }

  @Test
  void coreDoesNoNetworkOrFileIo() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "java.net..", "java.nio.file..", "java.nio.channels..", "java.net.http..")
        .orShould()
        .dependOnClassesThat()
        .belongToAnyOf(
            File.class,
            FileInputStream.class,
            FileOutputStream.class,
            FileReader.class,
            FileWriter.class,
            RandomAccessFile.class)
        .check(CORE);
  }

  @Test
  void coreReadsNoEnvironmentAndNoClock() {
    noClasses()
        .should()
        .callMethod(System.class, "getenv")
        .orShould()
        .callMethod(System.class, "getenv", String.class)
        .orShould()
        .callMethod(System.class, "getProperty", String.class)
        .orShould()
        .callMethod(System.class, "currentTimeMillis")
        .orShould()
        .callMethod(System.class, "nanoTime")
        .orShould()
        .callMethod(Instant.class, "now")
        .orShould()
        .callMethod(LocalDateTime.class, "now")
        .orShould()
        .callMethod(OffsetDateTime.class, "now")
        .orShould()
        .callMethod(ZonedDateTime.class, "now")
        .orShould()
        .dependOnClassesThat()
        .belongToAnyOf(Clock.class)
        .check(CORE);
  }
}
