package dev.skyscaler.aws.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Choosing the emulator named by {@code -Dskyscaler.aws.emulator}. */
class AwsEmulatorExtensionTest {
  private static final AwsEmulator.Launcher LOCALSTACK = launcher("localstack");

  @Test
  void theLauncherRegisteredUnderTheNameIsChosen() {
    assertThat(AwsEmulatorExtension.launcher("localstack", List.of(launcher("other"), LOCALSTACK)))
        .isSameAs(LOCALSTACK);
  }

  @Test
  void aNameNoLauncherHasFailsNamingTheChoicesAndTheProfile() {
    assertThatThrownBy(() -> AwsEmulatorExtension.launcher("localstack", List.of()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "-Dskyscaler.aws.emulator=localstack: no such AWS emulator on the test classpath;"
                + " expected one of [moto] (localstack needs the Maven profile: -Plocalstack)");
  }

  private static AwsEmulator.Launcher launcher(String name) {
    return new AwsEmulator.Launcher() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public AwsEmulator start() {
        throw new UnsupportedOperationException("not started in this test");
      }
    };
  }
}
