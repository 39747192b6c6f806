package dev.skyscaler.clusterapi.discovery;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.objects.CapiCluster;
import dev.skyscaler.clusterapi.objects.CapiMachine;
import dev.skyscaler.clusterapi.objects.CapiObjects;
import dev.skyscaler.clusterapi.objects.ObjectRef;
import dev.skyscaler.clusterapi.objects.ScalableKind;
import dev.skyscaler.clusterapi.objects.ScalableResource;
import dev.skyscaler.core.model.NodeTemplate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which scalable resources are node groups, by Cluster Autoscaler's rules and the safety rules it
 * learnt: selected by the discovery specs; a MachineSet owned by a MachineDeployment is part of it;
 * paused resources and resources of a paused Cluster are left out; min and max from the annotations
 * ({@link GroupBounds}); {@code spec.replicas} must be set; at 0 replicas a group stays only if it
 * can scale from zero ({@link ScaleFromZero}). Every resource left out for a reason other than
 * having no autoscaler annotations is named in a warning.
 */
final class Candidates {
  private final CapiObjects objects;
  private final ClusterApiOptions options;
  private final List<String> warnings = new ArrayList<>();
  private final Map<ObjectRef, List<CapiMachine>> machinesByOwner = new HashMap<>();
  private final Map<ObjectRef, List<ScalableResource>> setsByDeployment = new HashMap<>();
  private final Set<String> pausedClusters;

  Candidates(CapiObjects objects, ClusterApiOptions options) {
    this.objects = objects;
    this.options = options;
    for (CapiMachine m : objects.machines()) {
      for (ObjectRef owner : m.owners()) {
        machinesByOwner.computeIfAbsent(owner, k -> new ArrayList<>()).add(m);
      }
    }
    for (ScalableResource r : objects.scalables()) {
      r.deployment()
          .ifPresent(d -> setsByDeployment.computeIfAbsent(d, k -> new ArrayList<>()).add(r));
    }
    pausedClusters =
        objects.clusters().stream()
            .filter(CapiCluster::paused)
            .map(c -> c.namespace() + "/" + c.name())
            .collect(Collectors.toSet());
  }

  List<String> warnings() {
    return warnings;
  }

  List<GroupCandidate> find() {
    List<GroupCandidate> found = new ArrayList<>();
    for (ScalableResource r : objects.scalables()) {
      if (r.kind() == ScalableKind.MACHINE_SET && r.ownedByDeployment()) {
        continue;
      }
      if (!options.selects(r)) {
        continue;
      }
      candidate(r).ifPresent(found::add);
    }
    return found;
  }

  private Optional<GroupCandidate> candidate(ScalableResource r) {
    GroupBounds.Result bounds = GroupBounds.of(r, options.names());
    if (bounds.rejection() != null) {
      return leaveOut(r, bounds.rejection().reason(), bounds.rejection().silent());
    }
    if (r.annotations().containsKey(options.names().paused())) {
      return leaveOut(
          r, "paused (" + options.names().paused() + "): not scaled while paused", false);
    }
    if (pausedClusters.contains(r.ref().namespace() + "/" + r.clusterName())) {
      return leaveOut(r, "its Cluster " + r.clusterName() + " is paused: not scaled", false);
    }
    if (r.replicas().isEmpty()) {
      return leaveOut(r, "spec.replicas is not set: left alone until it is", false);
    }
    Optional<NodeTemplate> template;
    try {
      template = ScaleFromZero.template(r, objects.template(r), options.defaultArchitecture());
    } catch (IllegalArgumentException e) {
      return leaveOut(r, e.getMessage(), false);
    }
    int replicas = r.replicas().getAsInt();
    if (replicas == 0 && template.isEmpty()) {
      return leaveOut(
          r,
          "0 replicas and no cpu and memory capacity (capacity annotations or the infrastructure"
              + " template's status.capacity): it cannot scale from zero",
          false);
    }
    List<CapiMachine> machines = machines(r);
    Optional<String> rollout =
        r.kind() == ScalableKind.MACHINE_DEPLOYMENT
            ? Rollouts.rollingOut(setsByDeployment.getOrDefault(r.ref(), List.of()))
            : Optional.empty();
    GroupBounds b = bounds.bounds();
    return Optional.of(
        new GroupCandidate(r, b.min(), b.max(), replicas, machines, template, rollout));
  }

  private List<CapiMachine> machines(ScalableResource r) {
    if (r.kind() != ScalableKind.MACHINE_DEPLOYMENT) {
      return machinesByOwner.getOrDefault(r.ref(), List.of());
    }
    List<CapiMachine> all = new ArrayList<>();
    for (ScalableResource ms : setsByDeployment.getOrDefault(r.ref(), List.of())) {
      all.addAll(machinesByOwner.getOrDefault(ms.ref(), List.of()));
    }
    return all;
  }

  private Optional<GroupCandidate> leaveOut(ScalableResource r, String reason, boolean silent) {
    if (!silent) {
      warnings.add(r.ref().id() + ": " + reason);
    }
    return Optional.empty();
  }
}
