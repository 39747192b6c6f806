package dev.skyscaler.magnum.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.magnum.http.OpenStackApiException;
import dev.skyscaler.magnum.http.OpenStackHttp;
import dev.skyscaler.magnum.http.OpenStackHttp.Answer;
import dev.skyscaler.magnum.keystone.KeystoneGateway;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Magnum API ({@code container-infra}), the only class that calls it, always with {@code
 * OpenStack-API-Version: container-infra }{@value #MICROVERSION} (node groups need 1.9, groups of
 * size zero 1.10): a cluster by name or UUID, its template's labels, its node groups (the list,
 * page by page up to {@value #MAX_GROUPS}, then each one, as the list omits the bounds), and the
 * resize action.
 */
public final class MagnumGateway {
  public static final String MICROVERSION = "1.10";
  static final int MAX_GROUPS = 1_000;

  private final ServiceClient magnum;
  private final KeystoneGateway keystone;
  private final OpenStackHttp http;

  public MagnumGateway(KeystoneGateway keystone, OpenStackHttp http) {
    this.keystone = keystone;
    this.http = http;
    this.magnum =
        new ServiceClient(
            keystone,
            http,
            "container-infra",
            Map.of("OpenStack-API-Version", "container-infra " + MICROVERSION));
  }

  /** This gateway for one action: every call (a new token included) ends within the budget. */
  public MagnumGateway within(java.time.Duration budget) {
    return new MagnumGateway(keystone.within(budget), http.within(budget));
  }

  /** The cluster named or identified by {@code ident}; empty when Magnum has none. */
  public Optional<MagnumCluster> cluster(String ident) {
    String what = "get Magnum cluster " + ident;
    Answer a = magnum.send(what, "GET", v1("/clusters/" + enc(ident)), null);
    if (a.status() == 404) {
      return Optional.empty();
    }
    ok(what, a, 200);
    JsonNode c = a.body();
    return Optional.of(
        new MagnumCluster(
            c.path("uuid").asText(),
            c.path("name").asText(),
            c.path("status").asText(""),
            c.path("status_reason").asText(""),
            c.path("cluster_template_id").asText(""),
            strings(c.path("labels"))));
  }

  /** The labels of a cluster template; empty when it is gone. */
  public Map<String, String> templateLabels(String templateId) {
    String what = "get Magnum cluster template " + templateId;
    Answer a = magnum.send(what, "GET", v1("/clustertemplates/" + enc(templateId)), null);
    if (a.status() == 404) {
      return Map.of();
    }
    ok(what, a, 200);
    return strings(a.body().path("labels"));
  }

  /** The uuids and names of a cluster's node groups, as the list gives them. */
  public List<String> nodeGroupIds(MagnumCluster cluster) {
    List<String> ids = new ArrayList<>();
    String what = "list node groups of Magnum cluster " + cluster.name();
    String next = v1("/clusters/" + cluster.uuid() + "/nodegroups?limit=200");
    while (next != null) {
      Answer a = magnum.send(what, "GET", next, null);
      ok(what, a, 200);
      for (JsonNode g : a.body().path("nodegroups")) {
        if (ids.size() >= MAX_GROUPS) {
          throw new OpenStackApiException(what + ": more than " + MAX_GROUPS + " node groups", 200);
        }
        ids.add(g.path("uuid").asText());
      }
      String link = a.body().path("next").asText("");
      next = link.isEmpty() ? null : link;
    }
    return ids;
  }

  /** One node group with its bounds; empty when it is gone. */
  public Optional<MagnumNodeGroup> nodeGroup(MagnumCluster cluster, String uuid) {
    String what = "get node group " + uuid + " of Magnum cluster " + cluster.name();
    Answer a =
        magnum.send(
            what, "GET", v1("/clusters/" + cluster.uuid() + "/nodegroups/" + enc(uuid)), null);
    if (a.status() == 404) {
      return Optional.empty();
    }
    ok(what, a, 200);
    JsonNode g = a.body();
    List<String> addresses = new ArrayList<>();
    g.path("node_addresses").forEach(n -> addresses.add(n.asText()));
    JsonNode max = g.path("max_node_count");
    return Optional.of(
        new MagnumNodeGroup(
            g.path("uuid").asText(),
            g.path("name").asText(),
            g.path("role").asText(""),
            g.path("node_count").asInt(0),
            g.path("min_node_count").asInt(0),
            max.isIntegralNumber() ? Optional.of(max.asInt()) : Optional.empty(),
            g.path("flavor_id").asText(""),
            strings(g.path("labels")),
            addresses,
            g.path("status").asText(""),
            g.path("status_reason").asText("")));
  }

  /**
   * {@code POST /v1/clusters/{uuid}/actions/resize}: the node group to {@code nodeCount}, removing
   * the servers named (Magnum accepts 200 or 202).
   */
  public void resize(
      MagnumCluster cluster, MagnumNodeGroup group, int nodeCount, List<String> serversToRemove) {
    String what =
        "resize node group "
            + group.name()
            + " of Magnum cluster "
            + cluster.name()
            + " to "
            + nodeCount;
    ObjectNode body = OpenStackHttp.object();
    body.put("node_count", nodeCount);
    body.put("nodegroup", group.uuid());
    if (!serversToRemove.isEmpty()) {
      var list = body.putArray("nodes_to_remove");
      serversToRemove.forEach(list::add);
    }
    Answer a =
        magnum.send(what, "POST", v1("/clusters/" + cluster.uuid() + "/actions/resize"), body);
    if (a.status() != 200 && a.status() != 202) {
      throw OpenStackHttp.failure(what, a);
    }
  }

  /** Magnum's catalog URL may or may not end in {@code /v1}. */
  private String v1(String path) {
    String base = magnum.endpoint().toString().replaceAll("/+$", "");
    return (base.endsWith("/v1") ? base : base + "/v1") + path;
  }

  private static void ok(String what, Answer a, int expected) {
    if (a.status() != expected) {
      throw OpenStackHttp.failure(what, a);
    }
  }

  private static Map<String, String> strings(JsonNode object) {
    Map<String, String> m = new LinkedHashMap<>();
    object.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
    return m;
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
