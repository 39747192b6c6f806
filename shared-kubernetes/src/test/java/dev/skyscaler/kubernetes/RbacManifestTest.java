package dev.skyscaler.kubernetes;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.actuation.CaTaints;
import dev.skyscaler.kubernetes.actuation.KubernetesActuator;
import dev.skyscaler.kubernetes.events.EventRecorder;
import dev.skyscaler.kubernetes.events.EventRecorder.EventOptions;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.mock.RequestLog;
import dev.skyscaler.kubernetes.shadow.CaActivity;
import dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck;
import dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck.CheckOptions;
import dev.skyscaler.kubernetes.shadow.ShadowOptions;
import dev.skyscaler.kubernetes.state.HeldLease;
import dev.skyscaler.kubernetes.state.JsonStateCodec;
import dev.skyscaler.kubernetes.state.ScanLease;
import dev.skyscaler.kubernetes.state.ScanLease.Acquired;
import dev.skyscaler.kubernetes.state.ScanLease.LeaseOptions;
import dev.skyscaler.kubernetes.state.StateStore;
import dev.skyscaler.kubernetes.state.StateStore.StatePruning;
import dev.skyscaler.kubernetes.state.StateStore.StoreOptions;
import dev.skyscaler.kubernetes.status.StatusReport;
import dev.skyscaler.kubernetes.status.StatusReport.StatusInputs;
import dev.skyscaler.kubernetes.status.StatusWriter;
import dev.skyscaler.kubernetes.status.StatusWriter.StatusOptions;
import io.fabric8.kubernetes.api.model.APIGroupBuilder;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The RBAC manifest ({@code infra/kubernetes/rbac.yaml}) grants exactly what the adapter uses.
 * Every request the adapter made during the whole test run (recorded by the mock API server, this
 * class runs last) must be granted; and every verb granted must be used, by the run or by a tour of
 * every adapter operation that this class makes itself (so it also holds when run alone).
 */
@Order(Integer.MAX_VALUE)
class RbacManifestTest {
  static final Path MANIFEST = Path.of("..", "infra", "kubernetes", "rbac.yaml");
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  @RegisterExtension final MockCluster cluster = new MockCluster();

  /**
   * CaObjectPlacesTest's {@code --namespace} and {@code --status-config-map-name}: the Role of the
   * manifest is applied in CA's namespace and names CA's status ConfigMap, so requests there are
   * granted by the same Role moved there and renamed.
   */
  static final String MOVED_NAMESPACE = "autoscaling";

  static final String MOVED_STATUS = "ca-status";

  static RbacRules rules;
  static RbacRules movedRules;
  static List<ApiCall> tourCalls;

  @BeforeAll
  static void readManifest() throws Exception {
    rules = RbacRules.read(MANIFEST);
    Path moved = Files.createTempFile("rbac-", ".yaml");
    Files.writeString(
        moved,
        Files.readString(MANIFEST)
            .replace("namespace: kube-system", "namespace: " + MOVED_NAMESPACE)
            .replace("cluster-autoscaler-status", MOVED_STATUS));
    movedRules = RbacRules.read(moved);
    Files.delete(moved);
  }

  @Test
  void everyRequestTheAdapterMadeInThisRunIsGranted() {
    List<ApiCall> calls = new ArrayList<>(RequestLog.all());
    calls.addAll(tourCalls());

    assertThat(calls).hasSizeGreaterThan(30);
    assertThat(
            calls.stream()
                .filter(c -> !rules.allows(c) && !movedRules.allows(c))
                .map(ApiCall::toString)
                .distinct())
        .as("requests the manifest does not grant")
        .isEmpty();
  }

  @Test
  void everyGrantedVerbIsUsed() {
    List<ApiCall> calls = new ArrayList<>(RequestLog.all());
    calls.addAll(tourCalls());

    assertThat(
            rules.grants().stream()
                .filter(g -> calls.stream().noneMatch(g::allows))
                .map(RbacRules.Grant::toString))
        .as("grants no request used")
        .isEmpty();
  }

  @Test
  void theRolesAreBoundToTheSkyscalerGroup() {
    assertThat(rules.bindings())
        .extracting(b -> ((Map<?, ?>) b.get("roleRef")).get("kind") + " " + b.get("subjects"))
        .containsExactlyInAnyOrder(
            "ClusterRole [{apiGroup=rbac.authorization.k8s.io, kind=Group, name=skyscaler}]",
            "Role [{apiGroup=rbac.authorization.k8s.io, kind=Group, name=skyscaler}]");
  }

  private List<ApiCall> tourCalls() {
    if (tourCalls == null) {
      tourCalls = tour();
    }
    return tourCalls;
  }

  /** One scan's worth of every adapter operation; returns the requests it made. */
  private List<ApiCall> tour() {
    arrangeCluster();
    MutableClock clock = new MutableClock(NOW);
    KubernetesConnection connection = cluster.connect();

    HeldLease lease =
        ((Acquired) new ScanLease(connection, LeaseOptions.DEFAULTS, "tour", clock).tryAcquire())
            .lease();
    StateStore<AutoscalerState> store =
        new StateStore<>(
            connection,
            new JsonStateCodec<>(AutoscalerState.class, AutoscalerState.EMPTY),
            AutoscalerState.EMPTY,
            StatePruning.none(),
            new StoreOptions("kube-system", "skyscaler-state"),
            lease);
    var stored = store.load();
    LiveSnapshotReader.ScanRead read =
        new LiveSnapshotReader(connection, ReadOptions.DEFAULTS).readForScan();
    ClusterView view = ClusterView.watching(clock);
    view.read(connection, ReadOptions.DEFAULTS); // lists
    view.read(connection, ReadOptions.DEFAULTS); // watches, from the lists' versions
    view.suspend();
    EventTargets targets = EventTargets.of(read.nodeUids(), read.snapshot().pods());
    KubernetesActuator actuator =
        new KubernetesActuator(
            connection, new EventRecorder(connection, EventOptions.DEFAULTS, clock, lease), lease);
    List<Action> actions =
        List.of(
            new TaintNode("n1", CaTaints.toBeDeleted(NOW)),
            new CordonNode("n1"),
            new EvictPod("default/web-1", "n1", 600),
            new UncordonNode("n1"),
            new RemoveTaint("n1", CaTaints.TO_BE_DELETED),
            new RecordEvent("Node", "n1", "ScaleDown", "marked for removal", false));
    actuator.carryOut(actions, targets);
    clock.advance(Duration.ofMinutes(11));
    lease.renew(); // the lease ran out by the clock: renewed, it is held again
    actuator.carryOut(List.of(actions.get(5)), targets); // patches the event
    var snapshot = read.snapshot().toClusterSnapshot(List.of());
    Plan plan = Plan.scaleUpOnly(List.of(), List.of(), List.of(), List.of(), AutoscalerState.EMPTY);
    StatusWriter status = new StatusWriter(connection, StatusOptions.DEFAULTS, lease);
    status.write(StatusReport.build(snapshot, plan, StatusInputs.DEFAULTS, NOW), NOW);
    status.write(
        StatusReport.build(snapshot, plan, StatusInputs.DEFAULTS, NOW.plusSeconds(600)),
        NOW.plusSeconds(600));
    store.save(AutoscalerState.EMPTY, stored, Set.of("n1"));
    // living next to CA: look for it, read its events, write the own status and shadow state
    new OtherAutoscalerCheck(connection, CheckOptions.DEFAULTS).find(NOW);
    CaActivity.read(connection, "kube-system", "cluster-autoscaler-status", NOW, NOW);
    StatusWriter own = new StatusWriter(connection, ShadowOptions.DEFAULTS.ownStatus(), lease);
    own.write(StatusReport.build(snapshot, plan, StatusInputs.DEFAULTS, NOW), NOW);
    own.write(
        StatusReport.build(snapshot, plan, StatusInputs.DEFAULTS, NOW.plusSeconds(600)),
        NOW.plusSeconds(600));
    StateStore<AutoscalerState> shadow =
        new StateStore<>(
            connection,
            new JsonStateCodec<>(AutoscalerState.class, AutoscalerState.EMPTY),
            AutoscalerState.EMPTY,
            StatePruning.none(),
            ShadowOptions.DEFAULTS.shadowState(),
            lease);
    shadow.save(AutoscalerState.EMPTY, shadow.load(), Set.of("n1"));
    lease.close();
    return cluster.calls();
  }

  private void arrangeCluster() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.admin().pods().resource(pod("default", "web-1", "n1", "web")).create();
    cluster
        .admin()
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withName("skyscaler-state")
                .endMetadata()
                .withData(Map.of("state.json", "written by hand"))
                .build())
        .create();
    cluster
        .admin()
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withName("skyscaler-shadow-state")
                .endMetadata()
                .withData(Map.of("state.json", "written by hand"))
                .build())
        .create();
    cluster
        .expect()
        .post()
        .withPath("/api/v1/namespaces/default/pods/web-1/eviction")
        .andReturn(201, "{}")
        .always();
    cluster
        .expect()
        .get()
        .withPath("/apis/autoscaling.x-k8s.io")
        .andReturn(
            200,
            new APIGroupBuilder()
                .withName("autoscaling.x-k8s.io")
                .addNewVersion()
                .withGroupVersion("autoscaling.x-k8s.io/v1")
                .withVersion("v1")
                .endVersion()
                .build())
        .always();
    cluster
        .admin()
        .genericKubernetesResources(
            new io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext.Builder()
                .withGroup("autoscaling.x-k8s.io")
                .withVersion("v1")
                .withKind("CapacityBuffer")
                .withPlural("capacitybuffers")
                .withNamespaced(true)
                .build())
        .resource(capacityBuffer())
        .create();
  }

  private static io.fabric8.kubernetes.api.model.GenericKubernetesResource capacityBuffer() {
    var buffer = new io.fabric8.kubernetes.api.model.GenericKubernetesResource();
    buffer.setApiVersion("autoscaling.x-k8s.io/v1");
    buffer.setKind("CapacityBuffer");
    buffer.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withNamespace("default")
            .withName("spare")
            .build());
    buffer.setAdditionalProperty(
        "spec", Map.of("podTemplateRef", Map.of("name", "chunk"), "replicas", 1));
    return buffer;
  }
}
