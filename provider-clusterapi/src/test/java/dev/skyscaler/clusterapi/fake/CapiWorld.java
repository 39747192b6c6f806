package dev.skyscaler.clusterapi.fake;

import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.APIGroupBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A management cluster on the mock API server: Cluster API's CRDs installed in one version (with
 * their scale subresource), the API group discovery answering that version as the preferred one, an
 * infrastructure provider's machine template kind ({@code DockerMachineTemplate} in {@code
 * infrastructure.cluster.x-k8s.io/v1beta1}), and helpers to create and read objects as the test
 * (not the adapter) would.
 */
public final class CapiWorld {
  public static final String GROUP = "cluster.x-k8s.io";
  public static final String INFRA_GROUP = "infrastructure.cluster.x-k8s.io";
  public static final String INFRA_VERSION = "v1beta1";
  public static final String TEMPLATE_KIND = "DockerMachineTemplate";
  public static final String NAMESPACE = "capi";
  public static final String CLUSTER = "prod";

  private static final List<String[]> KINDS =
      List.of(
          new String[] {"MachineDeployment", "machinedeployments"},
          new String[] {"MachineSet", "machinesets"},
          new String[] {"MachinePool", "machinepools"},
          new String[] {"Machine", "machines"},
          new String[] {"Cluster", "clusters"});

  private final KubernetesClient admin;
  private final String version;

  /** Cluster API served in {@code version} (v1beta1 or v1beta2) on {@code cluster}. */
  public CapiWorld(MockCluster cluster, String version) {
    this.admin = cluster.admin();
    this.version = version;
    for (String[] k : KINDS) {
      crd(GROUP, version, k[0], k[1], !k[0].equals("Machine") && !k[0].equals("Cluster"));
    }
    crd(INFRA_GROUP, INFRA_VERSION, TEMPLATE_KIND, "dockermachinetemplates", false);
    discovery(cluster, GROUP, version);
    discovery(cluster, INFRA_GROUP, INFRA_VERSION);
  }

  public String version() {
    return version;
  }

  public String apiVersion() {
    return GROUP + "/" + version;
  }

  public KubernetesClient admin() {
    return admin;
  }

  private void crd(String group, String v, String kind, String plural, boolean scalable) {
    CustomResourceDefinitionBuilder b =
        new CustomResourceDefinitionBuilder()
            .withNewMetadata()
            .withName(plural + "." + group)
            .endMetadata()
            .withNewSpec()
            .withGroup(group)
            .withScope("Namespaced")
            .withNewNames()
            .withKind(kind)
            .withPlural(plural)
            .withSingular(kind.toLowerCase(Locale.ROOT))
            .endNames()
            .addNewVersion()
            .withName(v)
            .withServed(true)
            .withStorage(true)
            .withNewSchema()
            .withNewOpenAPIV3Schema()
            .withType("object")
            .withXKubernetesPreserveUnknownFields(true)
            .endOpenAPIV3Schema()
            .endSchema()
            .endVersion()
            .endSpec();
    CustomResourceDefinition crd = b.build();
    if (scalable) {
      crd.getSpec()
          .getVersions()
          .get(0)
          .setSubresources(
              new io.fabric8.kubernetes.api.model.apiextensions.v1
                      .CustomResourceSubresourcesBuilder()
                  .withNewScale()
                  .withSpecReplicasPath(".spec.replicas")
                  .withStatusReplicasPath(".status.replicas")
                  .withLabelSelectorPath(".status.selector")
                  .endScale()
                  .build());
    }
    admin.apiextensions().v1().customResourceDefinitions().resource(crd).create();
  }

  private static void discovery(MockCluster cluster, String group, String v) {
    cluster
        .expect()
        .get()
        .withPath("/apis/" + group)
        .andReturn(
            200,
            new APIGroupBuilder()
                .withName(group)
                .addNewVersion()
                .withGroupVersion(group + "/" + v)
                .withVersion(v)
                .endVersion()
                .withNewPreferredVersion()
                .withGroupVersion(group + "/" + v)
                .withVersion(v)
                .endPreferredVersion()
                .build())
        .always();
  }

  /** The resource of a Cluster API kind in this world's version. */
  public ResourceDefinitionContext context(String kind) {
    for (String[] k : KINDS) {
      if (k[0].equals(kind)) {
        return context(GROUP, version, k[1], kind);
      }
    }
    if (kind.equals(TEMPLATE_KIND)) {
      return context(INFRA_GROUP, INFRA_VERSION, "dockermachinetemplates", kind);
    }
    throw new IllegalArgumentException("not a kind of this world: " + kind);
  }

  private static ResourceDefinitionContext context(
      String group, String v, String plural, String kind) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(v)
        .withPlural(plural)
        .withKind(kind)
        .withNamespaced(true)
        .build();
  }

  /** Creates an object built by {@link CapiObjects}; returns it as stored. */
  public GenericKubernetesResource create(GenericKubernetesResource o) {
    return admin
        .genericKubernetesResources(context(o.getKind()))
        .inNamespace(o.getMetadata().getNamespace())
        .resource(o)
        .create();
  }

  public Optional<GenericKubernetesResource> get(String kind, String namespace, String name) {
    return Optional.ofNullable(
        admin
            .genericKubernetesResources(context(kind))
            .inNamespace(namespace)
            .withName(name)
            .get());
  }

  public List<GenericKubernetesResource> list(String kind) {
    return admin.genericKubernetesResources(context(kind)).inAnyNamespace().list().getItems();
  }

  public GenericKubernetesResource update(GenericKubernetesResource o) {
    return admin
        .genericKubernetesResources(context(o.getKind()))
        .inNamespace(o.getMetadata().getNamespace())
        .resource(o)
        .update();
  }

  /** {@code spec.replicas} of a scalable resource, as stored. */
  public int replicas(String kind, String name) {
    return ((Number)
            CapiObjects.spec(get(kind, NAMESPACE, name).orElseThrow()).getOrDefault("replicas", 0))
        .intValue();
  }
}
