package dev.skyscaler.clusterapi.objects;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The Cluster API kinds that are node groups, with the resource names the API serves them by. */
public enum ScalableKind {
  MACHINE_DEPLOYMENT("MachineDeployment", "machinedeployments"),
  MACHINE_SET("MachineSet", "machinesets"),
  MACHINE_POOL("MachinePool", "machinepools");

  private final String kind;
  private final String plural;

  ScalableKind(String kind, String plural) {
    this.kind = kind;
    this.plural = plural;
  }

  public String kind() {
    return kind;
  }

  public String plural() {
    return plural;
  }

  public static Optional<ScalableKind> of(String kind) {
    return Arrays.stream(values()).filter(k -> k.kind.equals(kind)).findFirst();
  }

  static List<String> names() {
    return Arrays.stream(values()).map(ScalableKind::kind).toList();
  }
}
