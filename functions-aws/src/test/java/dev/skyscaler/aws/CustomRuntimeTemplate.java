package dev.skyscaler.aws;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The SAM template of the custom-runtime package (ADR 0059), derived from {@code template.yaml}
 * rather than kept beside it: SAM packages a local {@code CodeUri} before any condition is
 * evaluated, so one template cannot choose between the two zips by a parameter. Four lines of the
 * {@code Globals} change: the zip, {@code Runtime: provided.al2023}, {@code Architectures:
 * [x86_64]} (the JRE and its archive are the building machine's, x86-64) and no SnapStart (Lambda
 * offers it for its managed Java runtimes only). Everything else — functions, permissions, alarms,
 * {@code JAVA_TOOL_OPTIONS}, which the custom runtime's JVM reads too — is the template's.
 *
 * <pre>
 * java -cp functions-aws/target/test-classes dev.skyscaler.aws.CustomRuntimeTemplate \
 *   template.yaml functions-aws/target/skyscaler-aws-custom-runtime-25.zip > custom-runtime.yaml
 * </pre>
 */
public final class CustomRuntimeTemplate {
  private CustomRuntimeTemplate() {}

  /**
   * The template for the custom-runtime zip at {@code zip} (a path relative to the template).
   *
   * @throws IllegalArgumentException naming the line of {@code Globals} that is not there once
   */
  public static String derive(String template, String zip) {
    Map<String, String> changes = new LinkedHashMap<>();
    changes.put(
        "    CodeUri: functions-aws/target/skyscaler-aws-lambda.zip\n",
        "    CodeUri: " + zip + "\n");
    changes.put("    Runtime: java21\n", "    Runtime: provided.al2023\n");
    changes.put("    Architectures: [arm64]\n", "    Architectures: [x86_64]\n");
    changes.put("    SnapStart:\n      ApplyOn: PublishedVersions\n", "");
    String derived = template;
    for (Map.Entry<String, String> c : changes.entrySet()) {
      int at = derived.indexOf(c.getKey());
      if (at < 0 || derived.indexOf(c.getKey(), at + 1) >= 0) {
        throw new IllegalArgumentException(
            "template.yaml: expected the Globals line '"
                + c.getKey().strip().replace("\n", " ")
                + "' once, to derive the custom runtime's template");
      }
      derived = derived.replace(c.getKey(), c.getValue());
    }
    return derived;
  }

  /** Arguments: {@code <template.yaml> <custom-runtime zip>}; prints the derived template. */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException(
          "expected the arguments <template.yaml> <custom-runtime zip>, got " + args.length);
    }
    System.out.print(derive(Files.readString(Path.of(args[0])), args[1]));
  }
}
