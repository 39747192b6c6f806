package dev.skyscaler.magnum.fake;

import static dev.skyscaler.magnum.fake.FakeOpenStack.JSON;
import static dev.skyscaler.magnum.fake.FakeOpenStack.error;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.magnum.fake.FakeMagnumWorld.Cluster;
import dev.skyscaler.magnum.fake.FakeMagnumWorld.Group;
import dev.skyscaler.magnum.fake.FakeOpenStack.Answer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Magnum's v1 API as the fake answers it: clusters, cluster templates, node groups, resize. */
final class FakeMagnumRoutes {
  private final FakeMagnumWorld world;

  FakeMagnumRoutes(FakeMagnumWorld world) {
    this.world = world;
  }

  Answer route(String method, String path, String body, String version) {
    String[] p = path.substring(1).split("/");
    int minor = minor(version);
    if (p[0].equals("clustertemplates") && p.length == 2) {
      return world.clusters().stream()
          .filter(c -> c.templateId.equals(p[1]))
          .findFirst()
          .map(c -> ok(template(c)))
          .orElse(notFound("ClusterTemplate " + p[1] + " could not be found."));
    }
    if (!p[0].equals("clusters") || p.length < 2) {
      return notFound("no such path " + path);
    }
    Optional<Cluster> found = world.find(URLDecoder.decode(p[1], StandardCharsets.UTF_8));
    if (found.isEmpty()) {
      return notFound("Cluster " + p[1] + " could not be found.");
    }
    Cluster c = found.get();
    if (p.length == 2 && method.equals("GET")) {
      return ok(cluster(c));
    }
    if (p.length >= 3 && p[2].equals("nodegroups")) {
      if (minor < 9) {
        return new Answer(
            406, error(406, "Version " + version + " was requested but node groups need 1.9"));
      }
      if (p.length == 3) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode list = root.putArray("nodegroups");
        for (Group g : c.groups) {
          ObjectNode n = list.addObject();
          n.put("uuid", g.uuid)
              .put("name", g.name)
              .put("role", g.role)
              .put("node_count", g.nodeCount);
          n.put("flavor_id", g.flavorId).put("is_default", g.role.equals("worker"));
        }
        return ok(root);
      }
      return c.groups.stream()
          .filter(g -> g.uuid.equals(p[3]) || g.name.equals(p[3]))
          .findFirst()
          .map(g -> ok(group(c, g)))
          .orElse(notFound("Nodegroup " + p[3] + " could not be found."));
    }
    if (p.length == 4 && p[2].equals("actions") && p[3].equals("resize") && method.equals("POST")) {
      return resize(c, body, minor);
    }
    return notFound("no such path " + path);
  }

  private Answer resize(Cluster c, String body, int minor) {
    JsonNode b;
    try {
      b = JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int count = b.path("node_count").asInt(-1);
    Optional<Group> g =
        c.groups.stream().filter(x -> x.uuid.equals(b.path("nodegroup").asText())).findFirst();
    if (g.isEmpty()) {
      return notFound("Nodegroup " + b.path("nodegroup").asText() + " could not be found.");
    }
    if (count < 0 || (count == 0 && minor < 10)) {
      return new Answer(400, error(400, "Invalid node_count " + count));
    }
    Group group = g.get();
    if (count < group.min || (group.max != null && count > group.max)) {
      return new Answer(
          400,
          error(
              400,
              "Resizing "
                  + group.name
                  + " outside the allowed range: min_node_count = "
                  + group.min
                  + ", max_node_count = "
                  + group.max));
    }
    if (!(c.status.endsWith("_COMPLETE")
        || c.status.equals("UPDATE_FAILED")
        || c.status.equals("UPDATE_IN_PROGRESS"))) {
      return new Answer(
          409,
          error(409, "Updating a cluster when status is \"" + c.status + "\" is not supported"));
    }
    List<String> remove = new ArrayList<>();
    b.path("nodes_to_remove").forEach(n -> remove.add(n.asText()));
    world.resize(c, group, count, remove);
    ObjectNode root = JSON.createObjectNode();
    root.put("uuid", c.uuid);
    return new Answer(202, root);
  }

  private static ObjectNode cluster(Cluster c) {
    ObjectNode n = JSON.createObjectNode();
    n.put("uuid", c.uuid)
        .put("name", c.name)
        .put("status", c.status)
        .put("status_reason", c.statusReason);
    n.put("cluster_template_id", c.templateId);
    n.putObject("labels");
    n.put(
        "node_count",
        c.groups.stream().filter(g -> !g.role.equals("master")).mapToInt(g -> g.nodeCount).sum());
    return n;
  }

  private static ObjectNode template(Cluster c) {
    ObjectNode n = JSON.createObjectNode();
    n.put("uuid", c.templateId).put("name", c.name + "-template").put("coe", "kubernetes");
    ObjectNode labels = n.putObject("labels");
    c.templateLabels.forEach(labels::put);
    return n;
  }

  private ObjectNode group(Cluster c, Group g) {
    ObjectNode n = JSON.createObjectNode();
    n.put("uuid", g.uuid).put("name", g.name).put("cluster_id", c.uuid).put("role", g.role);
    n.put("node_count", g.nodeCount).put("min_node_count", g.min);
    if (g.max == null) {
      n.putNull("max_node_count");
    } else {
      n.put("max_node_count", g.max);
    }
    n.put("flavor_id", g.flavorId).put("status", g.status).put("status_reason", "");
    ObjectNode labels = n.putObject("labels");
    g.labels.forEach(labels::put);
    ArrayNode addresses = n.putArray("node_addresses");
    world.servers(g).forEach(s -> addresses.add(s.address()));
    return n;
  }

  private static int minor(String version) {
    if (version == null || !version.startsWith("container-infra 1.")) {
      return 1;
    }
    try {
      return Integer.parseInt(version.substring("container-infra 1.".length()));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  private static Answer ok(JsonNode body) {
    return new Answer(200, body);
  }

  private static Answer notFound(String detail) {
    return new Answer(404, error(404, detail));
  }
}
