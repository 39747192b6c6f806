package dev.skyscaler.azure.vmss;

import dev.skyscaler.azure.arm.ArmException;
import dev.skyscaler.azure.vmss.VmssDiscovery.Group;
import dev.skyscaler.azure.vmss.VmssGateway.Progress;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * One cloud action on a VM Scale Set or AKS node pool, through a gateway that may be bounded in
 * time ({@link VmssGateway#within}): {@link SetTargetSize} sets the capacity (node count), refusing
 * targets outside the group's min and max; {@link DeleteInstance} deletes the VM (AKS: the machine)
 * — a scale-down lowers the target with it and refuses to go below min, a replacement restores the
 * target once the VM is gone; {@link RepairInstance} restarts, reimages or replaces. Throttling,
 * conflicts and calls cut short by the deadline come back as {@code RETRY}; an instance already
 * gone, or not in the named group, as {@code ALREADY_DONE}.
 */
final class VmssActions {
  private final VmssGateway gateway;
  private final VmssScope scope;
  private final Function<String, Optional<Group>> groups;

  VmssActions(VmssGateway gateway, VmssScope scope, Function<String, Optional<Group>> groups) {
    this.gateway = gateway;
    this.scope = scope;
    this.groups = groups;
  }

  Outcome apply(Action action) {
    if (action instanceof SetTargetSize a) {
      return withGroup(a.nodeGroup(), false, g -> setTargetSize(g, a.to()));
    }
    if (action instanceof DeleteInstance a) {
      return withInstance(
          a.nodeGroup(), a.providerId(), (g, vm) -> delete(g, vm, a.decrementTarget()));
    }
    if (action instanceof RepairInstance a) {
      return withInstance(a.nodeGroup(), a.providerId(), (g, vm) -> repair(g, vm, a.level()));
    }
    return Outcome.notMine("not a VM Scale Set action: " + action.describe());
  }

  private Outcome setTargetSize(Group group, int target) {
    String name = group.set().name();
    if (target < group.min() || target > group.max()) {
      return new Outcome(
          Outcome.Status.FAILED,
          "refused to set "
              + name
              + " to "
              + target
              + ": outside its min "
              + group.min()
              + " and max "
              + group.max());
    }
    int current = currentSize(group);
    if (current == target) {
      return new Outcome(Outcome.Status.ALREADY_DONE, name + " already has target size " + target);
    }
    if (target < current) {
      // a lower capacity lets Azure pick which VMs go: only requested VMs never created may go so
      long vms =
          gateway.instances(group.set().resourceGroup(), name).stream()
              .filter(vm -> !vm.provisioningState().equalsIgnoreCase("Deleting"))
              .count();
      if (target < vms) {
        return new Outcome(
            Outcome.Status.FAILED,
            "refused to lower "
                + name
                + " target size to "
                + target
                + ": it has "
                + vms
                + " VMs, which leave only by deleting them by name");
      }
    }
    resize(group, target);
    return Outcome.done("set " + name + " target size " + current + " -> " + target);
  }

  private Outcome delete(Group group, ScaleSetInstance vm, boolean decrement) {
    String name = group.set().name();
    int before = currentSize(group);
    if (decrement && before - 1 < group.min()) {
      return new Outcome(
          Outcome.Status.FAILED,
          "refused to delete VM "
              + vm.instanceId()
              + " of "
              + name
              + ": its size "
              + before
              + " is at its min "
              + group.min());
    }
    Progress progress = deleteVm(group, vm);
    if (decrement) {
      return Outcome.done(
          "deleting VM "
              + vm.instanceId()
              + " of "
              + name
              + " ("
              + progress.name().toLowerCase(Locale.ROOT)
              + ")");
    }
    if (progress == Progress.RUNNING) {
      return new Outcome(
          Outcome.Status.RETRY,
          "VM "
              + vm.instanceId()
              + " of "
              + name
              + " is still being deleted; its target "
              + before
              + " is not restored yet");
    }
    resize(group, Math.min(before, group.max()));
    return Outcome.done(
        "replaced VM " + vm.instanceId() + " of " + name + "; target stays " + before);
  }

  private Outcome repair(Group group, ScaleSetInstance vm, RepairInstance.Level level) {
    ScaleSet set = group.set();
    Progress progress =
        switch (level) {
          case RESTART -> gateway.restart(set.resourceGroup(), set.name(), vm.instanceId());
          case REIMAGE -> gateway.reimage(set.resourceGroup(), set.name(), vm.instanceId());
          case REPLACE -> null;
        };
    if (progress == null) {
      return delete(group, vm, false);
    }
    return Outcome.done(
        level.name().toLowerCase(Locale.ROOT)
            + " VM "
            + vm.instanceId()
            + " of "
            + set.name()
            + " ("
            + progress.name().toLowerCase(Locale.ROOT)
            + ")");
  }

  private int currentSize(Group group) {
    ScaleSet set = group.set();
    if (group.pool().isPresent()) {
      VmssScope.AksCluster aks = scope.aksCluster().orElseThrow();
      return gateway.agentPool(aks.resourceGroup(), aks.name(), set.aksPool()).count();
    }
    return (int) gateway.scaleSet(set.resourceGroup(), set.name()).capacity();
  }

  private void resize(Group group, int target) {
    ScaleSet set = group.set();
    if (group.pool().isPresent()) {
      VmssScope.AksCluster aks = scope.aksCluster().orElseThrow();
      gateway.setAgentPoolCount(aks.resourceGroup(), aks.name(), set.aksPool(), target);
    } else {
      gateway.setCapacity(set, target);
    }
  }

  private Progress deleteVm(Group group, ScaleSetInstance vm) {
    ScaleSet set = group.set();
    if (group.pool().isPresent()) {
      VmssScope.AksCluster aks = scope.aksCluster().orElseThrow();
      return gateway.deleteMachines(
          aks.resourceGroup(), aks.name(), set.aksPool(), List.of(vm.computerName()));
    }
    return gateway.deleteInstances(
        set.resourceGroup(), set.name(), List.of(vm.instanceId()), scope.forceDelete());
  }

  private interface GroupStep {
    Outcome run(Group group);
  }

  private interface InstanceStep {
    Outcome run(Group group, ScaleSetInstance vm);
  }

  private Outcome withGroup(String name, boolean goneIsDone, GroupStep step) {
    try {
      Optional<Group> group = groups.apply(name);
      if (group.isEmpty()) {
        return Outcome.notMine("no scale set named " + name + " is a node group of this cluster");
      }
      return step.run(group.get());
    } catch (ArmException e) {
      return failure(e, goneIsDone);
    }
  }

  /**
   * Runs the step on a VM of one of our groups. A VM that is not in the group (another scale set's,
   * or not a scale-set VM at all) is, for that group, already gone: the group is ours, so the
   * action is too, and there is nothing to do.
   */
  private Outcome withInstance(String name, String providerId, InstanceStep step) {
    return withGroup(
        name,
        true,
        group -> {
          ScaleSet set = group.set();
          Optional<VmssProviderId> id = VmssProviderId.parse(providerId);
          if (id.isEmpty() || !id.get().in(set)) {
            return new Outcome(
                Outcome.Status.ALREADY_DONE,
                providerId + " is not a VM of scale set " + set.name() + ": nothing to do");
          }
          Optional<ScaleSetInstance> vm =
              gateway.instances(set.resourceGroup(), set.name()).stream()
                  .filter(v -> v.instanceId().equalsIgnoreCase(id.get().instanceId()))
                  .findFirst();
          if (vm.isEmpty() || vm.get().provisioningState().equalsIgnoreCase("Deleting")) {
            return new Outcome(
                Outcome.Status.ALREADY_DONE,
                "VM " + id.get().instanceId() + " of " + set.name() + " is already gone");
          }
          return step.run(group, vm.get());
        });
  }

  private static Outcome failure(ArmException e, boolean goneIsDone) {
    if (e.notFound() && goneIsDone) {
      return new Outcome(Outcome.Status.ALREADY_DONE, e.getMessage());
    }
    if (e.transientFailure()) {
      return new Outcome(Outcome.Status.RETRY, e.getMessage());
    }
    return new Outcome(Outcome.Status.FAILED, e.getMessage());
  }
}
