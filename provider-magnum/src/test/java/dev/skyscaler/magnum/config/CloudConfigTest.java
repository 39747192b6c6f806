package dev.skyscaler.magnum.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.config.ConfigException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Cluster Autoscaler's magnum cloud-config, read as it writes it, and every mistake named. */
class CloudConfigTest {
  record Good(String name, String text, String describe) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Good> accepted() {
    return Stream.of(
        new Good(
            "an application credential by id logs in without a scope",
            "[Global]\nauth-url=https://keystone.example:5000/v3\napplication-credential-id=ac1\n"
                + "application-credential-secret=xyz\nregion=IU\n",
            "cloud-config https://keystone.example:5000/v3 as application credential ac1"),
        new Good(
            "a trustee's user-id, password and trust-id (Magnum's Heat cloud-config) log in by trust",
            "[Global]\nauth-url=https://k.example/v3\nuser-id=trustee\npassword=\"p;w#d\"\n"
                + "trust-id=t1\nregion=RegionOne\nca-file=/etc/kubernetes/ca-bundle.crt\n",
            "cloud-config https://k.example/v3 as trust t1 of user trustee"),
        new Good(
            "a username, password and tenant name log in to the project",
            "; CA's example\n[Global]\nauth-url = https://k.example\nusername = demo\n"
                + "password = pw\ntenant-name = demo-project\ndomain-name = Default\n"
                + "[LoadBalancer]\nuse-octavia = true\n",
            "cloud-config https://k.example as password of user demo for project demo-project"),
        new Good(
            "keys and sections are case-insensitive as in gcfg",
            "[GLOBAL]\nAuth-URL=https://k.example\nApplication-Credential-ID=ac2\n"
                + "application-credential-secret=s\n[skyscaler]\nnodes-to-remove = ignored\n",
            "cloud-config https://k.example as application credential ac2"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  void readsCloudConfigsAsClusterAutoscalerDoes(Good c) {
    CloudConfig config = CloudConfig.parse(c.text(), "cloud.conf");

    assertThat(config.toString()).isEqualTo(c.describe());
  }

  record Bad(String name, String text, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Bad> refused() {
    return Stream.of(
        new Bad(
            "no auth-url and no credentials",
            "[Global]\nregion=RegionOne\n",
            "cloud.conf: [Global] auth-url is required (Keystone's v3 URL)\n"
                + "cloud.conf: [Global] expected application-credential-id and"
                + " application-credential-secret, or user-id (or username and domain-name) and"
                + " password"),
        new Bad(
            "plain http to another host, an unknown key and a bad flag",
            "[Global]\nauth-url=http://k.example/v3\napplication-credential-id=a\n"
                + "application-credential-secret=s\nuse-clouds=true\ntls-insecure=maybe\n",
            "cloud.conf: [Global] unknown key use-clouds; expected one of [application-credential-id,"
                + " application-credential-name, application-credential-secret, auth-url, ca-file,"
                + " domain-id, domain-name, password, region, tenant-id, tenant-name, tls-insecure,"
                + " trust-id, user-domain-id, user-domain-name, user-id, username]\n"
                + "cloud.conf: [Global] auth-url: expected an https URL (http only to a loopback"
                + " address), got \"http://k.example/v3\"\n"
                + "cloud.conf: [Global] tls-insecure: expected true or false, got \"maybe\""),
        new Bad(
            "two ways to log in, and a malformed line",
            "[Global]\nauth-url=https://k\napplication-credential-id=a\n"
                + "application-credential-secret=s\npassword=p\nthis line is not a key\n",
            "cloud.conf:6: expected key = value, got \"this line is not a key\"\n"
                + "cloud.conf: [Global] application-credential-secret excludes trust-id and"
                + " password: give one way to log in"),
        new Bad(
            "a password without a project, an unknown section and a bad removal setting",
            "[Global]\nauth-url=https://k\nuser-id=u\npassword=p\n[Clouds]\nx=1\n"
                + "[Skyscaler]\nnodes-to-remove=sometimes\n",
            "cloud.conf: unknown section [clouds]; expected [Global] (and [Skyscaler])\n"
                + "cloud.conf: [Global] a password login needs tenant-id or tenant-name (or"
                + " trust-id)\n"
                + "cloud.conf: [Skyscaler] nodes-to-remove: expected auto, honoured or ignored,"
                + " got \"sometimes\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void refusesABadCloudConfigWithEveryProblemNamed(Bad c) {
    assertThatThrownBy(() -> CloudConfig.parse(c.text(), "cloud.conf"))
        .isInstanceOf(ConfigException.class)
        .hasMessage(c.message());
  }

  @org.junit.jupiter.api.Test
  void aQuotedValueKeepsItsSpacesAndCommentCharacters() {
    CloudConfig c =
        CloudConfig.parse(
            "[Global]\nauth-url=https://k\nuser-id=u\npassword = \"  a;b#c \\\" \"  ; comment\n"
                + "trust-id=t1 # comment\n",
            "cloud.conf");

    Credentials.Trust trust = (Credentials.Trust) c.credentials();
    assertThat(trust.password()).isEqualTo("  a;b#c \" ");
    assertThat(trust.trustId()).isEqualTo("t1");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  void noSecretAppearsInWhatIsPrinted(Good c) {
    CloudConfig config = CloudConfig.parse(c.text(), "cloud.conf");

    assertThat(config.toString() + config.credentials() + config.credentials().describe())
        .doesNotContain("xyz")
        .doesNotContain("p;w#d")
        .doesNotContain("pw");
  }
}
