package dev.skyscaler.clusterapi.api;

import dev.skyscaler.clusterapi.objects.CapiObjectException;
import dev.skyscaler.clusterapi.objects.InfrastructureRef;
import dev.skyscaler.clusterapi.objects.ObjectRef;
import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.fence.Deadline;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscovery;
import io.fabric8.kubernetes.api.model.ListOptions;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.autoscaling.v1.Scale;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The management cluster's API server, the only class that calls it: discovery of the Cluster API
 * version and of infrastructure template kinds (kept for the gateway's life: served versions change
 * with an upgrade, after which a failed list forgets them), lists of the Cluster API objects page
 * by page, the {@code /scale} subresource (read, then written back with its resourceVersion, so a
 * concurrent change is a conflict and never overwritten), and Machine patches and deletions. Every
 * failure is a {@link KubernetesApiException} naming the operation and the server's answer.
 */
public final class ManagementGateway {
  static final long PAGE_SIZE = 500;

  private final KubernetesConnection management;
  private final KubernetesClient client;
  private final String group;
  private final Optional<String> version;
  private final WriteFence fence;
  private final Discovered discovered;

  /** What discovery found, shared by a gateway and the bounded copies made of it. */
  private static final class Discovered {
    volatile ServedApi served;
    final Map<String, ResourceDefinitionContext> templateKinds = new ConcurrentHashMap<>();
  }

  /**
   * @param group the Cluster API group ({@code CAPI_GROUP})
   * @param version the version to read ({@code CAPI_VERSION}); empty for the preferred one
   */
  public ManagementGateway(
      KubernetesConnection management, String group, Optional<String> version) {
    this(management, group, version, WriteFence.NONE, new Discovered());
  }

  private ManagementGateway(
      KubernetesConnection management,
      String group,
      Optional<String> version,
      WriteFence fence,
      Discovered discovered) {
    this.management = management;
    this.client = management.client();
    this.group = group;
    this.version = version;
    this.fence = fence;
    this.discovered = discovered;
  }

  /**
   * This gateway for one action of a scan: each of its writes is sent only while {@code budget}
   * (what the scan's lease grants the action) lasts, with its timeouts and retries cut to what is
   * left, so that none lands after the lease may have passed to another actor.
   */
  public ManagementGateway within(Duration budget) {
    Deadline deadline = Deadline.after(budget);
    WriteFence bounded =
        new WriteFence() {
          @Override
          public Duration admit(String write) {
            if (deadline.passed()) {
              throw new WriteRefusedException(
                  write + ": the time the lease granted this action (" + budget + ") ran out");
            }
            return deadline.left();
          }

          @Override
          public Duration timeLeft() {
            return deadline.left();
          }
        };
    return new ManagementGateway(management, group, version, bounded, discovered);
  }

  /**
   * The version read and the kinds served there.
   *
   * @throws CapiObjectException when the server does not serve the group or version
   */
  public ServedApi api() {
    ServedApi s = discovered.served;
    if (s != null) {
      return s;
    }
    String v = version.orElseGet(this::preferredVersion);
    APIResourceList list =
        call("discover " + group + "/" + v, () -> client.getApiResources(group + "/" + v));
    if (list == null || list.getResources() == null) {
      throw new CapiObjectException(
          "the management cluster does not serve " + group + "/" + v + " (CAPI_VERSION)");
    }
    Set<String> names = new HashSet<>();
    list.getResources().forEach(r -> names.add(r.getName()));
    if (!names.contains("machines") || !names.contains("machinesets")) {
      throw new CapiObjectException(
          "the management cluster serves no machines and machinesets in " + group + "/" + v);
    }
    s = new ServedApi(group, v, names);
    discovered.served = s;
    return s;
  }

  private String preferredVersion() {
    APIGroup g = call("discover " + group, () -> client.getApiGroup(group));
    if (g == null || g.getPreferredVersion() == null) {
      throw new CapiObjectException(
          "the management cluster serves no "
              + group
              + " API: is Cluster API installed there, and is CAPI_GROUP right?");
    }
    return g.getPreferredVersion().getVersion();
  }

  /**
   * Every object of a Cluster API kind, in the namespaces given (all when empty).
   *
   * @throws KubernetesApiException when a list fails
   */
  public List<GenericKubernetesResource> list(
      String plural, String kind, Optional<Set<String>> namespaces) {
    ServedApi api = api();
    MixedOperation<
            GenericKubernetesResource,
            GenericKubernetesResourceList,
            Resource<GenericKubernetesResource>>
        op = client.genericKubernetesResources(capi(api, plural, kind));
    try {
      if (namespaces.isEmpty()) {
        return pages("list " + plural, o -> op.inAnyNamespace().list(o));
      }
      List<GenericKubernetesResource> all = new ArrayList<>();
      for (String ns : namespaces.get()) {
        all.addAll(pages("list " + plural + " in " + ns, o -> op.inNamespace(ns).list(o)));
      }
      return all;
    } catch (KubernetesApiException e) {
      if (e.code() == 404) {
        discovered.served =
            null; // the version may have gone with an upgrade: discover it again next time
      }
      throw e;
    }
  }

  private static List<GenericKubernetesResource> pages(
      String what, Function<ListOptions, GenericKubernetesResourceList> list) {
    List<GenericKubernetesResource> items = new ArrayList<>();
    String token = null;
    do {
      ListOptionsBuilder b = new ListOptionsBuilder().withLimit(PAGE_SIZE);
      if (token != null) {
        b.withContinue(token);
      }
      ListOptions options = b.build();
      GenericKubernetesResourceList page = call(what, () -> list.apply(options));
      items.addAll(page.getItems());
      token = page.getMetadata() == null ? null : page.getMetadata().getContinue();
    } while (token != null && !token.isEmpty());
    return items;
  }

  /** One Cluster API object; empty when it does not exist. */
  public Optional<GenericKubernetesResource> get(String plural, String kind, ObjectRef ref) {
    return Optional.ofNullable(call("get " + ref, () -> resource(plural, kind, ref).get()));
  }

  /**
   * An infrastructure template, found by its kind's served version when the reference names only
   * the group (v1beta2); empty when it does not exist.
   */
  public Optional<GenericKubernetesResource> template(InfrastructureRef ref, String namespace) {
    ResourceDefinitionContext context =
        discovered.templateKinds.computeIfAbsent(
            ref.group() + "/" + ref.version() + "/" + ref.kind(), k -> templateKind(ref));
    return Optional.ofNullable(
        call(
            "get " + ref.kind() + " " + namespace + "/" + ref.name(),
            () ->
                client
                    .genericKubernetesResources(context)
                    .inNamespace(namespace)
                    .withName(ref.name())
                    .get()));
  }

  private ResourceDefinitionContext templateKind(InfrastructureRef ref) {
    List<String> versions = new ArrayList<>();
    if (!ref.version().isEmpty()) {
      versions.add(ref.version());
    } else {
      APIGroup g = call("discover " + ref.group(), () -> client.getApiGroup(ref.group()));
      if (g == null || g.getVersions() == null) {
        throw new CapiObjectException("the management cluster serves no " + ref.group() + " API");
      }
      if (g.getPreferredVersion() != null) {
        versions.add(g.getPreferredVersion().getVersion());
      }
      g.getVersions().stream()
          .map(GroupVersionForDiscovery::getVersion)
          .filter(v -> !versions.contains(v))
          .forEach(versions::add);
    }
    for (String v : versions) {
      APIResourceList list =
          call(
              "discover " + ref.group() + "/" + v,
              () -> client.getApiResources(ref.group() + "/" + v));
      if (list == null || list.getResources() == null) {
        continue;
      }
      for (APIResource r : list.getResources()) {
        if (ref.kind().equals(r.getKind()) && !r.getName().contains("/")) {
          return context(ref.group(), v, r.getName(), ref.kind());
        }
      }
    }
    if (!ref.version().isEmpty()) {
      // as Cluster Autoscaler does when discovery does not list the kind
      return context(
          ref.group(), ref.version(), ref.kind().toLowerCase(Locale.ROOT) + "s", ref.kind());
    }
    throw new CapiObjectException(
        "no version of " + ref.group() + " serves kind " + ref.kind() + " (" + ref + ")");
  }

  /** The scale subresource of a scalable resource. */
  public Scale scale(String plural, String kind, ObjectRef ref) {
    return call("get " + ref + "/scale", () -> resource(plural, kind, ref).scale());
  }

  /**
   * Writes a scale back (its resourceVersion makes it conditional).
   *
   * @throws KubernetesApiException with code 409 when the object changed since it was read
   */
  public Scale updateScale(String plural, String kind, ObjectRef ref, Scale scale) {
    return written("update " + ref + "/scale", c -> resource(c, plural, kind, ref).scale(scale));
  }

  /** A JSON merge patch of a Machine; empty when it does not exist. */
  public Optional<GenericKubernetesResource> patchMachine(ObjectRef machine, String mergePatch) {
    return patch(machine, PatchType.JSON_MERGE, mergePatch);
  }

  /** A JSON patch (RFC 6902) of a Machine; empty when it does not exist. */
  public Optional<GenericKubernetesResource> jsonPatchMachine(ObjectRef machine, String jsonPatch) {
    return patch(machine, PatchType.JSON, jsonPatch);
  }

  private Optional<GenericKubernetesResource> patch(
      ObjectRef machine, PatchType type, String body) {
    return written("patch " + machine, c -> patch(c, machine, type, body));
  }

  private Optional<GenericKubernetesResource> patch(
      KubernetesClient c, ObjectRef machine, PatchType type, String body) {
    try {
      // patched through an item, so that the client sends the patch without reading first
      GenericKubernetesResource item = new GenericKubernetesResource();
      item.setApiVersion(api().apiVersion());
      item.setKind("Machine");
      item.setMetadata(
          new ObjectMetaBuilder()
              .withNamespace(machine.namespace())
              .withName(machine.name())
              .build());
      return Optional.of(
          c.genericKubernetesResources(capi(api(), "machines", "Machine"))
              .inNamespace(machine.namespace())
              .resource(item)
              .patch(PatchContext.of(type), body));
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return Optional.empty();
      }
      throw KubernetesApiException.of("patch " + machine, e);
    }
  }

  /** Deletes a Machine; false when it was already gone. */
  public boolean deleteMachine(ObjectRef machine) {
    var deleted =
        written("delete " + machine, c -> resource(c, "machines", "Machine", machine).delete());
    return deleted != null && !deleted.isEmpty();
  }

  private Resource<GenericKubernetesResource> resource(String plural, String kind, ObjectRef ref) {
    return resource(client, plural, kind, ref);
  }

  private Resource<GenericKubernetesResource> resource(
      KubernetesClient c, String plural, String kind, ObjectRef ref) {
    return c.genericKubernetesResources(capi(api(), plural, kind))
        .inNamespace(ref.namespace())
        .withName(ref.name());
  }

  private static ResourceDefinitionContext capi(ServedApi api, String plural, String kind) {
    return context(api.group(), api.version(), plural, kind);
  }

  private static ResourceDefinitionContext context(
      String group, String version, String plural, String kind) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withPlural(plural)
        .withKind(kind)
        .withNamespaced(true)
        .build();
  }

  /** A write, sent only as the gateway's fence admits it ({@link KubernetesConnection#write}). */
  private <T> T written(String what, Function<KubernetesClient, T> call) {
    try {
      return management.write(fence, what, call);
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of(what, e);
    }
  }

  private static <T> T call(String what, Supplier<T> call) {
    try {
      return call.get();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of(what, e);
    }
  }
}
