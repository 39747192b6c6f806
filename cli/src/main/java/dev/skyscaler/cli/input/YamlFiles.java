package dev.skyscaler.cli.input;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** Reads a small YAML file (node groups, options) into a tree, with one clear error per failure. */
public final class YamlFiles {
  private static final ObjectMapper YAML =
      new ObjectMapper(
          YAMLFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());

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
    JsonNode root;
    try {
      root = YAML.readTree(file.toFile());
    } catch (JacksonException e) {
      throw new InputException(name + ": not valid YAML" + where(e) + ": " + problem(e), e);
    } catch (NoSuchFileException e) {
      throw new InputException(name + ": no such file", e);
    } catch (IOException e) {
      if (!Files.exists(file)) {
        throw new InputException(name + ": no such file", e);
      }
      throw new InputException(name + ": cannot be read: " + e.getMessage(), e);
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      throw new InputException(name + ": is empty; expected " + expectedContent);
    }
    if (!root.isObject()) {
      throw new InputException(name + ": expected " + expectedContent + " at the top level");
    }
    return new YamlObject(name, "", root);
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
