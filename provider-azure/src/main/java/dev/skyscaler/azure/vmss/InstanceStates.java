package dev.skyscaler.azure.vmss;

import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import java.util.Locale;

/**
 * A scale-set VM's provisioning and power state reduced to what the autoscaler acts on, as Cluster
 * Autoscaler's Azure provider reads them:
 *
 * <table>
 *   <caption>State mapping</caption>
 *   <tr><th>provisioningState</th><th>powerState</th><th>state</th></tr>
 *   <tr><td>Creating, empty</td><td>any</td><td>PENDING</td></tr>
 *   <tr><td>Deleting</td><td>any</td><td>TERMINATING</td></tr>
 *   <tr><td>Failed, Canceled</td><td>running</td><td>RUNNING (an extension failed; the VM works)</td></tr>
 *   <tr><td>Failed, Canceled</td><td>not running</td><td>FAILED (a failed scale-up)</td></tr>
 *   <tr><td>Succeeded, Updating, ...</td><td>starting, empty</td><td>PENDING</td></tr>
 *   <tr><td>Succeeded, Updating, ...</td><td>running</td><td>RUNNING</td></tr>
 *   <tr><td>Succeeded, Updating, ...</td><td>stopping, stopped, deallocating, deallocated</td>
 *       <td>TERMINATING (no capacity; an evicted spot VM with the Deallocate policy stays so)</td></tr>
 * </table>
 */
final class InstanceStates {
  private InstanceStates() {}

  static InstanceState of(String provisioningState, String powerState) {
    String provisioning = provisioningState.toLowerCase(Locale.ROOT);
    String power = powerState.toLowerCase(Locale.ROOT);
    boolean running = power.equals("running");
    return switch (provisioning) {
      case "", "creating" -> InstanceState.PENDING;
      case "deleting" -> InstanceState.TERMINATING;
      case "failed", "canceled" -> running ? InstanceState.RUNNING : InstanceState.FAILED;
      default ->
          switch (power) {
            case "running" -> InstanceState.RUNNING;
            case "", "starting" -> InstanceState.PENDING;
            default -> InstanceState.TERMINATING;
          };
    };
  }
}
