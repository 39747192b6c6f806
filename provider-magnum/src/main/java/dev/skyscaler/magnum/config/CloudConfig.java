package dev.skyscaler.magnum.config;

import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.magnum.config.Credentials.ApplicationCredential;
import dev.skyscaler.magnum.config.Credentials.Password;
import dev.skyscaler.magnum.config.Credentials.Trust;
import dev.skyscaler.magnum.config.Credentials.User;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code cloud-config} file of Cluster Autoscaler's {@code magnum} provider, so that a CA
 * user's file works unchanged: gcfg text with the keys of {@code [Global]} CA reads ({@code
 * auth-url}, {@code user-id}, {@code username}, {@code password}, {@code tenant-id}, {@code
 * tenant-name}, {@code trust-id}, {@code domain-id}, {@code domain-name}, {@code region}, {@code
 * ca-file}, {@code tls-insecure}), plus the OpenStack cloud provider's {@code
 * application-credential-id}, {@code -name} and {@code -secret} and {@code user-domain-id} / {@code
 * user-domain-name}. The sections CA tolerates ({@code LoadBalancer}, {@code BlockStorage}, {@code
 * Route}, {@code Metadata}, {@code Networking}) are ignored; {@code [Skyscaler]} holds {@code
 * nodes-to-remove}. Any other section or key is an error. At most {@value #MAX_BYTES} bytes.
 *
 * @param authUrl Keystone's URL, {@code https} (or {@code http} to a loopback address)
 * @param region the region whose endpoints to use; empty when the catalog has one per service
 * @param caFile a PEM file of the CAs to trust instead of the JVM's
 */
public record CloudConfig(
    URI authUrl,
    Credentials credentials,
    Optional<String> region,
    Optional<Path> caFile,
    boolean tlsInsecure,
    NodesToRemove nodesToRemove) {
  public static final int MAX_BYTES = 64 * 1024;

  private static final Set<String> GLOBAL_KEYS =
      Set.of(
          "auth-url",
          "user-id",
          "username",
          "password",
          "tenant-id",
          "tenant-name",
          "trust-id",
          "domain-id",
          "domain-name",
          "user-domain-id",
          "user-domain-name",
          "region",
          "ca-file",
          "tls-insecure",
          "application-credential-id",
          "application-credential-name",
          "application-credential-secret");
  private static final Set<String> IGNORED_SECTIONS =
      Set.of("loadbalancer", "blockstorage", "route", "metadata", "networking");

  public CloudConfig {
    Objects.requireNonNull(authUrl, "authUrl");
    Objects.requireNonNull(credentials, "credentials");
    Objects.requireNonNull(region, "region");
    Objects.requireNonNull(caFile, "caFile");
    Objects.requireNonNull(nodesToRemove, "nodesToRemove");
  }

  /**
   * Reads and checks a cloud-config file.
   *
   * @throws ConfigException listing every problem, each naming the file and the key
   */
  public static CloudConfig read(Path file) {
    String name = file.toString();
    try {
      if (Files.size(file) > MAX_BYTES) {
        throw new ConfigException(
            List.of(name + ": larger than " + MAX_BYTES + " bytes; is it a cloud-config?"));
      }
      return parse(Files.readString(file, StandardCharsets.UTF_8), name);
    } catch (IOException e) {
      throw new ConfigException(List.of(name + ": cannot be read (" + e.getMessage() + ")"));
    }
  }

  /**
   * Parses cloud-config text.
   *
   * @param file how the text is named in errors
   * @throws ConfigException listing every problem
   */
  public static CloudConfig parse(String text, String file) {
    List<String> errors = new ArrayList<>();
    IniFile ini = IniFile.parse(text, file, errors);
    for (String s : ini.sectionNames()) {
      if (!s.equals("global") && !s.equals("skyscaler") && !IGNORED_SECTIONS.contains(s)) {
        errors.add(file + ": unknown section [" + s + "]; expected [Global] (and [Skyscaler])");
      }
    }
    Map<String, String> g = ini.section("global");
    for (String k : new TreeSet<>(g.keySet())) {
      if (!GLOBAL_KEYS.contains(k)) {
        errors.add(
            file
                + ": [Global] unknown key "
                + k
                + "; expected one of "
                + new TreeSet<>(GLOBAL_KEYS));
      }
    }
    Map<String, String> s = ini.section("skyscaler");
    for (String k : new TreeSet<>(s.keySet())) {
      if (!k.equals("nodes-to-remove")) {
        errors.add(file + ": [Skyscaler] unknown key " + k + "; expected nodes-to-remove");
      }
    }
    URI auth = authUrl(g.get("auth-url"), file, errors);
    Credentials credentials = credentials(g, file, errors);
    boolean insecure = flag(g.get("tls-insecure"), file, errors);
    NodesToRemove removal = NodesToRemove.AUTO;
    if (s.containsKey("nodes-to-remove")) {
      try {
        removal = NodesToRemove.parse(s.get("nodes-to-remove"));
      } catch (IllegalArgumentException e) {
        errors.add(
            file
                + ": [Skyscaler] nodes-to-remove: expected auto, honoured or ignored, got \""
                + s.get("nodes-to-remove")
                + "\"");
      }
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return new CloudConfig(
        auth, credentials, opt(g, "region"), opt(g, "ca-file").map(Path::of), insecure, removal);
  }

  private static URI authUrl(String value, String file, List<String> errors) {
    if (value == null || value.isEmpty()) {
      errors.add(file + ": [Global] auth-url is required (Keystone's v3 URL)");
      return null;
    }
    try {
      URI u = new URI(value);
      boolean loopback =
          "localhost".equals(u.getHost())
              || "127.0.0.1".equals(u.getHost())
              || "[::1]".equals(u.getHost());
      if (u.getHost() == null
          || !("https".equals(u.getScheme()) || ("http".equals(u.getScheme()) && loopback))) {
        errors.add(
            file
                + ": [Global] auth-url: expected an https URL (http only to a loopback address), got \""
                + value
                + "\"");
      }
      return u;
    } catch (URISyntaxException e) {
      errors.add(file + ": [Global] auth-url: not a URL: \"" + value + "\"");
      return null;
    }
  }

  private static Credentials credentials(Map<String, String> g, String file, List<String> errors) {
    Optional<String> secret = opt(g, "application-credential-secret");
    Optional<String> trust = opt(g, "trust-id");
    Optional<User> user = user(g);
    String where = file + ": [Global] ";
    if (secret.isPresent()) {
      if (trust.isPresent() || g.containsKey("password")) {
        errors.add(
            where
                + "application-credential-secret excludes trust-id and password: give one way to log in");
      }
      Optional<String> id = opt(g, "application-credential-id");
      Optional<String> name = opt(g, "application-credential-name");
      if (id.isEmpty() && (name.isEmpty() || user.isEmpty())) {
        errors.add(
            where
                + "an application credential needs application-credential-id, or application-credential-name with user-id (or username and user-domain-name)");
      }
      return new ApplicationCredential(id, name, user, secret.get());
    }
    Optional<String> password = opt(g, "password");
    if (user.isEmpty() || password.isEmpty()) {
      errors.add(
          where
              + "expected application-credential-id and application-credential-secret, or user-id"
              + " (or username and domain-name) and password");
      return null;
    }
    if (trust.isPresent()) {
      return new Trust(user.get(), password.get(), trust.get());
    }
    Optional<String> projectId = opt(g, "tenant-id");
    Optional<String> projectName = opt(g, "tenant-name");
    if (projectId.isEmpty() && projectName.isEmpty()) {
      errors.add(where + "a password login needs tenant-id or tenant-name (or trust-id)");
    }
    return new Password(
        user.get(),
        password.get(),
        projectId,
        projectName,
        opt(g, "domain-id"),
        opt(g, "domain-name"));
  }

  private static Optional<User> user(Map<String, String> g) {
    Optional<String> id = opt(g, "user-id");
    Optional<String> name = opt(g, "username");
    if (id.isEmpty() && name.isEmpty()) {
      return Optional.empty();
    }
    Optional<String> domainId = opt(g, "user-domain-id").or(() -> opt(g, "domain-id"));
    Optional<String> domainName = opt(g, "user-domain-name").or(() -> opt(g, "domain-name"));
    return Optional.of(new User(id, name, domainId, domainName));
  }

  private static boolean flag(String value, String file, List<String> errors) {
    if (value == null || value.isEmpty()) {
      return false;
    }
    return switch (value.toLowerCase(java.util.Locale.ROOT)) {
      case "true", "yes", "on", "1" -> true;
      case "false", "no", "off", "0" -> false;
      default -> {
        errors.add(file + ": [Global] tls-insecure: expected true or false, got \"" + value + "\"");
        yield false;
      }
    };
  }

  private static Optional<String> opt(Map<String, String> g, String key) {
    return Optional.ofNullable(g.get(key)).filter(v -> !v.isEmpty());
  }

  @Override
  public String toString() {
    return "cloud-config " + authUrl + " as " + credentials.describe();
  }
}
