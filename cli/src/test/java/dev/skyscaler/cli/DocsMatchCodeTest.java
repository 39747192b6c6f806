package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The guides a newcomer reads first name only classes that exist: every class name in backticks in
 * {@code AGENTS.md} and {@code docs/architecture.md} is a class of the repository (main or test
 * sources of any module) or of the JDK. A span with a {@code *} is a naming pattern, not a name.
 */
class DocsMatchCodeTest {
  private static final Path REPO = CliRun.EXAMPLE.getParent().getParent();

  /** A backticked span that starts with a class-like name: upper case first, some lower case. */
  private static final Pattern SPAN = Pattern.compile("`([A-Z][A-Za-z0-9]*)([^`]*)`");

  private static final List<String> JDK_PACKAGES =
      List.of(
          "java.lang", "java.util", "java.util.stream", "java.time", "java.io", "java.nio.file");

  @ParameterizedTest(name = "{0} names only classes that exist")
  @ValueSource(strings = {"AGENTS.md", "docs/architecture.md"})
  void everyClassTheGuideNamesExists(String guide) throws IOException {
    Set<String> named = classNamesIn(Files.readString(REPO.resolve(guide)));
    Set<String> ours = repositoryClasses();

    Set<String> missing =
        named.stream()
            .filter(n -> !ours.contains(n) && !isJdkClass(n))
            .collect(Collectors.toCollection(TreeSet::new));

    assertThat(named).hasSizeGreaterThan(20);
    assertThat(missing).as("classes %s names that no module has", guide).isEmpty();
  }

  private static Set<String> classNamesIn(String markdown) {
    Set<String> names = new TreeSet<>();
    Matcher m = SPAN.matcher(markdown);
    while (m.find()) {
      String name = m.group(1);
      boolean pattern = m.group(2).contains("*") || m.group(2).startsWith("/");
      boolean acronymOrFile = name.chars().noneMatch(Character::isLowerCase);
      if (!pattern && !acronymOrFile) {
        names.add(name);
      }
    }
    return names;
  }

  private static Set<String> repositoryClasses() {
    try (Stream<Path> files = Files.walk(REPO, 12)) {
      return files
          .filter(p -> p.toString().endsWith(".java"))
          .filter(p -> p.toString().contains("/src/"))
          .filter(p -> !p.toString().contains("/target/"))
          .map(p -> p.getFileName().toString().replace(".java", ""))
          .collect(Collectors.toSet());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean isJdkClass(String name) {
    for (String pkg : JDK_PACKAGES) {
      try {
        Class.forName(pkg + "." + name, false, DocsMatchCodeTest.class.getClassLoader());
        return true;
      } catch (ClassNotFoundException e) {
        // not in this package: try the next
      }
    }
    return false;
  }
}
