package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Namespace;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodAffinityTerm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Reads the {@code namespaceSelector} of pod affinity and anti-affinity terms as kube-scheduler's
 * InterPodAffinity PreFilter does: the namespaces whose labels it matches join the term's {@code
 * namespaces}, once per scan, so that every later check compares names only.
 *
 * <p>Without Namespace objects in the snapshot the selectors cannot be read. They are then taken to
 * select every namespace — conservative for anti-affinity, permissive for affinity — and the plan
 * says so in one warning instead of guessing silently.
 */
public final class NamespaceSelectors {
  private NamespaceSelectors() {}

  /** A snapshot whose terms name their namespaces, and the warning when that took a guess. */
  public record Resolved(ClusterSnapshot snapshot, List<String> warnings) {
    public Resolved {
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * The snapshot with every pod's and CapacityBuffer template's namespace selectors resolved; the
   * same snapshot object when no term has one (nothing is copied).
   */
  public static Resolved resolve(ClusterSnapshot snapshot) {
    int withSelectors = 0;
    for (Pod p : snapshot.pods()) {
      if (unresolved(p)) {
        withSelectors++;
      }
    }
    for (CapacityBuffer b : snapshot.capacityBuffers()) {
      if (b.podTemplate().filter(NamespaceSelectors::unresolved).isPresent()) {
        withSelectors++;
      }
    }
    if (withSelectors == 0) {
      return new Resolved(snapshot, List.of());
    }
    List<String> warnings = new ArrayList<>();
    UnaryOperator<PodAffinityTerm> rewrite;
    if (snapshot.namespaces().isEmpty()) {
      rewrite = PodAffinityTerm::everyNamespaceGuess;
      warnings.add(
          "the snapshot has no Namespace objects: the namespaceSelector in the pod (anti-)affinity"
              + " of "
              + withSelectors
              + (withSelectors == 1 ? " pod is" : " pods is")
              + " read as selecting every namespace (add them: kubectl get namespaces -o yaml)");
    } else {
      Map<String, Map<String, String>> labels = new HashMap<>();
      for (Namespace n : snapshot.namespaces()) {
        labels.put(n.name(), n.labels());
      }
      rewrite = t -> t.resolved(labels);
    }
    List<Pod> pods = new ArrayList<>(snapshot.pods().size());
    for (Pod p : snapshot.pods()) {
      pods.add(unresolved(p) ? withTerms(p, rewrite) : p);
    }
    List<CapacityBuffer> buffers = new ArrayList<>();
    for (CapacityBuffer b : snapshot.capacityBuffers()) {
      Optional<Pod> template = b.podTemplate();
      buffers.add(
          template.filter(NamespaceSelectors::unresolved).isPresent()
              ? b.withPodTemplate(Optional.of(withTerms(template.get(), rewrite)))
              : b);
    }
    return new Resolved(snapshot.withPods(pods).withCapacityBuffers(buffers), warnings);
  }

  private static boolean unresolved(Pod p) {
    if (p.affinity().isEmpty() && p.antiAffinity().isEmpty()) {
      return false; // most pods: no list to walk
    }
    return p.affinity().stream().anyMatch(PodAffinityTerm::unresolved)
        || p.antiAffinity().stream().anyMatch(PodAffinityTerm::unresolved);
  }

  private static Pod withTerms(Pod p, UnaryOperator<PodAffinityTerm> rewrite) {
    return p.toBuilder()
        .affinity(p.affinity().stream().map(rewrite).toList())
        .antiAffinity(p.antiAffinity().stream().map(rewrite).toList())
        .build();
  }
}
