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
 */
record LambdaLayout(Path root, Path child) {
  private static final List<Class<?>> CHILD_CLASSES =
      List.of(HandlerChild.class, ColdStartChild.class, FakeContext.class);

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
        }
      }
    }
  }
}
