package dev.skyscaler.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.ModelTranslator;
import dev.skyscaler.kubernetes.ReadView;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * SnapStart's priming (ADR 0057): what a handler runs in {@code beforeCheckpoint}, before Lambda
 * takes the snapshot of an initialised environment, so that the restored environment's first scan
 * finds the read and plan path's classes loaded, linked and initialised: the Kubernetes
 * deserializers and the JSON-tree translation ({@link ReadView#prime}), then a small bundled
 * snapshot ({@value #SNAPSHOT}: one full node and one pending pod) translated by the scan's own
 * {@link ModelTranslator} and planned by {@link Autoscaler#runOnce} with the function's options.
 *
 * <p>It touches no network, no clock and nothing a scan keeps: no connection, no credential, no
 * client's state, not the environment's {@code ClusterView} (it stays empty until the first
 * invocation), not the metrics or the log. What it builds is dropped when it returns; only the
 * JVM's classes and compiled code stay warm.
 */
final class SnapStartPriming {
  /** The bundled snapshot, next to this class. */
  static final String SNAPSHOT = "snapstart-prime.json";

  /** The plan's time: a constant, never the clock. */
  static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

  private static final String GROUP = "snapstart-prime";

  private SnapStartPriming() {}

  /**
   * Primes the read and plan path with {@code options}, the function's own.
   *
   * @return the bundled snapshot's plan (a scale-up of its one group), for tests
   */
  static Plan prime(AutoscalerOptions options) {
    ReadView.prime();
    return Autoscaler.runOnce(snapshot(), AutoscalerState.EMPTY, options, AT);
  }

  /** The bundled snapshot, translated as a scan translates a list: its group holds its nodes. */
  static ClusterSnapshot snapshot() {
    JsonNode doc = bundled();
    List<Node> nodes = new ArrayList<>();
    doc.path("nodes").forEach(n -> nodes.add(ModelTranslator.toNode(n)));
    List<Pod> pods = new ArrayList<>();
    doc.path("pods").forEach(p -> pods.add(ModelTranslator.toPod(p)));
    Set<String> members = Set.copyOf(nodes.stream().map(Node::name).toList());
    NodeGroup group =
        new NodeGroup(
            GROUP,
            0,
            members.size() + 2,
            members.size(),
            members,
            Optional.empty(),
            OptionalDouble.empty());
    return new KubernetesSnapshot(nodes, pods, List.of(), List.of(), Map.of(), List.of())
        .toClusterSnapshot(List.of(group));
  }

  private static JsonNode bundled() {
    try (InputStream in = SnapStartPriming.class.getResourceAsStream(SNAPSHOT)) {
      if (in == null) {
        throw new IllegalStateException(SNAPSHOT + ": not packaged next to SnapStartPriming");
      }
      return new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(SNAPSHOT + ": cannot read: " + e.getMessage(), e);
    }
  }
}
