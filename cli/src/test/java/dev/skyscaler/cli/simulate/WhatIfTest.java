package dev.skyscaler.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --variant NAME="<CA flags>"}: the same scenario, seed and events under other Cluster
 * Autoscaler flags, compared after the base run's output; a bad variant is one message and exit
 * code 2, before anything runs.
 */
class WhatIfTest {
  private static final String GROUP = "eks-general-40c6a7b2-1f3e-8d2a-9b7c-5e4d3c2b1a09";

  record Case(String name, List<String> variants, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> badVariants() {
    String usage = "Run 'skyscaler simulate --help' for usage.\n";
    return Stream.of(
        new Case(
            "a variant has a name and flags",
            List.of("price"),
            "--variant: expected NAME=\"<Cluster Autoscaler flags>\", e.g."
                + " price=\"--expander=price\", got \"price\"\n"
                + usage),
        new Case(
            "a name is a word",
            List.of("my variant=--expander=price"),
            "--variant: \"my variant\" is not a variant name: 1 to 32 letters, digits, '.', '_'"
                + " or '-', starting with a letter or digit\n"
                + usage),
        new Case(
            "base names the scenario as given",
            List.of("base=--expander=price"),
            "--variant: \"base\" names the scenario as given; call the variant otherwise\n"
                + usage),
        new Case(
            "a variant changes something",
            List.of("same= "),
            "--variant: same: no flags; give the options that differ\n" + usage),
        new Case(
            "an unknown flag gets a suggestion",
            List.of("price=--expandr=price"),
            "--variant: price: unknown option --expandr; did you mean --expander?\n" + usage),
        new Case(
            "values are checked as plan checks them",
            List.of("few=--max-nodes-total=ten"),
            "--variant: few: --max-nodes-total: expected a whole number >= 0, got \"ten\"\n"
                + usage),
        new Case(
            "names are unique",
            List.of("a=--expander=price", "a=--expander=least-waste"),
            "--variant a: given twice; each variant needs a name of its own\n"),
        new Case(
            "at most eight variants",
            List.of(
                "v1=--max-nodes-total=9",
                "v2=--max-nodes-total=9",
                "v3=--max-nodes-total=9",
                "v4=--max-nodes-total=9",
                "v5=--max-nodes-total=9",
                "v6=--max-nodes-total=9",
                "v7=--max-nodes-total=9",
                "v8=--max-nodes-total=9",
                "v9=--max-nodes-total=9"),
            "--variant: 9 variants given; at most 8 are compared in one run\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badVariants")
  void aBadVariantIsOneMessageAndNothingRuns(Case c) {
    List<String> args =
        new ArrayList<>(List.of("simulate", "--scenario", SimulateRun.FIRST_CONTACT.toString()));
    c.variants().forEach(v -> args.add("--variant=" + v));

    SimulateRun run = SimulateRun.run(args.toArray(String[]::new));

    assertThat(run.err()).isEqualTo(c.message());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aVariantWithoutRoomToGrowIsComparedWithTheScenarioAsGiven() {
    SimulateRun run =
        SimulateRun.run(
            "simulate",
            "--scenario",
            SimulateRun.FIRST_CONTACT.toString(),
            "--variant",
            "capped=--max-nodes-total=2");
    SimulateRun alone =
        SimulateRun.run("simulate", "--scenario", SimulateRun.FIRST_CONTACT.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .startsWith(alone.out())
        .endsWith(
            "\nWhat if: the same scenario, seed and events under each variant\n"
                + "  RUN     COST (USD)  VS BASE  SAVED VS NO AUTOSCALING  NODE-HOURS  PEAK NODES"
                + "  WAIT P50  P90    P99    MAX    EVICTIONS  STILL WAITING\n"
                + "  base    0.26        -        0.06                     2.40        3           0s"
                + "        2m30s  2m30s  2m30s  25         0\n"
                + "  capped  0.18        -0.08    0.03                     1.69        2           0s"
                + "        29m    29m    29m    15         0\n"
                + "\n"
                + "  capped: --max-nodes-total=2\n");
  }

  @Test
  void theJsonOfAWhatIfCarriesEachVariantsTimelineAndSummary() {
    String json =
        SimulateRun.run(
                "simulate",
                "--scenario",
                SimulateRun.FIRST_CONTACT.toString(),
                "--output",
                "json",
                "--variant",
                "capped=--max-nodes-total=2")
            .out();

    assertThat(json)
        .contains("\"variants\" : [")
        .contains("\"name\" : \"capped\",\n      \"flags\" : \"--max-nodes-total=2\",")
        .contains("no scale-up for 90 pending pods — " + GROUP + ": exceeded quota");
  }
}
