package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.cli.output.PlanJson;
import dev.skyscaler.core.config.OptionFlag;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.Unremovable;
import dev.skyscaler.core.state.AutoscalerState;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** docs/configuration.md stays true to the code: every option with its default, the JSON shape. */
class ConfigurationDocTest {
  private static String doc() throws IOException {
    return Files.readString(
        CliRun.EXAMPLE.getParent().getParent().resolve("docs/configuration.md"));
  }

  @Test
  void everySupportedOptionIsDocumentedWithItsDefault() throws IOException {
    String doc = doc();
    for (OptionFlag f : OptionFlag.SUPPORTED) {
      String dflt = f.defaultValue().isEmpty() ? "none" : "`" + f.defaultValue() + "`";
      assertThat(doc).contains("| `--" + f.name() + "` | " + dflt + " |");
    }
  }

  @Test
  void theDocumentedJsonIsWhatTheCommandPrints() throws IOException {
    String doc = doc();
    int section = doc.indexOf("## JSON output");
    int start = doc.indexOf("```json\n", section) + "```json\n".length();
    String documented = doc.substring(start, doc.indexOf("```", start));
    Instant since = Instant.parse("2025-06-02T09:31:00Z");
    Plan plan =
        new Plan(
            List.of(new ScaleUp("ng2", 1, 3, List.of("default/p-new"))),
            List.of(new NoScaleUp("default/huge", Map.of("ng1", "Insufficient cpu"))),
            List.of(
                new ScaleDown(
                    "n3",
                    "ng1",
                    false,
                    Map.of("default/web-1", "n1"),
                    0.25,
                    since,
                    since.plusSeconds(600))),
            List.of(
                new Unremovable(
                    "n1", "ng1", "NotUnderutilized", Optional.empty(), Optional.empty()),
                new Unremovable(
                    "n2",
                    "ng1",
                    "BlockedByPod",
                    Optional.of("default/solo"),
                    Optional.of("NotReplicated"))),
            List.of(),
            List.of(),
            AutoscalerState.EMPTY);
    assertThat(PlanJson.render(plan, List.of())).isEqualTo(documented);
  }
}
