package dev.skyscaler.aws.emulator;

import dev.skyscaler.aws.client.AwsClientSettings;

/**
 * An AWS emulator the gateway and provider tests run against: moto's server by default, LocalStack
 * (in Docker, with {@code -Plocalstack}) when the system property {@value #PROPERTY} says so. Tests
 * get the run's one emulator with {@link EmulatedAws}.
 */
public interface AwsEmulator {
  /** The system property naming the emulator: {@code moto} (the default) or {@code localstack}. */
  String PROPERTY = "skyscaler.aws.emulator";

  /** {@code moto}, {@code localstack}. */
  String name();

  /** Client settings pointing at the emulator, in {@code us-east-1}, with its test credentials. */
  AwsClientSettings settings();

  /** Stops the emulator at the end of the run. */
  void close();

  /**
   * Starts an emulator other than moto; implementations are found with {@link
   * java.util.ServiceLoader} (the LocalStack one is compiled only in the {@code localstack}
   * profile).
   */
  interface Launcher {
    /** The value of {@value AwsEmulator#PROPERTY} that selects this emulator. */
    String name();

    /**
     * Starts the emulator.
     *
     * @throws IllegalStateException with one line saying what is missing (Docker, a token)
     */
    AwsEmulator start();
  }
}
