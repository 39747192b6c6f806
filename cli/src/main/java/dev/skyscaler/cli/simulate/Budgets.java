package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The snapshot's PodDisruptionBudgets, kept current as pods come and go. A budget only records how
 * many disruptions it allowed at the start, so the simulation keeps the healthy pods it wanted
 * then: allowed now = healthy now − (healthy at the start − allowed at the start), at least 0.
 */
final class Budgets {
  private final List<Budget> budgets = new ArrayList<>();
  private List<PodDisruptionBudget> current;

  private static final class Budget {
    final PodDisruptionBudget pdb;
    int healthy;
    int desiredHealthy;

    Budget(PodDisruptionBudget pdb) {
      this.pdb = pdb;
    }

    int allowed() {
      return Math.max(0, healthy - desiredHealthy);
    }
  }

  Budgets(List<PodDisruptionBudget> pdbs, Collection<Pod> boundPods) {
    for (PodDisruptionBudget pdb : pdbs) {
      Budget b = new Budget(pdb);
      for (Pod p : boundPods) {
        if (pdb.guards(p)) {
          b.healthy++;
        }
      }
      b.desiredHealthy = Math.max(0, b.healthy - pdb.disruptionsAllowed());
      budgets.add(b);
    }
  }

  void bound(Pod p) {
    count(p, 1);
  }

  void unbound(Pod p) {
    count(p, -1);
  }

  private void count(Pod p, int delta) {
    for (Budget b : budgets) {
      if (b.pdb.guards(p)) {
        b.healthy += delta;
        current = null;
      }
    }
  }

  /** The budget that refuses to let {@code p} go now, if any. */
  Optional<String> refusing(Pod p) {
    for (Budget b : budgets) {
      if (b.pdb.guards(p) && b.allowed() == 0) {
        return Optional.of(b.pdb.namespace() + "/" + b.pdb.name());
      }
    }
    return Optional.empty();
  }

  /** The budgets with their disruptions allowed now, as a scan sees them. */
  List<PodDisruptionBudget> current() {
    if (current == null) {
      List<PodDisruptionBudget> now = new ArrayList<>(budgets.size());
      for (Budget b : budgets) {
        now.add(
            new PodDisruptionBudget(
                b.pdb.namespace(), b.pdb.name(), b.pdb.selector(), b.allowed()));
      }
      current = List.copyOf(now);
    }
    return current;
  }
}
