package dev.skyscaler.cli.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/** JSON as the command prints it: two-space indentation, {@code "key": value}, {@code []} empty. */
final class Json {
  static final ObjectMapper MAPPER = new ObjectMapper();

  private Json() {}

  static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  static String write(JsonNode node) {
    try {
      return MAPPER.writer(new Printer()).writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Jackson's pretty printer, with one value per line and no padding inside empty brackets. */
  private static final class Printer extends DefaultPrettyPrinter {
    private static final long serialVersionUID = 1L;

    Printer() {
      super(
          Separators.createDefaultInstance()
              .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
              .withObjectEmptySeparator("")
              .withArrayEmptySeparator(""));
      indentArraysWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
      indentObjectsWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
    }

    private Printer(Printer base) {
      super(base);
    }

    @Override
    public DefaultPrettyPrinter createInstance() {
      return new Printer(this);
    }
  }
}
