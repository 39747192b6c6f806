package dev.skyscaler.magnum.fake;

import static dev.skyscaler.magnum.fake.FakeOpenStack.JSON;
import static dev.skyscaler.magnum.fake.FakeOpenStack.error;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.magnum.fake.FakeMagnumWorld.Server;
import dev.skyscaler.magnum.fake.FakeOpenStack.Answer;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Nova's v2.1 API as the fake answers it: servers in pages of {@code limit} with a {@code next}
 * link, flavors by id and in detail, deletion and reboot.
 */
final class FakeNovaRoutes {
  private final FakeMagnumWorld world;
  private final Supplier<String> url;

  FakeNovaRoutes(FakeMagnumWorld world, Supplier<String> url) {
    this.world = world;
    this.url = url;
  }

  Answer route(String method, String path, String query) {
    Map<String, String> q = query(query);
    if (path.equals("/servers/detail") && method.equals("GET")) {
      return servers(q);
    }
    if (path.equals("/flavors/detail")) {
      ObjectNode root = JSON.createObjectNode();
      ArrayNode list = root.putArray("flavors");
      world.flavors.keySet().forEach(id -> list.add(flavor(id)));
      return new Answer(200, root);
    }
    if (path.startsWith("/flavors/")) {
      String id = path.substring("/flavors/".length());
      if (!world.flavors.containsKey(id)) {
        return new Answer(404, error(404, "Flavor " + id + " could not be found."));
      }
      ObjectNode root = JSON.createObjectNode();
      root.set("flavor", flavor(id));
      return new Answer(200, root);
    }
    if (path.startsWith("/servers/")) {
      String[] p = path.substring(1).split("/");
      boolean exists = world.servers().stream().anyMatch(s -> s.id().equals(p[1]));
      if (!exists) {
        return new Answer(404, error(404, "Instance " + p[1] + " could not be found."));
      }
      if (p.length == 2 && method.equals("DELETE")) {
        world.removeServer(p[1]);
        return new Answer(204, null);
      }
      if (p.length == 3 && p[2].equals("action") && method.equals("POST")) {
        return new Answer(202, null);
      }
    }
    return new Answer(404, error(404, "no such path " + path));
  }

  private Answer servers(Map<String, String> q) {
    int limit = Integer.parseInt(q.getOrDefault("limit", "1000"));
    List<Server> all =
        world.servers().stream().sorted(java.util.Comparator.comparing(Server::id)).toList();
    int from = 0;
    if (q.containsKey("marker")) {
      for (int i = 0; i < all.size(); i++) {
        if (all.get(i).id().equals(q.get("marker"))) {
          from = i + 1;
        }
      }
    }
    List<Server> page = all.subList(from, Math.min(all.size(), from + limit));
    ObjectNode root = JSON.createObjectNode();
    ArrayNode list = root.putArray("servers");
    for (Server s : page) {
      ObjectNode n = list.addObject();
      n.put("id", s.id()).put("name", s.name()).put("status", s.status());
      n.putNull("OS-EXT-STS:task_state");
      n.put("created", s.created().toString());
      n.putObject("addresses")
          .putArray("private")
          .addObject()
          .put("addr", s.address())
          .put("version", 4);
      n.putObject("metadata");
    }
    if (from + limit < all.size()) {
      root.putArray("servers_links")
          .addObject()
          .put("rel", "next")
          .put(
              "href",
              url.get()
                  + "/compute/v2.1/servers/detail?limit="
                  + limit
                  + "&marker="
                  + page.get(page.size() - 1).id());
    }
    return new Answer(200, root);
  }

  private ObjectNode flavor(String id) {
    int[] f = world.flavors.get(id);
    ObjectNode n = JSON.createObjectNode();
    n.put("id", id).put("name", world.flavorNames.getOrDefault(id, id));
    n.put("vcpus", f[0]).put("ram", f[1]).put("disk", f[2]).put("OS-FLV-EXT-DATA:ephemeral", 0);
    return n;
  }

  private static Map<String, String> query(String query) {
    Map<String, String> m = new java.util.LinkedHashMap<>();
    if (query != null) {
      for (String part : query.split("&")) {
        int eq = part.indexOf('=');
        if (eq > 0) {
          m.put(
              part.substring(0, eq),
              java.net.URLDecoder.decode(
                  part.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8));
        }
      }
    }
    return m;
  }
}
