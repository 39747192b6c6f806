package dev.skyscaler.aws.client;

import dev.skyscaler.core.config.ConfigException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.regions.Region;

/**
 * The settings of a person's command ({@code skyscaler plan --cloud-provider=aws}), as the AWS CLI
 * finds them: the region from {@code AWS_REGION}, {@code AWS_DEFAULT_REGION} or the profile's
 * {@code region}; the credentials from {@code AWS_ACCESS_KEY_ID} / {@code AWS_SECRET_ACCESS_KEY}
 * (and {@code AWS_SESSION_TOKEN}), else the profile {@code AWS_PROFILE}, else the SDK's default
 * chain; {@code AWS_ENDPOINT_URL} points every client at another endpoint (an emulator). The
 * credentials are resolved here, once, so that missing ones are one clear error before any call.
 */
public final class UserAwsSettings {
  private UserAwsSettings() {}

  /**
   * The settings from {@code env} (the process environment, or a test's).
   *
   * @throws ConfigException naming what is missing: the region, or usable credentials
   */
  public static AwsClientSettings fromEnvironment(Map<String, String> env) {
    String profile = value(env, "AWS_PROFILE").orElse("default");
    Optional<String> region =
        value(env, "AWS_REGION")
            .or(() -> value(env, "AWS_DEFAULT_REGION"))
            .or(() -> profileRegion(env, profile));
    if (region.isEmpty()) {
      throw new ConfigException(
          List.of(
              "AWS region: not set; set AWS_REGION (or AWS_DEFAULT_REGION, or a region in the"
                  + " profile \""
                  + profile
                  + "\" of the AWS config file)"));
    }
    AwsCredentialsProvider credentials = credentials(env);
    try {
      credentials.resolveCredentials();
    } catch (SdkException | IllegalArgumentException | IllegalStateException e) {
      throw new ConfigException(List.of(missingCredentials(env)));
    }
    return new AwsClientSettings(
        Region.of(region.get()), value(env, "AWS_ENDPOINT_URL").map(URI::create), credentials);
  }

  private static AwsCredentialsProvider credentials(Map<String, String> env) {
    Optional<String> key = value(env, "AWS_ACCESS_KEY_ID");
    Optional<String> secret = value(env, "AWS_SECRET_ACCESS_KEY");
    if (key.isPresent() && secret.isPresent()) {
      AwsCredentials keys =
          value(env, "AWS_SESSION_TOKEN")
              .<AwsCredentials>map(t -> AwsSessionCredentials.create(key.get(), secret.get(), t))
              .orElseGet(() -> AwsBasicCredentials.create(key.get(), secret.get()));
      return StaticCredentialsProvider.create(keys);
    }
    Optional<String> profile = value(env, "AWS_PROFILE");
    if (profile.isPresent()) {
      return ProfileCredentialsProvider.builder()
          .profileFile(profiles(env))
          .profileName(profile.get())
          .build();
    }
    return DefaultCredentialsProvider.builder().build();
  }

  private static String missingCredentials(Map<String, String> env) {
    if (value(env, "AWS_ACCESS_KEY_ID").isPresent()
        != value(env, "AWS_SECRET_ACCESS_KEY").isPresent()) {
      return "AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together";
    }
    return value(env, "AWS_PROFILE")
        .map(
            p ->
                "AWS credentials: the profile \""
                    + p
                    + "\" (AWS_PROFILE) has no usable credentials in the AWS config and"
                    + " credentials files")
        .orElse(
            "AWS credentials: none found; set AWS_PROFILE, or AWS_ACCESS_KEY_ID and"
                + " AWS_SECRET_ACCESS_KEY, or sign in with the AWS CLI");
  }

  private static Optional<String> profileRegion(Map<String, String> env, String profile) {
    try {
      return profiles(env).profile(profile).flatMap(p -> p.property("region"));
    } catch (SdkException | IllegalArgumentException | IllegalStateException e) {
      return Optional.empty();
    }
  }

  /** The config and credentials files, where {@code env} says ({@code AWS_CONFIG_FILE}, ...). */
  private static ProfileFile profiles(Map<String, String> env) {
    Path home = Path.of(System.getProperty("user.home"), ".aws");
    Path config = value(env, "AWS_CONFIG_FILE").map(Path::of).orElse(home.resolve("config"));
    Path keys =
        value(env, "AWS_SHARED_CREDENTIALS_FILE").map(Path::of).orElse(home.resolve("credentials"));
    ProfileFile.Aggregator files = ProfileFile.aggregator();
    if (config.toFile().isFile()) {
      files.addFile(
          ProfileFile.builder().content(config).type(ProfileFile.Type.CONFIGURATION).build());
    }
    if (keys.toFile().isFile()) {
      files.addFile(ProfileFile.builder().content(keys).type(ProfileFile.Type.CREDENTIALS).build());
    }
    return files.build();
  }

  private static Optional<String> value(Map<String, String> env, String name) {
    return Optional.ofNullable(env.get(name)).map(String::trim).filter(v -> !v.isEmpty());
  }
}
