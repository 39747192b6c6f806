package dev.skyscaler.aws.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one jar of the Lambda zip's {@code lib/} ({@code src/assembly/lambda-lib.xml}) against the
 * runtime dependencies it was merged from: stored entries, a multi-release manifest, every entry of
 * every dependency kept (bar those the descriptor drops or merges), the {@code META-INF/services}
 * files merged without losing a provider, the licences and notices kept in one file. The runtime
 * classpath is written by the build ({@code dependency:build-classpath}) to {@value
 * #RUNTIME_CLASSPATH_FILE}.
 */
class LambdaLibJarIT {
  static final String RUNTIME_CLASSPATH_FILE = "target/lambda-runtime-classpath.txt";
  private static final String SERVICES = "META-INF/services/";
  private static final String KUBERNETES_RESOURCE =
      SERVICES + "io.fabric8.kubernetes.api.model.KubernetesResource";

  /** What lambda-lib.xml leaves out of the merged jar, or merges into one file. */
  private static final Pattern DROPPED_OR_MERGED =
      Pattern.compile(
          "META-INF/MANIFEST\\.MF|META-INF/[^/]*\\.(SF|DSA|RSA)|(.*/)?module-info\\.class"
              + "|META-INF/jandex\\.idx|META-INF/[^/]*(LICENSE|NOTICE)[^/]*|META-INF/services/.*");

  @TempDir static Path dir;
  private static LambdaLayout layout;
  private static JarFile lib;

  @BeforeAll
  static void open() throws IOException {
    layout = LambdaLayout.unpack(LambdaPackageIT.ZIP, dir);
    lib = new JarFile(layout.root().resolve("lib/skyscaler-aws-lib.jar").toFile());
  }

  @AfterAll
  static void close() throws IOException {
    if (lib != null) {
      lib.close();
    }
  }

  @Test
  void libHoldsTheOneMergedJar() throws IOException {
    try (Stream<Path> files = Files.list(layout.root().resolve("lib"))) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactly("skyscaler-aws-lib.jar");
    }
  }

  @Test
  void everyEntryIsStoredNotDeflated() {
    List<String> deflated =
        Collections.list(lib.entries()).stream()
            .filter(e -> e.getMethod() != ZipEntry.STORED)
            .map(ZipEntry::getName)
            .toList();

    assertThat(lib.size()).as("entries").isGreaterThan(10_000);
    assertThat(deflated.size()).as("entries not stored, first %s", first(deflated)).isZero();
  }

  @Test
  void theManifestSaysMultiRelease() throws IOException {
    assertThat(lib.getManifest().getMainAttributes().getValue("Multi-Release")).isEqualTo("true");
  }

  @Test
  void noModuleInfoClassIsLeftAnywhere() {
    assertThat(lib.getEntry("module-info.class")).isNull();
    assertThat(Collections.list(lib.entries()))
        .extracting(ZipEntry::getName)
        .noneMatch(n -> n.endsWith("module-info.class"));
  }

  @Test
  void theLicencesAndNoticesAreKeptInOneFile() {
    String text = read(lib, "META-INF/LICENSES-AND-NOTICES.txt");

    assertThat(text).isNotBlank().contains("Apache License");
  }

  @Test
  void theKubernetesResourceServicesListTheModelClassesOfEveryModelJar() {
    List<String> listed = providers(read(lib, KUBERNETES_RESOURCE));
    List<String> wanted =
        List.of(
            "io.fabric8.kubernetes.api.model.Pod",
            "io.fabric8.kubernetes.api.model.coordination.v1.Lease",
            "io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget");

    assertThat(wanted.stream().filter(c -> !listed.contains(c)))
        .as("model classes missing from %s (%d listed)", KUBERNETES_RESOURCE, listed.size())
        .isEmpty();
  }

  @Test
  void eachServiceFileListsExactlyTheProvidersOfTheDependenciesMergedIntoIt() {
    Map<String, Set<String>> expected = new TreeMap<>();
    eachRuntimeEntry(
        (name, text) -> {
          if (name.startsWith(SERVICES) && name.length() > SERVICES.length()) {
            expected.computeIfAbsent(name, k -> new TreeSet<>()).addAll(providers(text.get()));
          }
        });
    Map<String, Set<String>> merged = new TreeMap<>();
    for (ZipEntry e : Collections.list(lib.entries())) {
      if (e.getName().startsWith(SERVICES) && !e.isDirectory()) {
        merged.put(e.getName(), new TreeSet<>(providers(read(lib, e.getName()))));
      }
    }

    assertThat(expected).as("the dependencies' service files").isNotEmpty();
    assertThat(difference(expected, merged)).as("providers lost in the merge").isEmpty();
    assertThat(difference(merged, expected)).as("providers no dependency lists").isEmpty();
  }

  @Test
  void everyServiceProviderIsAClassTheFunctionHolds() {
    List<String> missing = new ArrayList<>();
    for (ZipEntry e : Collections.list(lib.entries())) {
      if (e.getName().startsWith(SERVICES) && !e.isDirectory()) {
        for (String provider : providers(read(lib, e.getName()))) {
          String file = provider.replace('.', '/') + ".class";
          if (lib.getEntry(file) == null && !Files.exists(layout.root().resolve(file))) {
            missing.add(e.getName() + ": " + provider);
          }
        }
      }
    }

    assertThat(missing).as("providers without their class").isEmpty();
  }

  @Test
  void everyEntryOfTheRuntimeDependenciesIsInTheJarBarTheDroppedAndMergedOnes() {
    Set<String> missing = new TreeSet<>();
    int[] checked = {0};
    eachRuntimeEntry(
        (name, text) -> {
          if (!DROPPED_OR_MERGED.matcher(name).matches()) {
            checked[0]++;
            if (lib.getEntry(name) == null) {
              missing.add(name);
            }
          }
        });

    assertThat(checked[0]).as("entries checked").isGreaterThan(10_000);
    assertThat(missing.size())
        .as("entries of the dependencies missing from the jar, first %s", first(missing))
        .isZero();
  }

  /** At most 20 names, enough to see what went wrong without flooding the report. */
  private static List<String> first(java.util.Collection<String> names) {
    return names.stream().limit(20).toList();
  }

  /** Each {@code file: provider} of {@code a} that {@code b} lacks. */
  private static List<String> difference(Map<String, Set<String>> a, Map<String, Set<String>> b) {
    List<String> lacking = new ArrayList<>();
    a.forEach(
        (file, providers) ->
            providers.stream()
                .filter(p -> !b.getOrDefault(file, Set.of()).contains(p))
                .forEach(p -> lacking.add(file + ": " + p)));
    return lacking;
  }

  /** The runtime dependencies, as the build resolved them for the assembly. */
  private static List<Path> runtimeClasspath() {
    Path file = Path.of(RUNTIME_CLASSPATH_FILE).toAbsolutePath();
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException(
          file
              + ": no runtime classpath here; the build writes it at package with"
              + " ./mvnw -B -q -pl functions-aws -am package -DskipTests");
    }
    try {
      return Arrays.stream(Files.readString(file).strip().split(File.pathSeparator))
          .map(Path::of)
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /** Each file entry of each runtime jar: its name, and its text on demand. */
  private static void eachRuntimeEntry(BiConsumer<String, TextSupplier> action) {
    List<Path> jars = runtimeClasspath();
    assertThat(jars).as("runtime dependencies").hasSizeGreaterThan(10);
    for (Path jar : jars) {
      assertThat(jar).as("a runtime dependency is a jar").isRegularFile();
      try (ZipFile zip = new ZipFile(jar.toFile())) {
        for (ZipEntry e : Collections.list(zip.entries())) {
          if (!e.isDirectory()) {
            action.accept(e.getName(), () -> read(zip, e.getName()));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(jar + ": cannot read: " + e.getMessage(), e);
      }
    }
  }

  /** An entry's text, read only when asked for. */
  @FunctionalInterface
  private interface TextSupplier {
    String get();
  }

  private static String read(ZipFile zip, String name) {
    ZipEntry e = zip.getEntry(name);
    assertThat(e).as("%s in %s", name, zip.getName()).isNotNull();
    try (InputStream in = zip.getInputStream(e)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException x) {
      throw new UncheckedIOException(zip.getName() + "!" + name + ": " + x.getMessage(), x);
    }
  }

  /** A service file's provider classes: its lines without comments and blanks. */
  private static List<String> providers(String serviceFile) {
    return serviceFile
        .lines()
        .map(l -> l.replaceFirst("#.*", "").strip())
        .filter(l -> !l.isEmpty())
        .toList();
  }
}
