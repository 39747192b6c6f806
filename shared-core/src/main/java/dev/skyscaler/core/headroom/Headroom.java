package dev.skyscaler.core.headroom;

import dev.skyscaler.core.config.HeadroomSpec;
import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Headroom and capacity buffers as virtual pods: pending, unschedulable placeholder pods that
 * scale-up treats like any other pending pod, so the spare capacity exists before real pods need
 * it. They are never created in the cluster and never evicted: {@link #isVirtual} tells them apart,
 * and actuators must skip any action naming one.
 *
 * <p>Headroom pods ({@link HeadroomSpec}) are owned by kind {@value #OWNER_KIND}, live in namespace
 * {@value #NAMESPACE} and carry the priority they are given (the lowest that is not expendable
 * keeps them behind every real pod). Buffer pods copy the buffer's pod template, are named {@code
 * capacity-buffer-<buffer>-<i>} and owned by kind {@code CapacityBuffer}, as in Cluster Autoscaler.
 * Pods for one node group select it through {@link #GROUP_LABEL}, which {@link
 * HeadroomViews#forScaleUp} puts on that group's nodes and template.
 */
public final class Headroom {
  public static final String OWNER_KIND = "Headroom";
  public static final String BUFFER_OWNER_KIND = "CapacityBuffer";
  public static final String NAMESPACE = "skyscaler-headroom";

  /** Marks a virtual pod; the value is {@code headroom} or {@code capacity-buffer}. */
  public static final String VIRTUAL_ANNOTATION = "skyscaler.dev/virtual-pod";

  /**
   * What a virtual pod keeps room for, in messages: {@code headroom cpu=1,count=2} or {@code
   * CapacityBuffer team-a/web}.
   */
  public static final String SOURCE_ANNOTATION = "skyscaler.dev/virtual-pod-source";

  /** Cluster Autoscaler's mark on buffer pods. */
  public static final String CA_FAKE_POD_ANNOTATION = "podType";

  /** Selects a node group's nodes in the simulation views (never written to real nodes). */
  public static final String GROUP_LABEL = "skyscaler.dev/node-group";

  private Headroom() {}

  /**
   * The virtual pods for the headroom specs and capacity buffers, in the order given.
   *
   * @param priority the priority of headroom pods; pass {@code --expendable-pods-priority-cutoff}
   *     so they are the last pods helped but still helped
   */
  public static HeadroomPods virtualPods(
      ClusterSnapshot snapshot,
      List<HeadroomSpec> specs,
      List<CapacityBuffer> buffers,
      int priority) {
    Set<String> groups =
        snapshot.nodeGroups().stream().map(NodeGroup::name).collect(Collectors.toSet());
    List<Pod> pods = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      HeadroomSpec spec = specs.get(i);
      if (spec.nodeGroup().isPresent() && !groups.contains(spec.nodeGroup().get())) {
        warnings.add(
            "headroom " + spec + ": no node group " + spec.nodeGroup().get() + "; not kept");
        continue;
      }
      pods.addAll(headroomPods(snapshot, spec, i, priority));
    }
    for (CapacityBuffer b : buffers) {
      bufferPods(b, pods, warnings);
    }
    return new HeadroomPods(pods, warnings);
  }

  /** True for the placeholder pods of headroom and capacity buffers. */
  public static boolean isVirtual(Pod p) {
    return p.annotations().containsKey(VIRTUAL_ANNOTATION);
  }

  private static List<Pod> headroomPods(
      ClusterSnapshot snapshot, HeadroomSpec spec, int index, int priority) {
    String owner = spec.scope() + "-" + index;
    Pod.Builder b =
        Pod.builder(NAMESPACE, "headroom-" + owner)
            .owner(new OwnerReference(OWNER_KIND, owner, "headroom-" + owner))
            .requests(spec.perUnit())
            .priority(priority)
            .annotation(VIRTUAL_ANNOTATION, "headroom")
            .annotation(SOURCE_ANNOTATION, "headroom " + spec)
            .label("skyscaler.dev/headroom", spec.scope());
    spec.nodeGroup()
        .ifPresent(
            g ->
                b.nodeSelector(Map.of(GROUP_LABEL, g))
                    .tolerations(GroupTaints.tolerationsFor(snapshot, g)));
    List<Pod> pods = new ArrayList<>(spec.count());
    for (int i = 0; i < spec.count(); i++) {
      pods.add(pending(b.name("headroom-" + owner + "-" + i).uid("headroom-" + owner + "-" + i)));
    }
    return pods;
  }

  private static void bufferPods(CapacityBuffer b, List<Pod> pods, List<String> warnings) {
    String who = "CapacityBuffer " + b.key();
    BufferChunks.Count chunks = BufferChunks.of(b);
    if (chunks.problem() != null) {
      warnings.add(who + ": " + chunks.problem());
      return;
    }
    String uid = b.uid().isEmpty() ? "capacity-buffer-" + b.key() : b.uid();
    Pod.Builder builder =
        b.podTemplate().get().toBuilder()
            .namespace(b.namespace())
            .owner(new OwnerReference(BUFFER_OWNER_KIND, b.name(), uid))
            .annotation(VIRTUAL_ANNOTATION, "capacity-buffer")
            .annotation(SOURCE_ANNOTATION, who)
            .annotation(CA_FAKE_POD_ANNOTATION, "capacityBufferFakePod");
    for (int i = 1; i <= chunks.count(); i++) {
      String name = "capacity-buffer-" + b.name() + "-" + i;
      pods.add(pending(builder.name(name).uid(uid + "-" + i)));
    }
  }

  private static Pod pending(Pod.Builder b) {
    return b.nodeName(null)
        .nominatedNodeName(null)
        .phase(PodPhase.PENDING)
        .unschedulable(true)
        .deletionTime(null)
        .creationTime(Instant.EPOCH)
        .build();
  }
}
