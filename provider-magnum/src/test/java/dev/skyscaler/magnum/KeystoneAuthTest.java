package dev.skyscaler.magnum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.magnum.config.CloudConfig;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.fake.FakeMagnumWorld;
import dev.skyscaler.magnum.fake.FakeOpenStack;
import dev.skyscaler.magnum.fake.FakeOpenStack.Request;
import dev.skyscaler.magnum.http.OpenStackApiException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Keystone v3 as the provider uses it, against the local OpenStack: the three ways to log in, the
 * token reused until shortly before it expires, a refused token replaced once, the catalog's
 * endpoint of the configured region, and no secret or token in any error.
 */
class KeystoneAuthTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  final FakeOpenStack openstack = FakeOpenStack.start();
  final MutableClock clock = new MutableClock(NOW);

  KeystoneAuthTest() {
    FakeMagnumWorld w = openstack.world();
    w.group(w.cluster("prod"), "default-worker", "worker", 1, 4, 2);
  }

  @AfterEach
  void stop() {
    openstack.close();
  }

  record Login(String name, String globalKeys, String method) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Login> logins() {
    return Stream.of(
        new Login(
            "an application credential",
            "application-credential-id = "
                + FakeOpenStack.APP_CRED_ID
                + "\napplication-credential-secret = "
                + FakeOpenStack.APP_CRED_SECRET,
            "\"methods\":[\"application_credential\"]"),
        new Login(
            "a password scoped to the project",
            "user-id = "
                + FakeOpenStack.USER_ID
                + "\npassword = "
                + FakeOpenStack.PASSWORD
                + "\ntenant-id = "
                + FakeOpenStack.PROJECT_ID,
            "\"project\":{\"id\":\"" + FakeOpenStack.PROJECT_ID + "\"}"),
        new Login(
            "a trustee's password scoped to the trust",
            "user-id = "
                + FakeOpenStack.USER_ID
                + "\npassword = "
                + FakeOpenStack.PASSWORD
                + "\ntrust-id = "
                + FakeOpenStack.TRUST_ID,
            "\"OS-TRUST:trust\":{\"id\":\"" + FakeOpenStack.TRUST_ID + "\"}"));
  }

  @ParameterizedTest(name = "{0} logs in and finds the node group")
  @MethodSource("logins")
  void eachWayToLogInReachesMagnum(Login login) {
    MagnumNodeGroupProvider provider = provider(config(login.globalKeys()));

    assertThat(provider.discover(List.of()).groups()).hasSize(1);
    assertThat(openstack.requests().get(0).path()).isEqualTo("/identity/v3/auth/tokens");
    assertThat(openstack.requests().get(0).body()).contains(login.method());
  }

  @Test
  void theTokenIsReusedUntilFiveMinutesBeforeItExpires() {
    MagnumNodeGroupProvider provider = provider(openstack.cloudConfig());

    provider.discover(List.of());
    clock.now = openstack.tokenExpiry.minus(Duration.ofMinutes(6));
    provider.discover(List.of());
    assertThat(tokenRequests()).isEqualTo(1);

    clock.now = openstack.tokenExpiry.minus(Duration.ofMinutes(4));
    openstack.tokenExpiry = clock.now.plus(Duration.ofHours(1));
    provider.discover(List.of());
    provider.discover(List.of());
    assertThat(tokenRequests()).isEqualTo(2);
  }

  @Test
  void aTokenWithLittleLifeLeftIsRenewedHalfWayNotOnEveryCall() {
    openstack.tokenExpiry = NOW.plus(Duration.ofMinutes(4));
    MagnumNodeGroupProvider provider = provider(openstack.cloudConfig());

    provider.discover(List.of());
    clock.now = NOW.plus(Duration.ofMinutes(1));
    provider.discover(List.of());

    assertThat(tokenRequests()).isEqualTo(1);
  }

  @Test
  void aTokenTheServicesRefuseIsReplacedOnce() {
    MagnumNodeGroupProvider provider = provider(openstack.cloudConfig());
    provider.discover(List.of());

    openstack.revokeTokens();

    assertThat(provider.discover(List.of()).groups()).hasSize(1);
    assertThat(tokenRequests()).isEqualTo(2);
  }

  @Test
  void everyMagnumRequestCarriesMicroversionOneTen() {
    provider(openstack.cloudConfig()).discover(List.of());

    assertThat(openstack.requests())
        .filteredOn(r -> r.path().startsWith("/container-infra/"))
        .isNotEmpty()
        .allMatch(r -> r.microversion().equals("container-infra 1.10"));
  }

  @Test
  void aRefusedLoginNamesKeystoneAndTheCredentialButNoSecret() {
    String wrong = openstack.cloudConfig().replace(FakeOpenStack.APP_CRED_SECRET, "wrong-secret-1");

    assertThatThrownBy(() -> provider(wrong).discover(List.of()))
        .isInstanceOf(OpenStackApiException.class)
        .hasMessage(
            "authenticate to Keystone at 127.0.0.1 with application credential "
                + FakeOpenStack.APP_CRED_ID
                + ": 401: The request you have made requires authentication.");
  }

  @Test
  void noTokenAppearsInAnErrorOfAService() {
    MagnumNodeGroupProvider provider = provider(openstack.cloudConfig());
    provider.discover(List.of());
    openstack.fail("GET", "/compute/v2.1/servers", 503);

    assertThatThrownBy(() -> provider.discover(List.of()))
        .isInstanceOf(OpenStackApiException.class)
        .hasMessage("list Nova servers: 503: injected fault");
    String token = openstack.requests().get(1).token();
    assertThat(token).isNotEmpty();
  }

  @Test
  void novaServersAreReadPageByPageWithTheSameToken() {
    FakeMagnumWorld w = openstack.world();
    for (int i = 0; i < 500; i++) {
      w.addServer(w.clusters().get(0), w.clusters().get(0).groups.get(0), "ACTIVE");
    }

    assertThat(provider(openstack.cloudConfig()).discover(List.of()).instances()).hasSize(502);
    assertThat(openstack.requests())
        .filteredOn(r -> r.path().startsWith("/compute/v2.1/servers/detail"))
        .hasSize(2)
        .extracting(Request::token)
        .doesNotContain("")
        .hasSize(2);
    assertThat(tokenRequests()).isEqualTo(1);
  }

  @Test
  void aPagingLinkToAnotherHostIsNotFollowedWithTheToken() {
    FakeMagnumWorld w = openstack.world();
    for (int i = 0; i < 500; i++) {
      w.addServer(w.clusters().get(0), w.clusters().get(0).groups.get(0), "ACTIVE");
    }
    openstack.novaLinkBase = "https://attacker.example";

    assertThatThrownBy(() -> provider(openstack.cloudConfig()).discover(List.of()))
        .isInstanceOf(OpenStackApiException.class)
        .hasMessage(
            "refused to follow a compute link to attacker.example, another host than the catalog's"
                + " 127.0.0.1");
  }

  @Test
  void theConfiguredRegionsEndpointsAreUsed() {
    String other = openstack.cloudConfig().replace("region = RegionOne", "region = RegionThree");

    assertThatThrownBy(() -> provider(other).discover(List.of()))
        .isInstanceOf(OpenStackApiException.class)
        .hasMessage(
            "the Keystone catalog has no public container-infra endpoint in region RegionThree;"
                + " it has [RegionOne, RegionTwo]");
  }

  private long tokenRequests() {
    return openstack.requests().stream()
        .map(Request::path)
        .filter(p -> p.equals("/identity/v3/auth/tokens"))
        .count();
  }

  private String config(String keys) {
    return "[Global]\nauth-url = "
        + openstack.authUrl()
        + "\n"
        + keys
        + "\nregion = RegionOne\nca-file = "
        + openstack.caFile()
        + "\n";
  }

  private MagnumNodeGroupProvider provider(String cloudConfig) {
    return MagnumNodeGroupProvider.connect(
        MagnumOptions.parse(
            "prod", List.of(), List.of(), CloudConfig.parse(cloudConfig, "cloud-config")),
        clock);
  }

  /** A clock the test moves. */
  static final class MutableClock extends Clock {
    volatile Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
