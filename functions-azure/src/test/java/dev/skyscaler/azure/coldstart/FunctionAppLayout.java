package dev.skyscaler.azure.coldstart;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.azure.functions.spi.inject.FunctionInstanceInjector;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The function app as {@code azure-functions-maven-plugin:package} lays it out ({@code
 * target/azure-functions/<app>/}: a {@code function.json} per function naming the app jar as its
 * {@code scriptFile}, the jar, and every runtime dependency in {@code lib/}), and how the Java
 * worker puts it on a class path: the app jar, then {@code lib/}'s jars; the worker's own jar
 * brings the SPI ({@code azure-functions-java-spi}, which the app must not carry), here the tests'
 * copy. The child's classes ({@link ScanChild}) come last, from a directory of their own, so
 * nothing of the build's test classpath helps the function start.
 */
record FunctionAppLayout(Path app, Path appJar, List<Path> workerJars, Path child) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Reads the layout in {@code app} and copies the child's classes into {@code dir}/child.
   *
   * @throws IllegalArgumentException naming {@code app} when it holds no packaged Scan function
   */
  static FunctionAppLayout of(Path appDir, Path dir) {
    Path app = appDir.toAbsolutePath();
    Path function = app.resolve("Scan").resolve("function.json");
    if (!Files.isRegularFile(function)) {
      throw new IllegalArgumentException(
          app
              + ": no packaged function app here (no Scan/function.json); build it first with"
              + " ./mvnw -B -q -pl functions-azure -am package -DskipTests");
    }
    Path jar;
    try {
      String script = JSON.readTree(function.toFile()).path("scriptFile").asText();
      jar = function.getParent().resolve(script).normalize();
    } catch (IOException e) {
      throw new UncheckedIOException(function + ": cannot read", e);
    }
    Path child = dir.resolve("child");
    copyChild(child);
    return new FunctionAppLayout(app, jar, fromTheWorker(), child);
  }

  /** The app jar, {@code lib/}'s jars in name order, the worker's jars, then the child. */
  String classpath() {
    List<String> entries = new ArrayList<>();
    entries.add(appJar.toString());
    try (Stream<Path> jars = Files.list(app.resolve("lib"))) {
      jars.map(Path::toString).filter(p -> p.endsWith(".jar")).sorted().forEach(entries::add);
    } catch (IOException e) {
      throw new UncheckedIOException(app + "/lib: cannot list: " + e.getMessage(), e);
    }
    workerJars.forEach(j -> entries.add(j.toString()));
    entries.add(child.toString());
    return String.join(File.pathSeparator, entries);
  }

  /** Where this JVM loaded the core library and the SPI the worker brings from. */
  private static List<Path> fromTheWorker() {
    return List.of(
        jarOf(com.microsoft.azure.functions.ExecutionContext.class),
        jarOf(FunctionInstanceInjector.class));
  }

  private static Path jarOf(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate the jar of " + c.getName(), e);
    }
  }

  /** {@link ScanChild} and its nested classes, as class files under {@code child}. */
  private static void copyChild(Path child) {
    String pkg = ScanChild.class.getPackageName().replace('.', '/');
    try {
      Path source =
          Path.of(ScanChild.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Files.createDirectories(child.resolve(pkg));
      try (Stream<Path> files = Files.list(source.resolve(pkg))) {
        for (Path f : files.toList()) {
          String name = f.getFileName().toString();
          if (name.equals("ScanChild.class") || name.startsWith("ScanChild$")) {
            try (InputStream in = Files.newInputStream(f)) {
              Files.copy(in, child.resolve(pkg).resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
          }
        }
      }
    } catch (IOException | URISyntaxException e) {
      throw new IllegalStateException("cannot copy the child's classes: " + e.getMessage(), e);
    }
  }
}
