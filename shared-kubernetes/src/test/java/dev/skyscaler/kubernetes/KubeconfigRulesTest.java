package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A kubeconfig from a secret store runs nothing, reads no file and checks TLS: each rule broken
 * gives one error naming the secret and the field, and the value of no credential.
 */
class KubeconfigRulesTest {
  private static final String CA = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==";
  private static final String SOURCE = "kubeconfig in secret arn:aws:secretsmanager:eu-west-1:1:s";
  private static final String TOKEN = "t0ken-5ecret";
  private static final String INLINE =
      "; give the credential inline: token, client-certificate-data and client-key-data, or"
          + " username and password";

  @TempDir Path dir;

  record Case(String name, String cluster, String user, String problems) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> broken() {
    String goodCluster = "server: https://k\n    certificate-authority-data: " + CA;
    String token = "token: " + TOKEN;
    return Stream.of(
        new Case(
            "an exec plugin would run a command",
            goodCluster,
            "exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: aws}",
            "users[u].user.exec: not allowed: an exec plugin runs a command on the function with"
                + " its cloud role"
                + INLINE),
        new Case(
            "an auth provider fetches credentials elsewhere",
            goodCluster,
            "auth-provider: {name: oidc, config: {client-id: x}}",
            "users[u].user.auth-provider: not allowed: an auth provider fetches credentials from"
                + " outside the kubeconfig"
                + INLINE),
        new Case(
            "insecure TLS turns the certificate check off",
            goodCluster + "\n    insecure-skip-tls-verify: true",
            token,
            "clusters[k].cluster.insecure-skip-tls-verify: not allowed: it turns off the check of"
                + " the API server's certificate; remove it and give certificate-authority-data"),
        new Case(
            "CA data is required",
            "server: https://k",
            token,
            "clusters[k].cluster.certificate-authority-data: missing: expected the cluster's CA"
                + " certificate (base64 PEM), so that the API server's certificate is checked"),
        new Case(
            "plain HTTP would send the token in clear",
            "server: http://k\n    certificate-authority-data: " + CA,
            token,
            "clusters[k].cluster.server: expected an https:// URL, got \"http://k\""),
        new Case(
            "a token file would read a file of the function's machine",
            goodCluster,
            "tokenFile: /proc/self/environ",
            "users[u].user.tokenFile: not allowed: a file path on the function's machine; give the"
                + " credential inline"),
        new Case(
            "a CA file is a path too",
            "server: https://k\n    certificate-authority: /etc/ca.pem",
            token,
            "clusters[k].cluster.certificate-authority: not allowed: a file path on the"
                + " function's machine; give the CA inline in certificate-authority-data;"
                + " clusters[k].cluster.certificate-authority-data: missing: expected the"
                + " cluster's CA certificate (base64 PEM), so that the API server's certificate is"
                + " checked"),
        new Case(
            "client certificate files are paths",
            goodCluster,
            "client-certificate: /c.pem\n    client-key: /k.pem",
            "users[u].user.client-certificate: not allowed: a file path on the function's machine;"
                + " give the credential inline; users[u].user.client-key: not allowed: a file path"
                + " on the function's machine; give the credential inline"),
        new Case(
            "every problem is reported at once",
            "server: https://k\n    insecure-skip-tls-verify: true",
            "exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: sh}",
            "clusters[k].cluster.insecure-skip-tls-verify: not allowed: it turns off the check of"
                + " the API server's certificate; remove it and give certificate-authority-data;"
                + " clusters[k].cluster.certificate-authority-data: missing: expected the"
                + " cluster's CA certificate (base64 PEM), so that the API server's certificate is"
                + " checked; users[u].user.exec: not allowed: an exec plugin runs a command on the"
                + " function with its cloud role"
                + INLINE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("broken")
  void aBrokenRuleFailsNamingTheSecretAndTheField(Case c) {
    assertThatThrownBy(() -> KubeconfigText.parse(kubeconfig(c.cluster(), c.user()), SOURCE))
        .isInstanceOf(ConnectionException.class)
        .hasMessage(SOURCE + ": " + c.problems())
        .message()
        .doesNotContain(TOKEN);
  }

  @Test
  void anExecPluginIsNotRunWhileTheKubeconfigIsRead() throws Exception {
    Path ran = dir.resolve("ran");
    String exec =
        "exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: touch, args: ['"
            + ran
            + "']}";

    assertThatThrownBy(
            () ->
                KubeconfigText.parse(
                    kubeconfig("server: https://k\n    certificate-authority-data: " + CA, exec),
                    SOURCE))
        .hasMessageContaining("users[u].user.exec: not allowed");
    assertThat(Files.exists(ran)).isFalse();
  }

  @Test
  void onlyTheEntriesOfTheCurrentContextAreChecked() {
    String text =
        kubeconfig("server: https://k\n    certificate-authority-data: " + CA, "token: " + TOKEN)
            + "- name: laptop\n  user:\n    exec: {apiVersion: v1, command: aws}\n";

    assertThat(KubeconfigText.parse(text, SOURCE).getAutoOAuthToken()).isEqualTo(TOKEN);
  }

  @Test
  void aContextNamingNoClusterOrUserIsNamed() {
    String text =
        kubeconfig("server: https://k\n    certificate-authority-data: " + CA, "token: x")
            .replace("cluster: k", "cluster: gone")
            .replace("user: u", "user: nobody");

    assertThatThrownBy(() -> KubeconfigText.parse(text, SOURCE))
        .hasMessage(
            SOURCE
                + ": contexts[lab].context.cluster: no cluster \"gone\" in clusters;"
                + " contexts[lab].context.user: no user \"nobody\" in users");
  }

  @Test
  void noCurrentContextIsSaidPlainly() {
    String text = kubeconfig("server: https://k", "token: x").replace("current-context: lab", "");

    assertThatThrownBy(() -> KubeconfigText.parse(text, SOURCE))
        .hasMessage(SOURCE + ": no current context with a cluster server: set current-context");
  }

  private static String kubeconfig(String cluster, String user) {
    return """
        apiVersion: v1
        kind: Config
        current-context: lab
        clusters:
        - name: k
          cluster:
            %s
        contexts:
        - name: lab
          context: {cluster: k, user: u}
        users:
        - name: u
          user:
            %s
        """
        .formatted(cluster, user);
  }
}
