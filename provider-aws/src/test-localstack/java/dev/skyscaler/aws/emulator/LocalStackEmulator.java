package dev.skyscaler.aws.emulator;

import dev.skyscaler.aws.client.AwsClientSettings;
import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * LocalStack Pro in a Docker container (Testcontainers), for the {@code localstack} profile: the
 * image from the system property {@code localstack.image}, the token from {@value
 * LocalStackPrerequisites#TOKEN}. Compiled only in that profile, found by {@link
 * AwsEmulatorExtension} through {@link java.util.ServiceLoader}.
 */
public final class LocalStackEmulator implements AwsEmulator {
  private static final String DEFAULT_IMAGE = "localstack/localstack-pro:latest";

  private final LocalStackContainer container;

  private LocalStackEmulator(LocalStackContainer container) {
    this.container = container;
  }

  /** Registered in {@code META-INF/services}. */
  public static final class Launcher implements AwsEmulator.Launcher {
    @Override
    public String name() {
      return "localstack";
    }

    @Override
    public AwsEmulator start() {
      String token = System.getenv(LocalStackPrerequisites.TOKEN);
      Optional<String> missing = LocalStackPrerequisites.missing(dockerAnswers(), token);
      if (missing.isPresent()) {
        throw new IllegalStateException(missing.get());
      }
      String image = System.getProperty("localstack.image", DEFAULT_IMAGE);
      LocalStackContainer container =
          new LocalStackContainer(
                  DockerImageName.parse(image).asCompatibleSubstituteFor("localstack/localstack"))
              .withEnv(LocalStackPrerequisites.TOKEN, token);
      container.start();
      return new LocalStackEmulator(container);
    }

    private static boolean dockerAnswers() {
      try {
        return DockerClientFactory.instance().isDockerAvailable();
      } catch (RuntimeException e) {
        return false;
      }
    }
  }

  @Override
  public String name() {
    return "localstack";
  }

  @Override
  public AwsClientSettings settings() {
    // the tests' zones and labels are us-east-1's; LocalStack serves any region
    return new AwsClientSettings(
        Region.US_EAST_1,
        Optional.of(container.getEndpoint()),
        StaticCredentialsProvider.create(
            AwsBasicCredentials.create(container.getAccessKey(), container.getSecretKey())));
  }

  @Override
  public void close() {
    container.stop();
  }
}
