package dev.skyscaler.azure.arm;

import com.azure.core.management.AzureEnvironment;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The Azure clouds, under the names Cluster Autoscaler's {@code ARM_CLOUD} setting uses, with their
 * Resource Manager endpoints.
 */
public enum AzureCloud {
  PUBLIC("AzurePublicCloud", AzureEnvironment.AZURE),
  CHINA("AzureChinaCloud", AzureEnvironment.AZURE_CHINA),
  US_GOVERNMENT("AzureUSGovernmentCloud", AzureEnvironment.AZURE_US_GOVERNMENT);

  private final String settingName;
  private final AzureEnvironment environment;

  AzureCloud(String settingName, AzureEnvironment environment) {
    this.settingName = settingName;
    this.environment = environment;
  }

  /** The name as {@code ARM_CLOUD} spells it. */
  public String settingName() {
    return settingName;
  }

  public String resourceManager() {
    return environment.getResourceManagerEndpoint();
  }

  /** The SDK's description of the cloud (login, management and Resource Manager endpoints). */
  public AzureEnvironment environment() {
    return environment;
  }

  /**
   * The cloud named by an {@code ARM_CLOUD} value (case-insensitive).
   *
   * @throws IllegalArgumentException naming the allowed values
   */
  public static AzureCloud parse(String name) {
    for (AzureCloud cloud : values()) {
      if (cloud.settingName.equalsIgnoreCase(name.trim())) {
        return cloud;
      }
    }
    throw new IllegalArgumentException(
        "expected one of "
            + Arrays.stream(values()).map(AzureCloud::settingName).collect(Collectors.joining(", "))
            + ", got \""
            + name
            + "\"");
  }

  @Override
  public String toString() {
    return settingName.toLowerCase(Locale.ROOT);
  }
}
