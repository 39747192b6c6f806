package dev.skyscaler.magnum.keystone;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.magnum.config.CloudConfig;
import dev.skyscaler.magnum.config.Credentials;
import dev.skyscaler.magnum.config.Credentials.ApplicationCredential;
import dev.skyscaler.magnum.config.Credentials.Password;
import dev.skyscaler.magnum.config.Credentials.Trust;
import dev.skyscaler.magnum.config.Credentials.User;
import dev.skyscaler.magnum.http.OpenStackApiException;
import dev.skyscaler.magnum.http.OpenStackHttp;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keystone v3, the only class that calls it: one {@code POST /v3/auth/tokens} with the
 * cloud-config's credentials (application credential, password scoped to a project, or trust),
 * whose token ({@code X-Subject-Token}) and service catalog are reused until {@value
 * #EARLY_MINUTES} minutes before the token's {@code expires_at}, or until a service refuses it
 * ({@link #forget}). The token is handed only to the other gateways' request headers; it and the
 * secrets never reach a message.
 */
public final class KeystoneGateway {
  static final int EARLY_MINUTES = 5;

  /** A token with its catalog and the instant it stops being reused. */
  public record Session(String token, ServiceCatalog catalog, Instant renewAt) {
    @Override
    public String toString() {
      return "Keystone session until " + renewAt;
    }
  }

  private final OpenStackHttp http;
  private final CloudConfig config;
  private final Clock clock;
  private final AtomicReference<Session> session;

  public KeystoneGateway(OpenStackHttp http, CloudConfig config, Clock clock) {
    this(http, config, clock, new AtomicReference<>());
  }

  private KeystoneGateway(
      OpenStackHttp http, CloudConfig config, Clock clock, AtomicReference<Session> session) {
    this.http = http;
    this.config = config;
    this.clock = clock;
    this.session = session;
  }

  /**
   * This gateway for one action, sharing the session: a new token is asked for within the budget.
   */
  public KeystoneGateway within(Duration budget) {
    return new KeystoneGateway(http.within(budget), config, clock, session);
  }

  /**
   * The current session, asking Keystone for a token when there is none or it is about to expire.
   *
   * @throws OpenStackApiException when Keystone refuses or cannot be reached
   */
  public Session session() {
    Session s = session.get();
    if (s != null && clock.instant().isBefore(s.renewAt())) {
      return s;
    }
    Session fresh = authenticate();
    session.set(fresh);
    return fresh;
  }

  /** Drops the session a service refused (401), so the next call authenticates again. */
  public void forget(Session refused) {
    session.compareAndSet(refused, null);
  }

  /** The public URL of a service type in the configured region. */
  public URI endpoint(Session s, String type) {
    try {
      return s.catalog().url(type, config.region());
    } catch (IllegalStateException e) {
      throw new OpenStackApiException(e.getMessage(), 400);
    }
  }

  private Session authenticate() {
    String what =
        "authenticate to Keystone at "
            + config.authUrl().getHost()
            + " with "
            + config.credentials().describe();
    URI uri = tokens(config.authUrl());
    OpenStackHttp.Answer a = http.send(what, "POST", uri, Map.of(), body(config.credentials()));
    if (a.status() != 201 && a.status() != 200) {
      throw OpenStackHttp.failure(what, a);
    }
    String token = a.header("X-Subject-Token").orElse("");
    if (token.isEmpty()) {
      throw new OpenStackApiException(what + ": the answer has no X-Subject-Token", a.status());
    }
    JsonNode t = a.body().path("token");
    Instant expires;
    try {
      expires =
          Instant.parse(t.path("expires_at").asText().replaceFirst("\\.(\\d{3})\\d*Z$", ".$1Z"));
    } catch (DateTimeParseException e) {
      throw new OpenStackApiException(what + ": the token has no valid expires_at", a.status());
    }
    Instant now = clock.instant();
    if (!expires.isAfter(now)) {
      throw new OpenStackApiException(
          what + ": the token expired at " + expires + " already", a.status());
    }
    // a short-lived token is renewed half-way, so that it is not asked for again on every call
    Duration early = Duration.ofMinutes(EARLY_MINUTES);
    Duration half = Duration.between(now, expires).dividedBy(2);
    Instant renew = expires.minus(early.compareTo(half) < 0 ? early : half);
    return new Session(token, ServiceCatalog.of(t.path("catalog")), renew);
  }

  /** {@code auth-url} may or may not end in {@code /v3}, as CA's users write it. */
  static URI tokens(URI auth) {
    String base = auth.toString().replaceAll("/+$", "");
    if (!base.endsWith("/v3")) {
      base = base + "/v3";
    }
    return URI.create(base + "/auth/tokens");
  }

  static ObjectNode body(Credentials c) {
    ObjectNode root = OpenStackHttp.object();
    ObjectNode auth = root.putObject("auth");
    ObjectNode identity = auth.putObject("identity");
    if (c instanceof ApplicationCredential ac) {
      identity.putArray("methods").add("application_credential");
      ObjectNode a = identity.putObject("application_credential");
      ac.id().ifPresent(id -> a.put("id", id));
      if (ac.id().isEmpty()) {
        a.put("name", ac.name().orElseThrow());
        ac.user().ifPresent(u -> a.set("user", user(u)));
      }
      a.put("secret", ac.secret());
      return root;
    }
    User user;
    String password;
    if (c instanceof Trust t) {
      user = t.user();
      password = t.password();
      auth.putObject("scope").putObject("OS-TRUST:trust").put("id", t.trustId());
    } else {
      Password p = (Password) c;
      user = p.user();
      password = p.password();
      ObjectNode project = auth.putObject("scope").putObject("project");
      if (p.projectId().isPresent()) {
        project.put("id", p.projectId().get());
      } else {
        project.put("name", p.projectName().orElseThrow());
        project.set("domain", domain(p.projectDomainId(), p.projectDomainName()));
      }
    }
    identity.putArray("methods").add("password");
    ObjectNode u = user(user);
    u.put("password", password);
    identity.putObject("password").set("user", u);
    return root;
  }

  private static ObjectNode user(User u) {
    ObjectNode n = OpenStackHttp.object();
    if (u.id().isPresent()) {
      n.put("id", u.id().get());
    } else {
      n.put("name", u.name().orElseThrow());
      n.set("domain", domain(u.domainId(), u.domainName()));
    }
    return n;
  }

  private static ObjectNode domain(Optional<String> id, Optional<String> name) {
    ObjectNode d = OpenStackHttp.object();
    if (id.isPresent()) {
      d.put("id", id.get());
    } else {
      d.put("name", name.orElse("Default"));
    }
    return d;
  }
}
