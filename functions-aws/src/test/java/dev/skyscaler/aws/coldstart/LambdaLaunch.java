package dev.skyscaler.aws.coldstart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How Lambda's managed Java runtime starts the function's JVM, for a function of {@code memoryMb}
 * whose environment sets {@code JAVA_TOOL_OPTIONS}, both read from {@code template.yaml}: the flags
 * the runtime puts on the command line, and the variable, which the JVM reads before them.
 *
 * <p>The runtime's command line, as published by people who printed it inside Lambda (java17,
 * 2023–2024): {@code -XX:MaxHeapSize=<85 % of the memory>k -XX:+UseSerialGC -Xshare:on
 * -XX:SharedArchiveFile=<its own CDS archive> -XX:+TieredCompilation -XX:TieredStopAtLevel=1}, plus
 * a Log4j patch agent and system properties that do not change the JVM's work. The JVM in the
 * execution environment sees about the function's memory as the machine's, which sets its initial
 * heap (1/64 of it); {@code -XX:MaxRAM} gives a child here the same view. The JDK's own CDS archive
 * stands in for the runtime's.
 */
record LambdaLaunch(int memoryMb, String javaToolOptions) {
  private static final Pattern MEMORY = Pattern.compile("(?m)^\\s+MemorySize:\\s*(\\d+)\\s*$");
  private static final Pattern TOOL_OPTIONS =
      Pattern.compile("(?m)^\\s+JAVA_TOOL_OPTIONS:\\s*(.*?)\\s*$");

  LambdaLaunch {
    if (memoryMb < 128 || memoryMb > 10_240) {
      throw new IllegalArgumentException(
          "memory: expected 128 to 10240 MB as Lambda allows, got " + memoryMb);
    }
    javaToolOptions = javaToolOptions.strip();
  }

  /** The launch of the functions {@code template.yaml} deploys (found from here or the root). */
  static LambdaLaunch fromTemplate() {
    Path inModule = Path.of("..", "template.yaml");
    return of(Files.exists(inModule) ? inModule : Path.of("template.yaml"));
  }

  /** Reads the one {@code MemorySize} and the one {@code JAVA_TOOL_OPTIONS} of {@code template}. */
  static LambdaLaunch of(Path template) {
    String text;
    try {
      text = Files.readString(template);
    } catch (IOException e) {
      throw new IllegalArgumentException(template + ": cannot read the SAM template", e);
    }
    return new LambdaLaunch(
        Integer.parseInt(single(MEMORY, text, template, "MemorySize")),
        single(TOOL_OPTIONS, text, template, "JAVA_TOOL_OPTIONS"));
  }

  private static String single(Pattern p, String text, Path template, String name) {
    Matcher m = p.matcher(text);
    if (!m.find()) {
      throw new IllegalArgumentException(template + ": expected one " + name + ", found none");
    }
    String value = m.group(1);
    if (m.find()) {
      throw new IllegalArgumentException(
          template + ": expected one " + name + " (in Globals), found more than one");
    }
    return value;
  }

  /** The runtime's command-line flags, then {@code extra}. */
  List<String> flags(List<String> extra) {
    List<String> flags = new ArrayList<>();
    // ceil(85 %) in KiB, as Lambda writes it: 445645k for 512 MB
    flags.add("-XX:MaxHeapSize=" + (memoryMb * 1024L * 85 + 99) / 100 + "k");
    flags.add("-XX:MaxRAM=" + memoryMb + "m");
    flags.add("-XX:+UseSerialGC");
    flags.add("-XX:+TieredCompilation");
    flags.add("-XX:TieredStopAtLevel=1");
    flags.addAll(extra);
    return List.copyOf(flags);
  }

  /** The variables the JVM reads its options from, as the function's environment sets them. */
  Map<String, String> environment() {
    return javaToolOptions.isEmpty() ? Map.of() : Map.of("JAVA_TOOL_OPTIONS", javaToolOptions);
  }

  /** For tables: the memory, the flags and the variable. */
  String describe(List<String> extra) {
    return "Lambda's launch at "
        + memoryMb
        + " MB: "
        + String.join(" ", flags(extra))
        + (javaToolOptions.isEmpty() ? "" : ", JAVA_TOOL_OPTIONS=" + javaToolOptions);
  }
}
