package dev.skyscaler.magnum.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.magnum.http.OpenStackApiException;
import dev.skyscaler.magnum.http.OpenStackHttp;
import dev.skyscaler.magnum.http.OpenStackHttp.Answer;
import dev.skyscaler.magnum.keystone.KeystoneGateway;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Nova ({@code compute}), the only class that calls it: the project's servers (pages of {@value
 * #PAGE} up to {@value #MAX_SERVERS}), a flavor by id or name, and a server's hard reboot and
 * deletion (for repairs).
 */
public final class NovaGateway {
  static final int PAGE = 500;
  static final int MAX_SERVERS = 20_000;

  private final ServiceClient nova;
  private final KeystoneGateway keystone;
  private final OpenStackHttp http;

  public NovaGateway(KeystoneGateway keystone, OpenStackHttp http) {
    this.keystone = keystone;
    this.http = http;
    this.nova = new ServiceClient(keystone, http, "compute", Map.of());
  }

  /** This gateway for one action: every call ends within the budget. */
  public NovaGateway within(java.time.Duration budget) {
    return new NovaGateway(keystone.within(budget), http.within(budget));
  }

  /** Every server of the project. */
  public List<Server> servers() {
    List<Server> all = new ArrayList<>();
    String what = "list Nova servers";
    String next = "/servers/detail?limit=" + PAGE;
    while (next != null) {
      Answer a = nova.send(what, "GET", next, null);
      if (a.status() != 200) {
        throw OpenStackHttp.failure(what, a);
      }
      for (JsonNode s : a.body().path("servers")) {
        if (all.size() >= MAX_SERVERS) {
          throw new OpenStackApiException(what + ": more than " + MAX_SERVERS + " servers", 200);
        }
        all.add(server(s));
      }
      next = null;
      for (JsonNode l : a.body().path("servers_links")) {
        if ("next".equals(l.path("rel").asText())) {
          next = l.path("href").asText();
        }
      }
    }
    return all;
  }

  /** A flavor by id, else by name (Magnum keeps what the user gave); empty when neither exists. */
  public Optional<Flavor> flavor(String idOrName) {
    String what = "get Nova flavor " + idOrName;
    Answer a = nova.send(what, "GET", "/flavors/" + enc(idOrName), null);
    if (a.status() == 200) {
      return Optional.of(flavor(a.body().path("flavor")));
    }
    if (a.status() != 404) {
      throw OpenStackHttp.failure(what, a);
    }
    Answer list = nova.send(what, "GET", "/flavors/detail?is_public=None", null);
    if (list.status() != 200) {
      throw OpenStackHttp.failure(what, list);
    }
    for (JsonNode f : list.body().path("flavors")) {
      if (idOrName.equals(f.path("name").asText())) {
        return Optional.of(flavor(f));
      }
    }
    return Optional.empty();
  }

  /** Deletes a server; false when it was already gone. */
  public boolean delete(String serverId) {
    String what = "delete Nova server " + serverId;
    Answer a = nova.send(what, "DELETE", "/servers/" + enc(serverId), null);
    if (a.status() == 404) {
      return false;
    }
    if (a.status() != 204 && a.status() != 202) {
      throw OpenStackHttp.failure(what, a);
    }
    return true;
  }

  /** Hard-reboots a server; false when it is gone. */
  public boolean reboot(String serverId) {
    String what = "reboot Nova server " + serverId;
    ObjectNode body = OpenStackHttp.object();
    body.putObject("reboot").put("type", "HARD");
    Answer a = nova.send(what, "POST", "/servers/" + enc(serverId) + "/action", body);
    if (a.status() == 404) {
      return false;
    }
    if (a.status() != 202) {
      throw OpenStackHttp.failure(what, a);
    }
    return true;
  }

  private static Server server(JsonNode s) {
    List<String> addresses = new ArrayList<>();
    s.path("addresses").forEach(net -> net.forEach(a -> addresses.add(a.path("addr").asText())));
    Instant created;
    try {
      created = Instant.parse(s.path("created").asText());
    } catch (DateTimeParseException e) {
      created = Instant.EPOCH;
    }
    return new Server(
        s.path("id").asText(),
        s.path("name").asText(),
        s.path("status").asText(""),
        s.path("OS-EXT-STS:task_state").asText(""),
        addresses,
        created);
  }

  private static Flavor flavor(JsonNode f) {
    return new Flavor(
        f.path("id").asText(),
        f.path("name").asText(),
        f.path("vcpus").asInt(),
        f.path("ram").asLong(),
        f.path("disk").asLong(),
        f.path("OS-FLV-EXT-DATA:ephemeral").asLong(0));
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
