package dev.skyscaler.clusterapi.discovery;

import dev.skyscaler.clusterapi.fake.CapiWorld;
import dev.skyscaler.clusterapi.objects.CapiNames;
import dev.skyscaler.clusterapi.objects.CapiObjects;
import dev.skyscaler.clusterapi.objects.CapiObjects.TemplateKey;
import dev.skyscaler.clusterapi.objects.CapiObjectsBuilder;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Resources;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Cluster API objects read as a discovery reads them, and workload nodes, for table tests. */
final class Objects {
  static final String V1BETA1 = "cluster.x-k8s.io/v1beta1";
  static final String V1BETA2 = "cluster.x-k8s.io/v1beta2";

  private Objects() {}

  /** The objects, infrastructure templates among them found where their name says. */
  static CapiObjects read(List<GenericKubernetesResource> objects) {
    CapiObjectsBuilder b = new CapiObjectsBuilder(CapiNames.defaults(), true);
    for (GenericKubernetesResource o : objects) {
      if (o.getKind().equals(CapiWorld.TEMPLATE_KIND)) {
        b.addTemplate(
            new TemplateKey(
                o.getMetadata().getNamespace(),
                CapiWorld.INFRA_GROUP,
                o.getKind(),
                o.getMetadata().getName()),
            o,
            "");
      } else {
        b.add(o, "");
      }
    }
    return b.build();
  }

  /** A ready 4-CPU node with a provider ID and optional annotations. */
  static Node node(String name, String providerId, Map<String, String> annotations) {
    Resources r = Resources.of(4000, 16L << 30).withPods(110);
    return new Node(
        name,
        Map.of("kubernetes.io/hostname", name),
        annotations,
        List.of(),
        r,
        r,
        false,
        true,
        providerId,
        Instant.parse("2025-01-31T10:00:00Z"),
        List.of());
  }

  static Node node(String name, String providerId) {
    return node(name, providerId, Map.of());
  }
}
