package dev.skyscaler.magnum.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.magnum.http.OpenStackApiException;
import dev.skyscaler.magnum.http.OpenStackHttp;
import dev.skyscaler.magnum.http.OpenStackHttp.Answer;
import dev.skyscaler.magnum.keystone.KeystoneGateway;
import dev.skyscaler.magnum.keystone.KeystoneGateway.Session;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;

/**
 * Calls to one OpenStack service on behalf of its gateway: the endpoint from the token's catalog,
 * the token in {@code X-Auth-Token}, and one new token when the service refuses the old one (401).
 * A paging link the service returns is followed only to the catalog's host: the token goes nowhere
 * else.
 */
final class ServiceClient {
  private final KeystoneGateway keystone;
  private final OpenStackHttp http;
  private final String type;
  private final Map<String, String> headers;

  ServiceClient(
      KeystoneGateway keystone, OpenStackHttp http, String type, Map<String, String> headers) {
    this.keystone = keystone;
    this.http = http;
    this.type = type;
    this.headers = Map.copyOf(headers);
  }

  /** A request to {@code path} under the service's endpoint, or to a full URL the service gave. */
  Answer send(String what, String method, String path, JsonNode body) {
    Session s = keystone.session();
    Answer a = http.send(what, method, uri(s, path), headers(s), body);
    if (a.status() == 401) {
      keystone.forget(s);
      Session again = keystone.session();
      a = http.send(what, method, uri(again, path), headers(again), body);
    }
    return a;
  }

  URI endpoint() {
    return keystone.endpoint(keystone.session(), type);
  }

  private URI uri(Session s, String path) {
    URI endpoint = keystone.endpoint(s, type);
    if (path.startsWith("https://") || path.startsWith("http://")) {
      URI link = URI.create(path);
      // a paging link is followed with the token only to the service's own endpoint
      if (!link.getScheme().equals(endpoint.getScheme())
          || !String.valueOf(link.getHost()).equals(String.valueOf(endpoint.getHost()))
          || link.getPort() != endpoint.getPort()) {
        throw new OpenStackApiException(
            "refused to follow a "
                + type
                + " link to "
                + link.getHost()
                + ", another host than the catalog's "
                + endpoint.getHost(),
            502);
      }
      return link;
    }
    return URI.create(endpoint.toString().replaceAll("/+$", "") + path);
  }

  private Map<String, String> headers(Session s) {
    Map<String, String> h = new HashMap<>(headers);
    h.put("X-Auth-Token", s.token());
    return h;
  }
}
