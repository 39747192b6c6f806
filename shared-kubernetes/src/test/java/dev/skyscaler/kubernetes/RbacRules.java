package dev.skyscaler.kubernetes;

import dev.skyscaler.kubernetes.mock.ApiCall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The grants of an RBAC manifest (ClusterRoles, Roles and their bindings), checked as the API
 * server's RBAC authorizer checks a request: verb, API group, resource (with subresource), resource
 * name, and namespace for a Role. Public for the other modules' manifests (the Cluster API
 * provider's management-cluster role).
 */
public record RbacRules(List<Grant> grants, List<Map<?, ?>> bindings) {

  /** Non-resource URLs every authenticated user may get ({@code system:discovery}). */
  static final Set<String> DISCOVERY = Set.of("/api", "/apis", "/version", "/openapi/v2");

  /**
   * One verb on one resource.
   *
   * @param namespace the Role's namespace, null for a ClusterRole
   * @param role {@code ClusterRole skyscaler} or {@code Role kube-system/skyscaler}
   * @param name a resource name the rule is limited to, null for any
   */
  public record Grant(
      String role, String namespace, String group, String resource, String verb, String name) {
    public boolean allows(ApiCall c) {
      return verb.equals(c.verb())
          && group.equals(c.group())
          && resource.equals(c.fullResource())
          && (namespace == null || namespace.equals(c.namespace()))
          && (name == null || name.equals(c.name()));
    }

    @Override
    public String toString() {
      return role
          + ": "
          + verb
          + " "
          + (group.isEmpty() ? "" : group + "/")
          + resource
          + (name == null ? "" : " " + name);
    }
  }

  public static RbacRules read(Path manifest) throws IOException {
    List<Grant> grants = new ArrayList<>();
    List<Map<?, ?>> bindings = new ArrayList<>();
    for (Object doc :
        new Load(LoadSettings.builder().build()).loadAllFromString(Files.readString(manifest))) {
      if (!(doc instanceof Map<?, ?> object)) {
        continue;
      }
      Map<?, ?> meta = (Map<?, ?>) object.get("metadata");
      String kind = (String) object.get("kind");
      if (kind.endsWith("Binding")) {
        bindings.add(object);
        continue;
      }
      String namespace = kind.equals("Role") ? (String) meta.get("namespace") : null;
      String role = kind + " " + (namespace == null ? "" : namespace + "/") + meta.get("name");
      for (Object r : (List<?>) object.get("rules")) {
        Map<?, ?> rule = (Map<?, ?>) r;
        List<?> names = (List<?>) rule.get("resourceNames");
        for (Object group : (List<?>) rule.get("apiGroups")) {
          for (Object resource : (List<?>) rule.get("resources")) {
            for (Object verb : (List<?>) rule.get("verbs")) {
              if (names == null) {
                grants.add(
                    new Grant(
                        role, namespace, (String) group, (String) resource, (String) verb, null));
              } else {
                for (Object name : names) {
                  grants.add(
                      new Grant(
                          role,
                          namespace,
                          (String) group,
                          (String) resource,
                          (String) verb,
                          (String) name));
                }
              }
            }
          }
        }
      }
    }
    return new RbacRules(grants, bindings);
  }

  public boolean allows(ApiCall c) {
    if (!c.isResourceRequest()) {
      return c.method().equals("GET")
          && (DISCOVERY.contains(c.path())
              || c.path().startsWith("/apis/")
              || c.path().startsWith("/api/"));
    }
    return grants.stream().anyMatch(g -> g.allows(c));
  }
}
