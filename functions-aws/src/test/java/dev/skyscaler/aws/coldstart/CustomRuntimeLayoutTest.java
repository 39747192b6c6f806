package dev.skyscaler.aws.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A custom-runtime zip ({@code benchmarks/custom-runtime.sh}) as the measurement runs it: its own
 * JRE and options, in its root, on a relative classpath, with a child jar that is the same every
 * time, and the zip's file times kept, so that an archive trained in one directory matches another.
 */
class CustomRuntimeLayoutTest {
  private static final Instant ZIPPED = Instant.parse("2020-01-01T00:00:00Z");

  @TempDir Path dir;

  @Test
  void aZipWithAJreRunsOnItInItsRootWithItsOptionsOnARelativeClasspath() throws IOException {
    LambdaLayout layout = LambdaLayout.unpack(zip(), dir.resolve("a"));

    Path root = dir.resolve("a/function");
    assertThat(layout.customRuntime()).isTrue();
    assertThat(layout.java()).isEqualTo(root.resolve("jre/bin/java"));
    assertThat(layout.jvmOptions()).containsExactly("-XX:AOTCache=app.aot", "-Xlog:disable");
    assertThat(layout.workDir()).contains(root);
    assertThat(layout.classpath().split(java.io.File.pathSeparator))
        .containsExactly("lib/a.jar", "lib/b.jar", "coldstart-child.jar");
    assertThat(Files.getLastModifiedTime(root.resolve("lib/b.jar")))
        .isEqualTo(FileTime.from(ZIPPED));
    assertThat(Files.isExecutable(root.resolve("jre/bin/java"))).isTrue();
  }

  @Test
  void theChildJarIsTheSameBytesAndTimeInEveryUnpacking() throws IOException {
    Path zip = zip();

    Path first = LambdaLayout.unpack(zip, dir.resolve("a")).child();
    Path second = LambdaLayout.unpack(zip, dir.resolve("b")).child();

    assertThat(first).hasSameBinaryContentAs(second);
    assertThat(Files.getLastModifiedTime(first)).isEqualTo(Files.getLastModifiedTime(second));
  }

  @Test
  void aZipWithoutAJreRunsOnThisJvmWithNoOptionsOfItsOwn() throws IOException {
    Path zip = dir.resolve("managed.zip");
    write(zip, List.of("lib/a.jar", "jvm.options"));

    LambdaLayout layout = LambdaLayout.unpack(zip, dir.resolve("m"));

    assertThat(layout.customRuntime()).isFalse();
    assertThat(layout.java()).isEqualTo(LambdaLayout.THIS_JAVA);
    assertThat(layout.jvmOptions()).isEmpty();
    assertThat(layout.workDir()).isEmpty();
  }

  @Test
  void aTrainingRunNeedsALaidOutCustomRuntime() {
    assertThatThrownBy(() -> ColdStartMeasurement.main(new String[] {"--train", dir.toString()}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "--train: "
                + dir.toAbsolutePath()
                + " holds no jre/bin/java: not a custom runtime's layout");
  }

  private Path zip() throws IOException {
    Path zip = dir.resolve("custom.zip");
    write(zip, List.of("jre/bin/java", "lib/b.jar", "lib/a.jar", "jvm.options", "bootstrap"));
    return zip;
  }

  private static void write(Path zip, List<String> names) throws IOException {
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
      for (String name : names) {
        ZipEntry e = new ZipEntry(name);
        e.setLastModifiedTime(FileTime.from(ZIPPED));
        out.putNextEntry(e);
        out.write(
            name.equals("jvm.options")
                ? "-XX:AOTCache=app.aot\n -Xlog:disable\n".getBytes()
                : name.getBytes());
        out.closeEntry();
      }
    }
  }
}
