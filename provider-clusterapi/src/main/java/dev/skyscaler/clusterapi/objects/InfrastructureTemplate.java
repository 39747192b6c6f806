package dev.skyscaler.clusterapi.objects;

import java.util.Map;

/**
 * What an infrastructure machine template says about the machines it makes, by the opt-in
 * autoscaling-from-zero contract: {@code status.capacity} and {@code status.nodeInfo}.
 *
 * @param capacity resource name to quantity text, as the template reports it
 * @param architecture {@code status.nodeInfo.architecture}, empty when not reported
 * @param operatingSystem {@code status.nodeInfo.operatingSystem}, empty when not reported
 */
public record InfrastructureTemplate(
    Map<String, String> capacity, String architecture, String operatingSystem) {
  public static final InfrastructureTemplate NONE = new InfrastructureTemplate(Map.of(), "", "");

  public InfrastructureTemplate {
    capacity = Map.copyOf(capacity);
    architecture = architecture == null ? "" : architecture;
    operatingSystem = operatingSystem == null ? "" : operatingSystem;
  }
}
