package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.Config;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class KubeconfigTextTest {
  private static final String CA = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==";
  private static final String SOURCE = "kubeconfig in secret arn:aws:secretsmanager:eu-west-1:1:x";

  static Stream<Arguments> kubeconfigs() {
    return Stream.of(
        Arguments.of("a bearer token", kubeconfig("https://10.0.0.1:6443", "token: abc")),
        Arguments.of(
            "client certificate data",
            kubeconfig(
                "https://k.example.com",
                "client-certificate-data: " + CA + "\n    client-key-data: " + CA)),
        Arguments.of("basic auth", kubeconfig("https://k", "username: u\n    password: p")),
        Arguments.of(
            "extensions on the cluster, the context and the file",
            kubeconfig("https://k", "token: abc")
                    .replace(
                        "    server: https://k",
                        "    server: https://k\n    extensions:\n    - name: client.authentication.k8s.io/exec\n      extension: {audience: lab}")
                    .replace(
                        "    namespace: team-a",
                        "    namespace: team-a\n    extensions:\n    - name: context_info\n      extension: {last-update: today, provider: minikube.sigs.k8s.io}")
                + "extensions:\n- name: top\n  extension: {kind: Unknown, apiVersion: example.com/v1}\n"),
        Arguments.of(
            "a proxy",
            kubeconfig("https://k", "token: abc")
                .replace(
                    "certificate-authority-data: " + CA,
                    "certificate-authority-data: " + CA + "\n    proxy-url: http://proxy:3128")),
        Arguments.of(
            "JSON instead of YAML",
            """
            {"apiVersion":"v1","kind":"Config","current-context":"c",
             "clusters":[{"name":"k","cluster":{"server":"https://json",
               "certificate-authority-data":"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg=="}}],
             "contexts":[{"name":"c","context":{"cluster":"k","user":"u"}}],
             "users":[{"name":"u","user":{"token":"t"}}]}
            """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kubeconfigs")
  void aKubeconfigGivesWhatFabric8sOwnReaderGives(String form, String text) {
    Config ours = KubeconfigText.parse(text, SOURCE);
    Config fabric8s = Config.fromKubeconfig(text);

    assertThat(fields(ours)).isEqualTo(fields(fabric8s));
    assertThat(ours.getMasterUrl()).startsWith("https://");
  }

  @Test
  void theCurrentContextsNamespaceAndTheContextsAreRead() {
    Config c = KubeconfigText.parse(kubeconfig("https://10.0.0.1:6443", "token: abc"), SOURCE);

    assertThat(c.getMasterUrl()).isEqualTo("https://10.0.0.1:6443/");
    assertThat(c.getNamespace()).isEqualTo("team-a");
    assertThat(c.getAutoOAuthToken()).isEqualTo("abc");
    assertThat(c.getCaCertData()).isEqualTo(CA);
    assertThat(c.getCurrentContext().getName()).isEqualTo("lab");
    assertThat(c.getContexts()).extracting(NamedContext::getName).containsExactly("lab");
  }

  @Test
  void anExtensionNamingAKindIsReadAsAGenericResourceNotAsThatKind() {
    String text =
        kubeconfig("https://k", "token: abc")
            .replace(
                "    namespace: team-a",
                "    namespace: team-a\n    extensions:\n    - name: x\n"
                    + "      extension: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}");

    Config c = KubeconfigText.parse(text, SOURCE);

    assertThat(c.getCurrentContext().getContext().getExtensions().get(0).getExtension())
        .isInstanceOfSatisfying(
            GenericKubernetesResource.class, r -> assertThat(r.getKind()).isEqualTo("ConfigMap"));
    assertThat(c.getAutoOAuthToken()).isEqualTo("abc");
  }

  @Test
  void emptyTextIsRefused() {
    assertThatThrownBy(() -> KubeconfigText.parse("  \n", SOURCE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the kubeconfig is empty");
  }

  @Test
  void aSyntaxErrorKeepsTheParsersLineAndColumn() {
    assertThatThrownBy(() -> KubeconfigText.parse("clusters:\n  - name: a\n   : [unclosed", SOURCE))
        .hasStackTraceContaining("line 3");
  }

  private static String kubeconfig(String server, String user) {
    return """
        apiVersion: v1
        kind: Config
        current-context: lab
        clusters:
        - name: k
          cluster:
            server: %s
            certificate-authority-data: %s
        contexts:
        - name: lab
          context:
            cluster: k
            user: u
            namespace: team-a
        users:
        - name: u
          user:
            %s
        """
        .formatted(server, CA, user);
  }

  /** Every getter of the client Config that a kubeconfig can set, by name. */
  private static Map<String, Object> fields(Config c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("masterUrl", c.getMasterUrl());
    m.put("namespace", c.getNamespace());
    m.put("caCertData", c.getCaCertData());
    m.put("caCertFile", c.getCaCertFile());
    m.put("clientCertData", c.getClientCertData());
    m.put("clientKeyData", c.getClientKeyData());
    m.put("oauthToken", c.getAutoOAuthToken());
    m.put("username", c.getUsername());
    m.put("password", c.getPassword());
    m.put("trustCerts", c.isTrustCerts());
    m.put("httpsProxy", c.getHttpsProxy());
    m.put("httpProxy", c.getHttpProxy());
    m.put("authProvider", c.getAuthProvider());
    m.put("currentContext", c.getCurrentContext());
    m.put("contexts", c.getContexts());
    m.put("impersonate", c.getImpersonateUsername());
    m.put(
        "impersonateGroups",
        c.getImpersonateGroups() == null ? List.of() : Arrays.asList(c.getImpersonateGroups()));
    return m;
  }
}
