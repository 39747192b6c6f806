package dev.skyscaler.kubernetes.mock;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One request the adapter sent, with the attributes Kubernetes RBAC authorises on: verb, API group,
 * resource, subresource, namespace, name (as the API server's request-info resolver derives them
 * from the method and path).
 *
 * @param group {@code ""} for the core group
 * @param resource empty for a non-resource URL such as {@code /apis/autoscaling.x-k8s.io}
 * @param agent the {@code User-Agent} the request came with; empty when unknown
 */
public record ApiCall(
    String method,
    String path,
    Map<String, String> query,
    String verb,
    String group,
    String resource,
    String subresource,
    String namespace,
    String name,
    String body,
    String agent) {

  /** The RBAC attributes of {@code method path?query}. */
  public static ApiCall of(String method, String pathAndQuery, String body) {
    return of(method, pathAndQuery, body, "");
  }

  /** {@link #of(String, String, String)} of a request sent with this {@code User-Agent}. */
  public static ApiCall of(String method, String pathAndQuery, String body, String agent) {
    int q = pathAndQuery.indexOf('?');
    String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
    Map<String, String> query = q < 0 ? Map.of() : query(pathAndQuery.substring(q + 1));
    List<String> parts = List.of(path.replaceAll("^/+", "").split("/"));
    String group;
    int rest;
    if (parts.get(0).equals("api") && parts.size() >= 2) {
      group = "";
      rest = 2;
    } else if (parts.get(0).equals("apis") && parts.size() >= 3) {
      group = parts.get(1);
      rest = 3;
    } else {
      return new ApiCall(
          method, path, query, method.toLowerCase(), "", "", "", "", "", body, agent);
    }
    List<String> r = parts.subList(rest, parts.size());
    String namespace = "";
    if (r.size() >= 2 && r.get(0).equals("namespaces") && r.size() > 2) {
      namespace = r.get(1);
      r = r.subList(2, r.size());
    }
    if (r.isEmpty()) {
      return new ApiCall(
          method, path, query, method.toLowerCase(), group, "", "", "", "", body, agent);
    }
    String resource = r.get(0);
    String name = r.size() > 1 ? r.get(1) : "";
    String sub = r.size() > 2 ? r.get(2) : "";
    return new ApiCall(
        method,
        path,
        query,
        verb(method, name, query),
        group,
        resource,
        sub,
        namespace,
        name,
        body,
        agent);
  }

  private static String verb(String method, String name, Map<String, String> query) {
    return switch (method) {
      case "GET" -> "true".equals(query.get("watch")) ? "watch" : name.isEmpty() ? "list" : "get";
      case "POST" -> "create";
      case "PUT" -> "update";
      case "PATCH" -> "patch";
      case "DELETE" -> name.isEmpty() ? "deletecollection" : "delete";
      default -> method.toLowerCase();
    };
  }

  private static Map<String, String> query(String q) {
    Map<String, String> result = new LinkedHashMap<>();
    for (String pair : q.split("&")) {
      int eq = pair.indexOf('=');
      String k = eq < 0 ? pair : pair.substring(0, eq);
      String v = eq < 0 ? "" : pair.substring(eq + 1);
      result.put(
          URLDecoder.decode(k, StandardCharsets.UTF_8),
          URLDecoder.decode(v, StandardCharsets.UTF_8));
    }
    return result;
  }

  /** {@code resource/subresource}, as RBAC rules name it. */
  public String fullResource() {
    return subresource.isEmpty() ? resource : resource + "/" + subresource;
  }

  public boolean isResourceRequest() {
    return !resource.isEmpty();
  }

  /** True for a request that changes something: not a get, list or watch. */
  public boolean isWrite() {
    return !verb.equals("get") && !verb.equals("list") && !verb.equals("watch");
  }

  /**
   * The actor a {@code skyscaler/<actor>} user agent names; empty for a plain {@code skyscaler}.
   */
  public String actor() {
    int slash = agent.indexOf('/');
    return slash < 0 ? "" : agent.substring(slash + 1);
  }

  @Override
  public String toString() {
    return verb
        + " "
        + (group.isEmpty() ? "" : group + "/")
        + fullResource()
        + (namespace.isEmpty() ? "" : " in " + namespace)
        + (name.isEmpty() ? "" : " " + name)
        + " ("
        + method
        + " "
        + path
        + ")";
  }
}
