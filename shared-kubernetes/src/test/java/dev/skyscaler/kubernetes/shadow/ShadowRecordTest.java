package dev.skyscaler.kubernetes.shadow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.kubernetes.shadow.ShadowComparison.Direction;
import dev.skyscaler.kubernetes.shadow.ShadowComparison.Row;
import dev.skyscaler.kubernetes.shadow.ShadowComparison.Verdict;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Decision;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Kind;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Limits;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Quiet;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Scan;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Shadow mode's rolling record: quiet scans share an entry, a scan's decisions keep their kind, the
 * record stays within its limits, and a stored record that is not one fails with one message naming
 * the line and the field.
 */
class ShadowRecordTest {
  static final Instant T0 = Instant.parse("2026-11-27T05:00:00Z");
  static final String SOURCE = "configmap kube-system/skyscaler-status data.shadowRecord";
  static final ShadowComparison QUIET = new ShadowComparison(List.of());

  static ShadowComparison one(Verdict v, Direction d) {
    return new ShadowComparison(List.of(new Row("ng1", v, d, "+1", "none")));
  }

  @Test
  void consecutiveQuietScansShareOneEntryAndAScanWithDecisionsHasItsOwn() {
    ShadowRecord r =
        ShadowRecord.EMPTY
            .append(T0, QUIET, Limits.DEFAULTS)
            .append(T0.plusSeconds(60), QUIET, Limits.DEFAULTS)
            .append(T0.plusSeconds(120), one(Verdict.ONLY_SKYSCALER, Direction.UP), Limits.DEFAULTS)
            .append(T0.plusSeconds(180), QUIET, Limits.DEFAULTS);

    assertThat(r.entries())
        .containsExactly(
            new Quiet(T0, T0.plusSeconds(60), 2),
            new Scan(
                T0.plusSeconds(120),
                List.of(new Decision("ng1", Kind.ONLY_SKYSCALER_SCALE_UP, "+1", "none")),
                0),
            new Quiet(T0.plusSeconds(180), T0.plusSeconds(180), 1));
    assertThat(r.render())
        .isEqualTo(
            "{\"from\":\"2026-11-27T05:00:00Z\",\"at\":\"2026-11-27T05:01:00Z\",\"quietScans\":2}\n"
                + "{\"at\":\"2026-11-27T05:02:00Z\",\"decisions\":[{\"group\":\"ng1\","
                + "\"kind\":\"ONLY_SKYSCALER_SCALE_UP\",\"skyscaler\":\"+1\","
                + "\"clusterAutoscaler\":\"none\"}]}\n"
                + "{\"from\":\"2026-11-27T05:03:00Z\",\"at\":\"2026-11-27T05:03:00Z\",\"quietScans\":1}\n");
    assertThat(ShadowRecord.parse(r.render(), SOURCE, Limits.DEFAULTS)).isEqualTo(r);
  }

  record KindCase(String name, Verdict verdict, Direction direction, Kind kind) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<KindCase> kinds() {
    return Stream.of(
        new KindCase("both scaled up: agreed", Verdict.AGREED, Direction.UP, Kind.AGREED),
        new KindCase("both scaled down: agreed", Verdict.AGREED, Direction.DOWN, Kind.AGREED),
        new KindCase(
            "only Skyscaler, up",
            Verdict.ONLY_SKYSCALER,
            Direction.UP,
            Kind.ONLY_SKYSCALER_SCALE_UP),
        new KindCase(
            "only Skyscaler, down",
            Verdict.ONLY_SKYSCALER,
            Direction.DOWN,
            Kind.ONLY_SKYSCALER_SCALE_DOWN),
        new KindCase(
            "only CA, up",
            Verdict.ONLY_CLUSTER_AUTOSCALER,
            Direction.UP,
            Kind.ONLY_CLUSTER_AUTOSCALER_SCALE_UP),
        new KindCase(
            "only CA, down",
            Verdict.ONLY_CLUSTER_AUTOSCALER,
            Direction.DOWN,
            Kind.ONLY_CLUSTER_AUTOSCALER_SCALE_DOWN),
        new KindCase("opposite ways", Verdict.OPPOSITE, Direction.UP, Kind.OPPOSITE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void eachVerdictAndDirectionIsOneKind(KindCase c) {
    assertThat(Kind.of(new Row("ng1", c.verdict(), c.direction(), "a", "b"))).isEqualTo(c.kind());
  }

  @Test
  void theOldestEntriesGoFirstWhenTheCountOrTheBytesRunOut() {
    Limits small = new Limits(3, 2048, 2, 20);
    ShadowRecord r = ShadowRecord.EMPTY;
    for (int i = 0; i < 5; i++) {
      r = r.append(T0.plusSeconds(i), one(Verdict.AGREED, Direction.UP), small);
    }
    assertThat(r.entries())
        .extracting(e -> e.at())
        .containsExactly(T0.plusSeconds(2), T0.plusSeconds(3), T0.plusSeconds(4));

    Limits tight = new Limits(1000, 1024, 2, 300);
    ShadowRecord s = ShadowRecord.EMPTY;
    for (int i = 0; i < 50; i++) {
      s = s.append(T0.plusSeconds(i), one(Verdict.AGREED, Direction.UP), tight);
    }
    assertThat(s.bytes()).isLessThanOrEqualTo(1024);
    assertThat(s.entries().get(s.entries().size() - 1).at()).isEqualTo(T0.plusSeconds(49));
    assertThat(s.entries().size()).isBetween(2, 10);
  }

  @Test
  void aScanKeepsAtMostItsLimitOfDecisionsAndCountsTheRestWithDescriptionsCut() {
    List<Row> rows =
        IntStream.range(0, 5)
            .mapToObj(
                i ->
                    new Row(
                        "ng" + i,
                        Verdict.AGREED,
                        Direction.UP,
                        "+1 (pods: " + "p".repeat(40) + ")",
                        "+1"))
            .toList();
    ShadowRecord r =
        ShadowRecord.EMPTY.append(T0, new ShadowComparison(rows), new Limits(10, 4096, 2, 20));

    Scan scan = (Scan) r.entries().get(0);
    assertThat(scan.omitted()).isEqualTo(3);
    assertThat(scan.decisions())
        .containsExactly(
            new Decision("ng0", Kind.AGREED, "+1 (pods: ppppppp...", "+1"),
            new Decision("ng1", Kind.AGREED, "+1 (pods: ppppppp...", "+1"));
  }

  record BadCase(String name, String text, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<BadCase> bad() {
    String ok =
        "{\"from\":\"2026-11-27T05:00:00Z\",\"at\":\"2026-11-27T05:01:00Z\",\"quietScans\":2}\n";
    return Stream.of(
        new BadCase(
            "a line that is not JSON",
            ok + "quiet 2\n",
            SOURCE
                + " line 2: not JSON: Unrecognized token 'quiet': was expecting (JSON String,"
                + " Number, Array, Object or token 'null', 'true' or 'false')"),
        new BadCase("a line that is a list", "[1]\n", SOURCE + " line 1: expected a JSON object"),
        new BadCase(
            "an unknown field",
            "{\"at\":\"2026-11-27T05:00:00Z\",\"decisions\":[],\"who\":1}\n",
            SOURCE + " line 1: unknown field who, expected [at, decisions, omitted]"),
        new BadCase(
            "a time that is not RFC 3339",
            "{\"at\":\"yesterday\",\"decisions\":[]}\n",
            SOURCE + " line 1: at: expected an RFC 3339 time such as 2026-11-27T05:00:00Z"),
        new BadCase(
            "an unknown kind",
            "{\"at\":\"2026-11-27T05:00:00Z\",\"decisions\":[{\"group\":\"ng1\",\"kind\":\"MAYBE\","
                + "\"skyscaler\":\"+1\",\"clusterAutoscaler\":\"none\"}]}\n",
            SOURCE
                + " line 1: decisions[0]: kind: \"MAYBE\" is not one of [AGREED,"
                + " ONLY_SKYSCALER_SCALE_UP, ONLY_CLUSTER_AUTOSCALER_SCALE_UP,"
                + " ONLY_SKYSCALER_SCALE_DOWN, ONLY_CLUSTER_AUTOSCALER_SCALE_DOWN, OPPOSITE]"),
        new BadCase(
            "a quiet span without a scan",
            "{\"from\":\"2026-11-27T05:00:00Z\",\"at\":\"2026-11-27T05:00:00Z\",\"quietScans\":0}\n",
            SOURCE + " line 1: quietScans: expected a whole number of at least 1"),
        new BadCase(
            "a scan without decisions",
            "{\"at\":\"2026-11-27T05:00:00Z\"}\n",
            SOURCE + " line 1: decisions: expected a list (or quietScans for a quiet span)"),
        new BadCase(
            "more entries than a record keeps",
            ok.repeat(2_001),
            SOURCE + ": 2001 entries, more than the 2000 a shadow record holds"),
        new BadCase(
            "more bytes than a record keeps",
            ok.repeat(3_500),
            SOURCE + ": 262500 bytes, more than the 262144 a shadow record holds"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bad")
  void aStoredRecordThatIsNotOneFailsWithOneMessage(BadCase c) {
    assertThatThrownBy(() -> ShadowRecord.parse(c.text(), SOURCE, Limits.DEFAULTS))
        .isInstanceOf(ShadowRecordException.class)
        .hasMessage(c.message());
  }
}
