package dev.skyscaler.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.coldstart.QuietMachine.CpuTicks;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QuietMachineTest {
  @ParameterizedTest(name = "{0} → busy {1} of {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          cpu  100 5 20 900 30 1 2 3 0 0    | 131 | 1061
          cpu 0 0 0 40 0 0 0 0              | 0   | 40
          cpu  7 0 3 30 0 0 0 0 11 12       | 10  | 40
          """)
  void theMachinesCountsAreReadFromTheFirstLineOfProcStat(String line, long busy, long total) {
    assertThat(CpuTicks.ofProcStat(line)).isEqualTo(new CpuTicks(busy, total));
  }

  @ParameterizedTest(name = "''{0}''")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          cpu0 1 2 3 4 5 6 7 8    | expected 'cpu' and at least 8 counters, got 'cpu0 1 2 3 4 5 6 7 8'
          cpu 1 2 3 4 5 6 7       | expected 'cpu' and at least 8 counters, got 'cpu 1 2 3 4 5 6 7'
          cpu 1 2 x 4 5 6 7 8     | counter 3 is not a number in 'cpu 1 2 x 4 5 6 7 8'
          """)
  void aLineThatIsNotTheMachinesCountsIsNamed(String line, String message) {
    assertThatThrownBy(() -> CpuTicks.ofProcStat(line))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("/proc/stat: " + message);
  }

  @Test
  void theBusyShareIsTheBusyPartOfAWindowAndAnEmptyWindowCountsAsBusy() {
    assertThat(new CpuTicks(12, 40).since(new CpuTicks(10, 0)).busyShare()).isEqualTo(0.05);
    assertThat(new CpuTicks(5, 40).since(new CpuTicks(5, 40)).busyShare()).isEqualTo(1.0);
  }

  @Test
  void theWaitEndsAtTheFirstQuietWindow() {
    // busy 20 of 40 in the first window, 1 of 40 in the second
    Iterator<CpuTicks> counts =
        List.of(new CpuTicks(0, 0), new CpuTicks(20, 40), new CpuTicks(21, 80)).iterator();

    Duration waited = QuietMachine.awaitOn(counts::next);

    assertThat(waited)
        .isGreaterThanOrEqualTo(QuietMachine.WINDOW.multipliedBy(2))
        .isLessThan(QuietMachine.WINDOW.multipliedBy(4));
  }
}
