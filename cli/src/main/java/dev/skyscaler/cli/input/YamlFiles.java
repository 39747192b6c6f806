package dev.skyscaler.cli.input;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.skyscaler.kubernetes.ParseLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads a small YAML file (node groups, options, scenario) into a tree, with one clear error per
 * failure, within {@link ParseLimits}: at most {@link ParseLimits#MAX_SETTINGS_BYTES}, checked
 * before a byte is parsed, and {@link ParseLimits#MAX_DEPTH} levels deep.
 */
public final class YamlFiles {
  private static final ObjectMapper YAML = new ObjectMapper(factory());

  private YamlFiles() {}

  /**
   * The document's root, which must be a mapping.
   *
   * @throws InputException when the file is missing or unreadable, is not YAML, or is empty
   */
  public static YamlObject readMapping(Path file, String expectedContent) {
    String name = file.toString();
    if (Files.isDirectory(file)) {
      throw new InputException(name + ": is a directory; expected a YAML file");
    }
    ParseLimits.sizeProblem(file, ParseLimits.MAX_SETTINGS_BYTES)
        .ifPresent(
            problem -> {
              throw new InputException(problem + ": expected " + expectedContent);
            });
    JsonNode root;
    try {
      root = YAML.readTree(file.toFile());
    } catch (StreamConstraintsException e) {
      throw new InputException(
          name + ": nested more than " + ParseLimits.MAX_DEPTH + " levels deep" + where(e), e);
    } catch (JacksonException e) {
      throw new InputException(name + ": not valid YAML" + where(e) + ": " + problem(e), e);
    } catch (NoSuchFileException e) {
      throw new InputException(name + ": no such file", e);
    } catch (IOException e) {
      if (!Files.exists(file)) {
        throw new InputException(name + ": no such file", e);
      }
      throw new InputException(name + ": cannot be read: " + e.getMessage(), e);
    } catch (StackOverflowError | OutOfMemoryError e) {
      // the limits should make these impossible; if one slips through, it still names the file
      throw new InputException(
          name + ": too large or too deeply nested to read (" + e.getClass().getSimpleName() + ")");
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      throw new InputException(name + ": is empty; expected " + expectedContent);
    }
    if (!root.isObject()) {
      throw new InputException(name + ": expected " + expectedContent + " at the top level");
    }
    return new YamlObject(name, "", root);
  }

  private static YAMLFactory factory() {
    LoaderOptions loader = new LoaderOptions();
    loader.setNestingDepthLimit(ParseLimits.MAX_DEPTH);
    loader.setCodePointLimit((int) ParseLimits.MAX_SETTINGS_BYTES);
    return YAMLFactory.builder()
        .loaderOptions(loader)
        .streamReadConstraints(ParseLimits.streamReadConstraints())
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();
  }

  private static String where(JacksonException e) {
    JsonLocation at = e.getLocation();
    if (at == null || at.getLineNr() < 1) {
      return "";
    }
    return " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
  }

  private static String problem(JacksonException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof MarkedYAMLException marked && marked.getProblem() != null) {
        return marked.getProblem();
      }
    }
    String message = e.getOriginalMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
