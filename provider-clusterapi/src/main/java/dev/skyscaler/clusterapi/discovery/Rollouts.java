package dev.skyscaler.clusterapi.discovery;

import dev.skyscaler.clusterapi.objects.CapiNames;
import dev.skyscaler.clusterapi.objects.ScalableResource;
import java.util.List;
import java.util.Optional;

/**
 * Whether a MachineDeployment is rolling out, as Cluster Autoscaler's {@code
 * ScaleDownNodeUpgradeProcessor} decides it: a MachineSet of an older revision than the newest
 * still has replicas (wanted or running). While it does, lowering the MachineDeployment's replicas
 * may take them from the new MachineSet while the Machine marked for deletion sits in an old one,
 * so another node than the chosen one would go (kubernetes/autoscaler#8494).
 */
final class Rollouts {
  private Rollouts() {}

  /** The reason the deployment is rolling out, naming an old MachineSet; empty when it is not. */
  static Optional<String> rollingOut(List<ScalableResource> machineSets) {
    long newest = -1;
    for (ScalableResource ms : machineSets) {
      newest = Math.max(newest, revision(ms));
    }
    for (ScalableResource ms : machineSets) {
      boolean old = revision(ms) < newest;
      if (old && (ms.replicas().orElse(0) > 0 || ms.statusReplicas() > 0)) {
        return Optional.of(
            "rolling out: MachineSet "
                + ms.ref().name()
                + " of an older revision still has replicas");
      }
    }
    return Optional.empty();
  }

  private static long revision(ScalableResource ms) {
    String text = ms.annotations().get(CapiNames.REVISION);
    if (text == null) {
      return -1;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
