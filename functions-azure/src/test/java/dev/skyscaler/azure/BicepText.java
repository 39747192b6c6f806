package dev.skyscaler.azure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Bicep file read as text, enough to check its structure without the Bicep compiler: comments
 * removed, brackets checked for balance, and its parameters, modules and the blocks of its
 * declarations found by name.
 */
final class BicepText {
  private static final Pattern PARAM = Pattern.compile("(?m)^param (\\w+) [\\w\\[\\]]+( =)?");
  private static final Pattern MODULE = Pattern.compile("(?m)^module (\\w+) '([^']+)' = [^{]*\\{");
  private static final Pattern STRING = Pattern.compile("'((?:[^'\\\\\\n]|\\\\.)*)'");

  final Path file;
  final String code;

  private BicepText(Path file, String code) {
    this.file = file;
    this.code = code;
  }

  static BicepText read(Path file) throws IOException {
    return new BicepText(file, withoutComments(Files.readString(file)));
  }

  /** The parameters: name to whether it has a default. */
  Map<String, Boolean> params() {
    Map<String, Boolean> params = new LinkedHashMap<>();
    Matcher m = PARAM.matcher(code);
    while (m.find()) {
      params.put(m.group(1), m.group(2) != null);
    }
    return params;
  }

  /** The modules: symbolic name to the path of the file, relative to this one. */
  Map<String, String> modules() {
    Map<String, String> modules = new LinkedHashMap<>();
    Matcher m = MODULE.matcher(code);
    while (m.find()) {
      modules.put(m.group(1), m.group(2));
    }
    return modules;
  }

  /** The body, braces included, of the first declaration starting {@code keyword name }. */
  String block(String keyword, String name) {
    Matcher m = Pattern.compile("(?m)^" + keyword + " " + name + "\\b").matcher(code);
    if (!m.find()) {
      throw new AssertionError(file + ": no " + keyword + " " + name);
    }
    int open = code.indexOf('{', m.end());
    int open2 = code.indexOf('[', m.end());
    if (open2 >= 0 && (open < 0 || open2 < open) && keyword.equals("var")) {
      open = open2;
    }
    return balanced(code, open);
  }

  /** The keys set in a {@code params: { ... }} block. */
  static List<String> keys(String block) {
    List<String> keys = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^\\s*(\\w+):").matcher(block);
    while (m.find()) {
      keys.add(m.group(1));
    }
    return keys;
  }

  /** Every single-quoted string in {@code text}, in order. */
  static List<String> strings(String text) {
    List<String> all = new ArrayList<>();
    Matcher m = STRING.matcher(text);
    while (m.find()) {
      all.add(m.group(1));
    }
    return all;
  }

  /** The text from the bracket at {@code open} to its match, or an error naming the position. */
  static String balanced(String text, int open) {
    char first = text.charAt(open);
    char close = first == '{' ? '}' : first == '[' ? ']' : ')';
    int depth = 0;
    boolean quoted = false;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '\\') {
          i++;
        } else if (c == '\'') {
          quoted = false;
        }
      } else if (c == '\'') {
        quoted = true;
      } else if (c == first) {
        depth++;
      } else if (c == close && --depth == 0) {
        return text.substring(open, i + 1);
      }
    }
    throw new AssertionError("unclosed " + first + " at offset " + open);
  }

  /**
   * Whether every bracket outside strings is closed by its own kind, in order; the first problem
   * otherwise.
   */
  String bracketProblem() {
    StringBuilder stack = new StringBuilder();
    boolean quoted = false;
    int line = 1;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c == '\n') {
        line++;
      }
      if (quoted) {
        if (c == '\\') {
          i++;
        } else if (c == '\'') {
          quoted = false;
        }
        continue;
      }
      switch (c) {
        case '\'' -> quoted = true;
        case '{', '[', '(' -> stack.append(c);
        case '}', ']', ')' -> {
          char want = c == '}' ? '{' : c == ']' ? '[' : '(';
          if (stack.isEmpty() || stack.charAt(stack.length() - 1) != want) {
            return "line " + line + ": unmatched " + c;
          }
          stack.setLength(stack.length() - 1);
        }
        default -> {}
      }
    }
    if (quoted) {
      return "an unclosed string";
    }
    return stack.isEmpty() ? "" : "unclosed " + stack;
  }

  /** The code without {@code //} comments (outside strings); line breaks kept. */
  private static String withoutComments(String text) {
    StringBuilder out = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!quoted && c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
        while (i < text.length() && text.charAt(i) != '\n') {
          i++;
        }
        if (i < text.length()) {
          out.append('\n');
        }
        continue;
      }
      if (quoted && c == '\\') {
        out.append(c).append(text.charAt(++i));
        continue;
      }
      if (c == '\'') {
        quoted = !quoted;
      }
      out.append(c);
    }
    return out.toString();
  }
}
