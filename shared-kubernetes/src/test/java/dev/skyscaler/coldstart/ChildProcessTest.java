package dev.skyscaler.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChildProcessTest {
  @Test
  void theChildsLineIsReadIntoFiguresRelativeToTheSpawn() {
    ChildProcess.Figures f =
        ChildProcess.parse(
            "coldstart jvmStart=1060 constructed=1900 done=3100 cpu=2500 output=INFO scan=x a b",
            "coldstart ",
            1000);

    assertThat(f).isEqualTo(new ChildProcess.Figures(2100, 60, 840, 2040, 2500, "INFO scan=x a b"));
    assertThat(f.constructedToDone()).isEqualTo(1200);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          coldstart jvmStart=1 done=2 cpu=3 output=x   | no output= in the child's line: coldstart jvmStart=1 done=2 cpu=3 output=x
          coldstart jvmStart=1 done=2 cpu=3 x output=y | expected constructed=<ms> in the child's line, got done=2
          """)
  void aLineWithoutAFigureNamesWhatWasExpected(String line, String message) {
    assertThatThrownBy(() -> ChildProcess.parse(line, "coldstart ", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }
}
