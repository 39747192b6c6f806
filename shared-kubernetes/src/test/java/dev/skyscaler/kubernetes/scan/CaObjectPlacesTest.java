package dev.skyscaler.kubernetes.scan;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.scaleup.expander.PriorityExpander;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * CA's {@code --namespace} and {@code --status-config-map-name} move every object a scan reads or
 * writes: the status ConfigMap, the state ConfigMap, the scan Lease and the priority expander's
 * ConfigMap; nothing is left in kube-system.
 */
class CaObjectPlacesTest {
  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(ScanCycleTest.T0);
  final InMemoryProvider cloud = new InMemoryProvider();

  @Test
  void aScanWithNamespaceAndStatusConfigMapNameKeepsEveryObjectThere() {
    var admin = cluster.admin();
    admin.nodes().resource(node("n1")).create();
    for (int i = 0; i < 110; i++) {
      admin.pods().inNamespace("default").resource(pod("default", "p" + i, "n1", "web")).create();
    }
    admin.pods().inNamespace("default").resource(pod("default", "new", null, "web")).create();
    admin
        .configMaps()
        .inNamespace("autoscaling")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("cluster-autoscaler-priority-expander")
                .withNamespace("autoscaling")
                .endMetadata()
                .addToData("priorities", "10:\n  - ng1\n")
                .build())
        .create();
    var options =
        OptionsParser.parse(
            Map.of(
                "namespace", List.of("autoscaling"),
                "status-config-map-name", List.of("ca-status"),
                "expander", List.of("priority")));

    var report =
        (ScanReport.Completed)
            new ScanCycle(
                    cluster.connect(),
                    cloud,
                    ScanSettings.defaults(options),
                    clock,
                    "test/1",
                    clock::advance)
                .run();

    assertThat(report.plan().scaleUps())
        .singleElement()
        .satisfies(s -> assertThat(s.nodeGroup()).isEqualTo("ng1"));
    assertThat(report.plan().warnings()).doesNotContain(PriorityExpander.NO_TABLE);
    assertThat(configMap("autoscaling", "ca-status").getData().get("status"))
        .contains("autoscalerStatus: \"Running\"");
    assertThat(configMap("autoscaling", "skyscaler-state")).isNotNull();
    assertThat(admin.leases().inNamespace("autoscaling").withName("skyscaler").get()).isNotNull();
    assertThat(admin.configMaps().inNamespace("kube-system").list().getItems()).isEmpty();
    assertThat(admin.leases().inNamespace("kube-system").list().getItems()).isEmpty();
  }

  ConfigMap configMap(String namespace, String name) {
    return cluster.admin().configMaps().inNamespace(namespace).withName(name).get();
  }
}
