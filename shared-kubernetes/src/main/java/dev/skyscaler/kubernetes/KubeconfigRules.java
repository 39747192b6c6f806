package dev.skyscaler.kubernetes;

import io.fabric8.kubernetes.api.model.AuthInfo;
import io.fabric8.kubernetes.api.model.Cluster;
import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.api.model.Context;
import io.fabric8.kubernetes.api.model.NamedAuthInfo;
import io.fabric8.kubernetes.api.model.NamedCluster;
import io.fabric8.kubernetes.api.model.NamedContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a kubeconfig held in a cloud secret store (Secrets Manager, Key Vault) may contain, checked
 * before fabric8 reads anything out of it.
 *
 * <p>Why: whoever can write the secret must not gain more than the right to name a cluster and a
 * credential for it. fabric8 runs a user's {@code exec} plugin while it <em>parses</em> the
 * kubeconfig, so an {@code exec} entry would run any command with the function's cloud role; an
 * {@code auth-provider} fetches and refreshes credentials from elsewhere; {@code
 * insecure-skip-tls-verify} or a missing CA would let anyone on the path pose as the API server and
 * collect the bearer token; a file path ({@code tokenFile}, {@code certificate-authority}, {@code
 * client-key}, ...) would read a file of the function's machine (its environment, with the cloud
 * credentials, is one) and send it to the server named in the secret. So the entries the current
 * context uses must be inline: an {@code https://} server, {@code certificate-authority-data}, and
 * a token, client certificate data or a user name and password. Only those entries are checked:
 * fabric8 reads no other.
 *
 * <p>A user's own kubeconfig on a laptop ({@code skyscaler plan --kubeconfig}) is not read through
 * here and keeps kubectl's behaviour.
 */
final class KubeconfigRules {
  private KubeconfigRules() {}

  /**
   * Checks the entries the current context uses.
   *
   * @param source what the kubeconfig is, for messages (e.g. {@code kubeconfig in secret <arn>})
   * @throws ConnectionException naming {@code source} and every field at fault, never a value of a
   *     credential
   */
  static void check(Config kubeconfig, String source) {
    NamedContext current = currentContext(kubeconfig, source);
    Context context = current.getContext();
    String at = "contexts[" + current.getName() + "].context.";
    List<String> problems = new ArrayList<>();
    String clusterName = context == null ? null : context.getCluster();
    Optional<NamedCluster> cluster = cluster(kubeconfig, clusterName);
    if (cluster.isEmpty()) {
      problems.add(at + "cluster: no cluster \"" + clusterName + "\" in clusters");
    } else {
      checkCluster(cluster.get(), problems);
    }
    String userName = context == null ? null : context.getUser();
    if (userName != null && !userName.isBlank()) {
      Optional<NamedAuthInfo> user = user(kubeconfig, userName);
      if (user.isEmpty()) {
        problems.add(at + "user: no user \"" + userName + "\" in users");
      } else {
        checkUser(user.get(), problems);
      }
    }
    if (!problems.isEmpty()) {
      throw new ConnectionException(source + ": " + String.join("; ", problems));
    }
  }

  private static NamedContext currentContext(Config kubeconfig, String source) {
    String name = kubeconfig.getCurrentContext();
    List<NamedContext> contexts =
        kubeconfig.getContexts() == null ? List.of() : kubeconfig.getContexts();
    return contexts.stream()
        .filter(c -> c.getName() != null && c.getName().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new ConnectionException(
                    source + ": no current context with a cluster server: set current-context"));
  }

  private static Optional<NamedCluster> cluster(Config kubeconfig, String name) {
    List<NamedCluster> all =
        kubeconfig.getClusters() == null ? List.of() : kubeconfig.getClusters();
    return all.stream()
        .filter(c -> c.getName() != null && c.getName().equals(name) && c.getCluster() != null)
        .findFirst();
  }

  private static Optional<NamedAuthInfo> user(Config kubeconfig, String name) {
    List<NamedAuthInfo> all = kubeconfig.getUsers() == null ? List.of() : kubeconfig.getUsers();
    return all.stream()
        .filter(u -> u.getName() != null && u.getName().equals(name) && u.getUser() != null)
        .findFirst();
  }

  private static void checkCluster(NamedCluster named, List<String> problems) {
    Cluster c = named.getCluster();
    String at = "clusters[" + named.getName() + "].cluster.";
    String server = c.getServer();
    if (server == null || !server.regionMatches(true, 0, "https://", 0, "https://".length())) {
      problems.add(
          at
              + "server: expected an https:// URL, got "
              + (server == null ? "none" : "\"" + server + "\""));
    }
    if (Boolean.TRUE.equals(c.getInsecureSkipTlsVerify())) {
      problems.add(
          at
              + "insecure-skip-tls-verify: not allowed: it turns off the check of the API"
              + " server's certificate; remove it and give certificate-authority-data");
    }
    if (present(c.getCertificateAuthority())) {
      problems.add(
          at
              + "certificate-authority: not allowed: a file path on the function's machine; give"
              + " the CA inline in certificate-authority-data");
    }
    if (!present(c.getCertificateAuthorityData())) {
      problems.add(
          at
              + "certificate-authority-data: missing: expected the cluster's CA certificate"
              + " (base64 PEM), so that the API server's certificate is checked");
    }
  }

  private static void checkUser(NamedAuthInfo named, List<String> problems) {
    AuthInfo u = named.getUser();
    String at = "users[" + named.getName() + "].user.";
    String inline =
        "; give the credential inline: token, client-certificate-data and client-key-data,"
            + " or username and password";
    if (u.getExec() != null) {
      problems.add(
          at
              + "exec: not allowed: an exec plugin runs a command on the function with its cloud"
              + " role"
              + inline);
    }
    if (u.getAuthProvider() != null) {
      problems.add(
          at
              + "auth-provider: not allowed: an auth provider fetches credentials from outside the"
              + " kubeconfig"
              + inline);
    }
    fileField(at, "tokenFile", u.getTokenFile(), problems);
    fileField(at, "client-certificate", u.getClientCertificate(), problems);
    fileField(at, "client-key", u.getClientKey(), problems);
  }

  private static void fileField(String at, String field, String value, List<String> problems) {
    if (present(value)) {
      problems.add(
          at
              + field
              + ": not allowed: a file path on the function's machine; give the credential inline");
    }
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }
}
