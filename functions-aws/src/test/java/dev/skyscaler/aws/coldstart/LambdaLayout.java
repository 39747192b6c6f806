package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.FakeContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The Lambda zip unpacked as the Java runtime sees it (classes at the root, jars in {@code lib/}),
 * plus a directory holding only the child's class files ({@link HandlerChild}, {@link
 * ColdStartChild} and the {@link FakeContext} it invokes with): the child JVM's classpath is
 * exactly these, so nothing of the build's test classpath helps the handler start.
 *
 * <p>A custom-runtime zip ({@code benchmarks/custom-runtime.sh}: a trimmed JRE in {@code jre/}, the
 * classes as jars in {@code lib/}, the JVM's options in {@code jvm.options}) runs on its own JVM
 * with those options, in its root as working directory, on a relative classpath of {@code lib/}'s
 * jars, then {@value #CHILD_JAR}: so that a class-data archive written by a training run in one
 * directory matches the same layout unpacked in another. The child's jar is written the same, byte
 * for byte and with a fixed time, every time, and the unpacked files keep the zip's times: the JVM
 * checks each archived jar's size and time.
 */
record LambdaLayout(Path root, Path child) {
  /** This JVM's java, which runs a zip for Lambda's managed runtime. */
  static final Path THIS_JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

  /** The child's classes, as a jar in a custom runtime's root. */
  static final String CHILD_JAR = "coldstart-child.jar";

  private static final java.nio.file.attribute.FileTime FIXED =
      java.nio.file.attribute.FileTime.from(java.time.Instant.parse("2020-01-01T00:00:00Z"));

  private static final List<Class<?>> CHILD_CLASSES =
      List.of(HandlerChild.class, ColdStartChild.class, FakeContext.class);

  /** Whether this is a custom runtime: a JRE of its own. */
  boolean customRuntime() {
    return Files.isExecutable(root.resolve("jre/bin/java"));
  }

  /** The JVM that runs it. */
  Path java() {
    return customRuntime() ? root.resolve("jre/bin/java") : THIS_JAVA;
  }

  /** A custom runtime's own JVM options ({@code jvm.options}); none for Lambda's runtime. */
  List<String> jvmOptions() {
    Path options = root.resolve("jvm.options");
    if (!customRuntime() || !Files.exists(options)) {
      return List.of();
    }
    try {
      return java.util.Arrays.stream(Files.readString(options).strip().split("\\s+"))
          .filter(o -> !o.isEmpty())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(options + ": cannot read", e);
    }
  }

  /** A custom runtime runs in its root (relative classpath and archive); empty otherwise. */
  java.util.Optional<Path> workDir() {
    return customRuntime() ? java.util.Optional.of(root) : java.util.Optional.empty();
  }

  private static void writeChildJar(Path jar) throws IOException {
    try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
      for (Class<?> c : CHILD_CLASSES) {
        String name = c.getName().replace('.', '/') + ".class";
        ZipEntry e = new ZipEntry(name);
        e.setTime(FIXED.toMillis());
        out.putNextEntry(e);
        try (InputStream in = c.getClassLoader().getResourceAsStream(name)) {
          in.transferTo(out);
        }
        out.closeEntry();
      }
    }
    Files.setLastModifiedTime(jar, FIXED);
  }

  /** Unpacks {@code zip} into {@code dir}/function and copies the child into {@code dir}/child. */
  static LambdaLayout unpack(Path zip, Path dir) {
    if (!Files.isRegularFile(zip)) {
      throw new IllegalArgumentException(
          zip
              + ": no Lambda zip here; build it first with"
              + " ./mvnw -B -q -pl functions-aws -am package -DskipTests");
    }
    Path root = dir.resolve("function");
    Path child = dir.resolve("child");
    try {
      unzip(zip, root);
      if (Files.isExecutable(root.resolve("jre/bin/java"))) {
        writeChildJar(root.resolve(CHILD_JAR));
        return new LambdaLayout(root, root.resolve(CHILD_JAR));
      }
      for (Class<?> c : CHILD_CLASSES) {
        String name = c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getClassLoader().getResourceAsStream(name)) {
          if (in == null) {
            throw new IllegalStateException(name + " is not on the classpath");
          }
          Files.createDirectories(child.resolve(name).getParent());
          Files.copy(in, child.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(zip + ": cannot unpack: " + e.getMessage(), e);
    }
    return new LambdaLayout(root, child);
  }

  /** The function's root, every jar of {@code lib/} (in name order), then the child. */
  String classpath() {
    if (customRuntime()) {
      try (var jars = Files.list(root.resolve("lib"))) {
        return java.util.stream.Stream.concat(
                jars.map(p -> "lib/" + p.getFileName()).filter(p -> p.endsWith(".jar")).sorted(),
                java.util.stream.Stream.of(CHILD_JAR))
            .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
      } catch (IOException e) {
        throw new UncheckedIOException(root + "/lib: cannot list: " + e.getMessage(), e);
      }
    }
    StringBuilder cp = new StringBuilder(root.toString());
    try (var jars = Files.list(root.resolve("lib"))) {
      jars.map(Path::toString)
          .filter(p -> p.endsWith(".jar"))
          .sorted()
          .forEach(p -> cp.append(java.io.File.pathSeparator).append(p));
    } catch (IOException e) {
      throw new UncheckedIOException(root + "/lib: cannot list: " + e.getMessage(), e);
    }
    return cp.append(java.io.File.pathSeparator).append(child).toString();
  }

  private static void unzip(Path zip, Path target) throws IOException {
    Files.createDirectories(target);
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        Path out = target.resolve(e.getName()).normalize();
        if (!out.startsWith(target)) {
          throw new IOException("entry outside the zip's root: " + e.getName());
        }
        if (e.isDirectory()) {
          Files.createDirectories(out);
        } else {
          Files.createDirectories(out.getParent());
          Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
          Files.setLastModifiedTime(out, e.getLastModifiedTime());
          if (e.getName().equals("bootstrap") || e.getName().startsWith("jre/bin/")) {
            out.toFile().setExecutable(true); // a zip made by zip(1) keeps modes Java cannot read
          }
        }
      }
    }
  }
}
