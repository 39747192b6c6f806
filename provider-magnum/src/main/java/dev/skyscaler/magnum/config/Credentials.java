package dev.skyscaler.magnum.config;

import java.util.Objects;
import java.util.Optional;

/**
 * How Skyscaler proves itself to Keystone v3. Secrets never appear in {@link #toString()}: a
 * credential may end up in a log line or an error message.
 */
public sealed interface Credentials {

  /** What a log may say about these credentials: the method and the non-secret ids. */
  String describe();

  /** A user, by id or by name within a domain. */
  record User(
      Optional<String> id,
      Optional<String> name,
      Optional<String> domainId,
      Optional<String> domainName) {
    public User {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(domainId, "domainId");
      Objects.requireNonNull(domainName, "domainName");
    }

    @Override
    public String toString() {
      return id.map(i -> "user " + i).orElseGet(() -> "user " + name.orElse("?"));
    }
  }

  /**
   * A Keystone application credential: what a tenant (a Jetstream2 allocation) makes for itself; by
   * id, or by name with its user. Application credentials carry their project: no scope is sent.
   */
  record ApplicationCredential(
      Optional<String> id, Optional<String> name, Optional<User> user, String secret)
      implements Credentials {
    public ApplicationCredential {
      Objects.requireNonNull(secret, "secret");
    }

    @Override
    public String describe() {
      return "application credential "
          + id.orElseGet(() -> name.orElse("?") + " of " + user.map(User::toString).orElse("?"));
    }

    @Override
    public String toString() {
      return describe();
    }
  }

  /** A user's password, scoped to a project by id or by name within the domain. */
  record Password(
      User user,
      String password,
      Optional<String> projectId,
      Optional<String> projectName,
      Optional<String> projectDomainId,
      Optional<String> projectDomainName)
      implements Credentials {
    public Password {
      Objects.requireNonNull(user, "user");
      Objects.requireNonNull(password, "password");
    }

    @Override
    public String describe() {
      return "password of " + user + " for project " + projectId.orElse(projectName.orElse("?"));
    }

    @Override
    public String toString() {
      return describe();
    }
  }

  /** A trustee's password scoped to a trust: what Magnum's Heat driver put in cloud-config. */
  record Trust(User user, String password, String trustId) implements Credentials {
    public Trust {
      Objects.requireNonNull(user, "user");
      Objects.requireNonNull(password, "password");
      Objects.requireNonNull(trustId, "trustId");
    }

    @Override
    public String describe() {
      return "trust " + trustId + " of " + user;
    }

    @Override
    public String toString() {
      return describe();
    }
  }
}
