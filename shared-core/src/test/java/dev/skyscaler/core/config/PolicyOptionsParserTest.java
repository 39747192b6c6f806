package dev.skyscaler.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.skyscaler.core.config.InterruptionOptions.RebalanceAction;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.plan.action.RepairInstance.Level;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The node health, interruption and headroom options: flag spellings, defaults, errors. */
class PolicyOptionsParserTest {
  private static Map<String, List<String>> flag(String name, String... values) {
    return Map.of(name, List.of(values));
  }

  private static Arguments health(
      String sentence,
      Map<String, List<String>> flags,
      Function<HealthOptions, Object> read,
      Object expected) {
    return Arguments.of(sentence, flags, read, expected);
  }

  static Stream<Arguments> healthOptions() {
    return Stream.of(
        health(
            "node-repair-enabled=false turns repairs off",
            flag("node-repair-enabled", "false"),
            HealthOptions::nodeRepairEnabled,
            false),
        health(
            "unhealthy-time takes a Go duration",
            flag("unhealthy-time", "10m"),
            HealthOptions::unhealthyTime,
            Duration.ofMinutes(10)),
        health(
            "repair-ladder=replace is the AWS ladder",
            flag("repair-ladder", "replace"),
            HealthOptions::repairLadder,
            List.of(Level.REPLACE)),
        health(
            "repair-ladder may skip a rung",
            flag("repair-ladder", "restart,replace"),
            HealthOptions::repairLadder,
            List.of(Level.RESTART, Level.REPLACE)),
        health(
            "node-group-repair-ladder sets one group's ladder",
            flag("node-group-repair-ladder", "spot-pool:replace", "gpu:restart,replace"),
            o -> List.of(o.ladderFor("spot-pool"), o.ladderFor("gpu"), o.ladderFor("other")),
            List.of(
                List.of(Level.REPLACE),
                List.of(Level.RESTART, Level.REPLACE),
                HealthOptions.FULL_LADDER)),
        health(
            "a group name may itself contain a colon",
            flag("node-group-repair-ladder", "arn:pool:reimage"),
            o -> o.ladderFor("arn:pool"),
            List.of(Level.REIMAGE)),
        health(
            "repair-step-timeout takes a Go duration",
            flag("repair-step-timeout", "3m"),
            HealthOptions::repairStepTimeout,
            Duration.ofMinutes(3)),
        health(
            "ok-total-unready-count takes a whole number",
            flag("ok-total-unready-count", "0"),
            HealthOptions::okTotalUnreadyCount,
            0),
        health(
            "max-total-unready-percentage takes a fraction of a percent",
            flag("max-total-unready-percentage", "12.5"),
            HealthOptions::maxTotalUnreadyPercentage,
            12.5),
        health(
            "force-delete-unregistered-nodes takes Go's boolean spellings",
            flag("force-delete-unregistered-nodes", "1"),
            HealthOptions::forceDeleteUnregisteredNodes,
            true),
        health(
            "force-delete-unregistered-nodes=true ignores the group minimum",
            flag("force-delete-unregistered-nodes", "true"),
            HealthOptions::forceDeleteUnregisteredNodes,
            true),
        health(
            "max-node-provision-time is shared with scale-up",
            flag("max-node-provision-time", "20m"),
            HealthOptions::maxNodeProvisionTime,
            Duration.ofMinutes(20)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("healthOptions")
  void healthOptionsAreRead(
      String sentence,
      Map<String, List<String>> flags,
      Function<HealthOptions, Object> read,
      Object expected) {
    assertThat(read.apply(OptionsParser.parseHealth(flags))).isEqualTo(expected);
  }

  @Test
  void interruptionOptionsAreRead() {
    Map<String, List<String>> flags = new LinkedHashMap<>();
    flags.put("rebalance-action", List.of("drain"));
    flags.put("interruption-drain-margin", List.of("5s"));
    flags.put("interruption-notice-retention", List.of("1h"));
    flags.put("lifecycle-heartbeat-timeout", List.of("5m"));
    assertThat(OptionsParser.parseInterruption(flags))
        .isEqualTo(
            new InterruptionOptions(
                RebalanceAction.DRAIN,
                Duration.ofSeconds(5),
                Duration.ofHours(1),
                Duration.ofMinutes(5)));
  }

  @Test
  void headroomSpecsAreReadInOrder() {
    assertThat(
            OptionsParser.parseHeadroom(
                flag("headroom", "cpu=500m,memory=1Gi,count=10", "group=ng1,cpu=2")))
        .containsExactly(
            new HeadroomSpec(Optional.empty(), Resources.of(500, 1L << 30), 10),
            new HeadroomSpec(Optional.of("ng1"), Resources.of(2000, 0), 1));
  }

  static Stream<Arguments> invalidOptions() {
    return Stream.of(
        Arguments.of(
            "an unknown rung is named with the allowed ones",
            flag("repair-ladder", "reboot,replace"),
            "--repair-ladder: unknown rung \"reboot\" in \"reboot,replace\"; allowed: restart,"
                + " reimage, replace"),
        Arguments.of(
            "a ladder may not step down",
            flag("repair-ladder", "replace,restart"),
            "--repair-ladder: rungs must escalate in the order restart, reimage, replace, got"
                + " \"replace,restart\""),
        Arguments.of(
            "a ladder may not repeat a rung",
            flag("repair-ladder", "restart,restart"),
            "--repair-ladder: rungs must escalate in the order restart, reimage, replace, got"
                + " \"restart,restart\""),
        Arguments.of(
            "a group ladder needs its group",
            flag("node-group-repair-ladder", "replace"),
            "--node-group-repair-ladder: expected <group>:<rungs> (e.g. spot-pool:replace), got"
                + " \"replace\""),
        Arguments.of(
            "a group ladder is given once per group",
            flag("node-group-repair-ladder", "ng1:replace", "ng1:restart"),
            "--node-group-repair-ladder: ng1 is given more than once"),
        Arguments.of(
            "unhealthy-time must be positive",
            flag("unhealthy-time", "0s"),
            "--unhealthy-time: expected a duration greater than 0s like 10s, 15m or 1h30m, got"
                + " \"0s\""),
        Arguments.of(
            "the unready percentage is at most 100",
            flag("max-total-unready-percentage", "120"),
            "--max-total-unready-percentage: expected a number from 0 to 100, got \"120\""),
        Arguments.of(
            "the unready count is a whole number",
            flag("ok-total-unready-count", "three"),
            "--ok-total-unready-count: expected a whole number >= 0, got \"three\""),
        Arguments.of(
            "a rebalance action is one of three",
            flag("rebalance-action", "evict"),
            "--rebalance-action: expected cordon, drain or ignore, got \"evict\""),
        Arguments.of(
            "a headroom spec names known keys",
            flag("headroom", "cpus=2"),
            "--headroom: \"cpus=2\": unknown key \"cpus\"; allowed: group, cpu, memory, gpu,"
                + " count"),
        Arguments.of(
            "a headroom spec has a quantity per resource",
            flag("headroom", "cpu=2x"),
            "--headroom: \"cpu=2x\": cpu: invalid quantity \"2x\": expected a number with an"
                + " optional suffix (m, k, M, G, T, Ki, Mi, Gi, Ti, or an exponent like 2e3)"),
        Arguments.of(
            "a headroom unit needs cpu or memory",
            flag("headroom", "group=ng1,count=3"),
            "--headroom: \"group=ng1,count=3\": needs cpu or memory per unit"),
        Arguments.of(
            "a headroom count is at least one",
            flag("headroom", "cpu=1,count=0"),
            "--headroom: \"cpu=1,count=0\": count: expected a whole number >= 1, got \"0\""),
        Arguments.of(
            "a headroom key is given once",
            flag("headroom", "cpu=1,cpu=2"),
            "--headroom: \"cpu=1,cpu=2\": key \"cpu\" given twice"),
        Arguments.of(
            "a headroom part is key=value",
            flag("headroom", "cpu=1,,memory=1Gi"),
            "--headroom: \"cpu=1,,memory=1Gi\": expected key=value, got \"\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidOptions")
  void invalidPolicyOptionsAreNamedByTheFullParseAndTheirOwn(
      String sentence, Map<String, List<String>> flags, String message) {
    String name = flags.keySet().iterator().next();
    Runnable own =
        switch (name) {
          case "headroom" -> () -> OptionsParser.parseHeadroom(flags);
          case "rebalance-action" -> () -> OptionsParser.parseInterruption(flags);
          default -> () -> OptionsParser.parseHealth(flags);
        };
    for (Runnable parse : List.<Runnable>of(() -> OptionsParser.parse(flags), own)) {
      ConfigException e = catchThrowableOfType(parse::run, ConfigException.class);
      assertThat(e).as(sentence).isNotNull();
      assertThat(e.errors()).containsExactly(message);
    }
  }

  @Test
  void aBadSharedFlagIsReportedOnceByTheFullParse() {
    ConfigException e =
        catchThrowableOfType(
            () -> OptionsParser.parse(flag("max-node-provision-time", "soon")),
            ConfigException.class);
    assertThat(e.errors())
        .containsExactly(
            "--max-node-provision-time: expected a duration greater than 0s like 10s, 15m or"
                + " 1h30m, got \"soon\"");
  }

  @Test
  void theHealthParseRejectsUnknownOptionsToo() {
    ConfigException e =
        catchThrowableOfType(
            () -> OptionsParser.parseHealth(flag("unhealthy-tme", "5m")), ConfigException.class);
    assertThat(e.errors())
        .containsExactly("unknown option --unhealthy-tme; did you mean --unhealthy-time?");
  }

  @Test
  void noOptionsGiveTheDefaults() {
    assertThat(OptionsParser.parseHealth(Map.of())).isEqualTo(HealthOptions.defaults());
    assertThat(OptionsParser.parseInterruption(Map.of())).isEqualTo(InterruptionOptions.defaults());
    assertThat(OptionsParser.parseHeadroom(Map.of())).isEmpty();
    HealthOptions h = HealthOptions.defaults();
    assertThat(h.unhealthyTime()).isEqualTo(Duration.ofMinutes(5));
    assertThat(h.repairLadder()).containsExactly(Level.RESTART, Level.REIMAGE, Level.REPLACE);
    assertThat(h.okTotalUnreadyCount()).isEqualTo(3);
    assertThat(h.maxTotalUnreadyPercentage()).isEqualTo(45.0);
    assertThat(InterruptionOptions.defaults().rebalanceAction()).isEqualTo(RebalanceAction.CORDON);
  }
}
