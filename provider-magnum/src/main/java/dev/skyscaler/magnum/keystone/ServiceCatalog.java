package dev.skyscaler.magnum.keystone;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The public endpoints of a Keystone v3 token's catalog, by service type ({@code container-infra}
 * for Magnum, {@code compute} for Nova) and region. At most {@value #MAX_ENTRIES} endpoints are
 * read.
 */
public record ServiceCatalog(List<Endpoint> endpoints) {
  static final int MAX_ENTRIES = 2_000;

  /** One public endpoint. */
  public record Endpoint(String type, String region, URI url) {}

  public ServiceCatalog {
    endpoints = List.copyOf(endpoints);
  }

  static ServiceCatalog of(JsonNode catalog) {
    List<Endpoint> all = new ArrayList<>();
    for (JsonNode service : catalog) {
      for (JsonNode e : service.path("endpoints")) {
        if (all.size() >= MAX_ENTRIES) {
          break;
        }
        if (!"public".equals(e.path("interface").asText())) {
          continue;
        }
        String region = e.path("region_id").asText(e.path("region").asText(""));
        try {
          all.add(
              new Endpoint(
                  service.path("type").asText(), region, URI.create(e.path("url").asText())));
        } catch (IllegalArgumentException bad) {
          // an endpoint that is not a URL is not one we can use; another may be
        }
      }
    }
    return new ServiceCatalog(all);
  }

  /**
   * The public URL of a service in the region (or the only one, when no region is configured).
   *
   * @throws IllegalStateException naming the service type and the regions the catalog offers
   */
  public URI url(String type, Optional<String> region) {
    List<Endpoint> of = endpoints.stream().filter(e -> e.type().equals(type)).toList();
    List<Endpoint> in =
        region.map(r -> of.stream().filter(e -> e.region().equals(r)).toList()).orElse(of);
    if (in.size() == 1
        || (!in.isEmpty() && in.stream().map(Endpoint::url).distinct().count() == 1)) {
      return in.get(0).url();
    }
    TreeSet<String> regions = new TreeSet<>();
    of.forEach(e -> regions.add(e.region()));
    if (of.isEmpty()) {
      throw new IllegalStateException("the Keystone catalog has no public " + type + " endpoint");
    }
    if (in.isEmpty()) {
      throw new IllegalStateException(
          "the Keystone catalog has no public "
              + type
              + " endpoint in region "
              + region.orElse("")
              + "; it has "
              + regions);
    }
    throw new IllegalStateException(
        "the Keystone catalog has public "
            + type
            + " endpoints in regions "
            + regions
            + ": set [Global] region");
  }
}
