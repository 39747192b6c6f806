package dev.skyscaler.magnum;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.magnum.config.CloudConfig;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.fake.FakeMagnumWorld;
import dev.skyscaler.magnum.fake.FakeMagnumWorld.Cluster;
import dev.skyscaler.magnum.fake.FakeOpenStack;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The writes each action sends to the local OpenStack, and when it sends none: cluster {@code k8s},
 * group {@code workers} (1..4) with servers {@code k8s-workers-1} and {@code -2}.
 */
class MagnumActionsTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  final FakeOpenStack openstack = FakeOpenStack.start();
  final FakeMagnumWorld world = openstack.world();
  final Cluster k8s = world.cluster("k8s");
  final FakeMagnumWorld.Group workers = world.group(k8s, "workers", "worker", 1, 4, 2);

  @AfterEach
  void stop() {
    openstack.close();
  }

  /**
   * A row: the arrangement, the action (given the first server's id), the outcome and the writes.
   */
  record Case(
      String name,
      Consumer<Cluster> arrange,
      BiFunction<String, String, Action> action,
      Status status,
      String message,
      List<String> writes) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "a scale-up resizes the group by its uuid",
            c -> {},
            (id, group) -> new SetTargetSize("workers", 2, 3, "pending pods"),
            Status.DONE,
            "resized workers of Magnum cluster k8s to 3",
            List.of("POST resize {\"node_count\":3,\"nodegroup\":\"GROUP\"}")),
        new Case(
            "removing a node names exactly its server in nodes_to_remove",
            c -> {},
            (id, group) ->
                new DeleteInstance(
                    "workers", "k8s-workers-1", "openstack:///" + id, true, "unneeded"),
            Status.DONE,
            "resized workers to 1 removing server SERVER (k8s-workers-1)",
            List.of(
                "POST resize {\"node_count\":1,\"nodegroup\":\"GROUP\",\"nodes_to_remove\":[\"SERVER\"]}")),
        new Case(
            "no node is removed while an update is in progress, as it could be counted twice",
            c -> c.status = "UPDATE_IN_PROGRESS",
            (id, group) ->
                new DeleteInstance(
                    "workers", "k8s-workers-1", "openstack:///" + id, true, "unneeded"),
            Status.RETRY,
            "not removing node k8s-workers-1 (openstack:///SERVER) yet: Magnum cluster k8s is"
                + " UPDATE_IN_PROGRESS, and a resize now could count a server twice",
            List.of()),
        new Case(
            "a cluster being created is not resized",
            c -> c.status = "CREATE_IN_PROGRESS",
            (id, group) -> new SetTargetSize("workers", 2, 3, "pending pods"),
            Status.RETRY,
            "Magnum cluster k8s is CREATE_IN_PROGRESS; Magnum resizes only a cluster that is"
                + " *_COMPLETE, UPDATE_IN_PROGRESS or UPDATE_FAILED",
            List.of()),
        new Case(
            "a driver that ignores nodes_to_remove is not asked to remove a chosen node",
            c -> c.templateLabels.put("capi_helm_chart_version", "0.16.0"),
            (id, group) ->
                new DeleteInstance(
                    "workers", "k8s-workers-1", "openstack:///" + id, true, "unneeded"),
            Status.FAILED,
            "refused to remove node k8s-workers-1 (openstack:///SERVER): the driver of Magnum"
                + " cluster k8s ignores nodes_to_remove and could remove another node",
            List.of()),
        new Case(
            "lowering the count below the servers it has is refused: they leave only by name",
            c -> {},
            (id, group) -> new SetTargetSize("workers", 2, 1, "shrink"),
            Status.FAILED,
            "refused to lower workers node count to 1: it has 2 servers, which leave only by naming"
                + " them in nodes_to_remove",
            List.of()),
        new Case(
            "a server a failed resize never made is given up by lowering the count",
            c -> {
              c.status = "UPDATE_FAILED";
              c.groups.get(0).nodeCount = 3;
            },
            (id, group) ->
                new DeleteInstance(
                    "workers", "", "magnum:///" + group + "/failed-0", true, "failed scale-up"),
            Status.DONE,
            "lowered workers to 2: a server it failed to make",
            List.of("POST resize {\"node_count\":2,\"nodegroup\":\"GROUP\"}")),
        new Case(
            "a restart is a hard reboot of the server",
            c -> {},
            (id, group) ->
                new RepairInstance(
                    "workers", "k8s-workers-1", "openstack:///" + id, RepairInstance.Level.RESTART),
            Status.DONE,
            "rebooted server SERVER of workers",
            List.of("POST /compute/v2.1/servers/SERVER/action {\"reboot\":{\"type\":\"HARD\"}}")),
        new Case(
            "a replacement deletes the server and leaves the count to Magnum",
            c -> {},
            (id, group) ->
                new DeleteInstance(
                    "workers", "k8s-workers-1", "openstack:///" + id, false, "interrupted"),
            Status.DONE,
            "deleted server SERVER (k8s-workers-1) of workers: Magnum replaces it",
            List.of("DELETE /compute/v2.1/servers/SERVER")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void eachActionSendsItsWrites(Case c) {
    c.arrange().accept(k8s);
    String server = world.servers(workers).get(0).id();

    Outcome o = provider().apply(c.action().apply(server, workers.uuid));

    assertThat(o.status()).isEqualTo(c.status());
    assertThat(o.message()).isEqualTo(c.message().replace("SERVER", server));
    assertThat(writes())
        .isEqualTo(
            c.writes().stream()
                .map(w -> w.replace("SERVER", server).replace("GROUP", workers.uuid))
                .toList());
  }

  @Test
  void nothingIsSentOnceTheTimeTheLeaseGrantedTheActionHasRunOut() {
    MagnumNodeGroupProvider provider = provider();
    openstack.clearRequests();

    Outcome o = provider.apply(new SetTargetSize("workers", 2, 3, "pending pods"), Duration.ZERO);

    assertThat(o)
        .isEqualTo(
            new Outcome(
                Status.RETRY,
                "authenticate to Keystone at 127.0.0.1 with application credential "
                    + FakeOpenStack.APP_CRED_ID
                    + ": not sent: the time the lease granted this action (PT0S) ran out"));
    assertThat(openstack.requests()).isEmpty();
  }

  @Test
  void aConflictFromMagnumIsARetry() {
    openstack.fail("POST", "/container-infra/v1/clusters/" + k8s.uuid + "/actions/resize", 409);

    Outcome o =
        provider()
            .apply(new SetTargetSize("workers", 2, 3, "pending pods"), Duration.ofSeconds(20));

    assertThat(o)
        .isEqualTo(
            new Outcome(
                Status.RETRY,
                "resize node group workers of Magnum cluster k8s to 3: 409: injected fault"));
    assertThat(workers.nodeCount).isEqualTo(2);
  }

  private List<String> writes() {
    return openstack.requests().stream()
        .filter(r -> !r.method().equals("GET") && !r.path().endsWith("/auth/tokens"))
        .map(
            r ->
                r.method()
                    + " "
                    + (r.path().endsWith("/actions/resize") ? "resize" : r.path())
                    + (r.body().isEmpty() ? "" : " " + r.body()))
        .toList();
  }

  private MagnumNodeGroupProvider provider() {
    return MagnumNodeGroupProvider.connect(
        MagnumOptions.parse(
            "k8s",
            List.of(),
            List.of(),
            CloudConfig.parse(openstack.cloudConfig(), "cloud-config")),
        Clock.fixed(NOW, ZoneOffset.UTC));
  }
}
