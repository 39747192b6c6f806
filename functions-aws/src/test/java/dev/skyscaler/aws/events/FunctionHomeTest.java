package dev.skyscaler.aws.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The function's own account and region, and the events that come from them. */
class FunctionHomeTest {
  private static final FunctionHome HOME = new FunctionHome("123456789012", "eu-west-1");

  static Stream<Arguments> arns() {
    return Stream.of(
        Arguments.of(
            "arn:aws:lambda:eu-west-1:123456789012:function:skyscaler-Interruption",
            new FunctionHome("123456789012", "eu-west-1")),
        Arguments.of(
            "arn:aws:lambda:eu-west-1:123456789012:function:skyscaler-Interruption:live",
            new FunctionHome("123456789012", "eu-west-1")),
        Arguments.of(
            "arn:aws-cn:lambda:cn-north-1:210987654321:function:f",
            new FunctionHome("210987654321", "cn-north-1")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("arns")
  void theHomeIsTheRegionAndAccountOfTheFunctionsArn(String arn, FunctionHome home) {
    assertThat(FunctionHome.ofFunctionArn(arn)).isEqualTo(home);
  }

  @ParameterizedTest(name = "{0} is refused")
  @ValueSource(
      strings = {
        "arn:aws:sqs:eu-west-1:123456789012:queue",
        "arn:aws:lambda::123456789012:function:f",
        "test"
      })
  void anythingButAFunctionArnIsRefusedNamingIt(String arn) {
    assertThatThrownBy(() -> FunctionHome.ofFunctionArn(arn))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "expected a Lambda function ARN arn:<partition>:lambda:<region>:<account>:function:"
                + "<name>, got "
                + arn);
  }

  static Stream<Arguments> events() {
    return Stream.of(
        Arguments.of("this account and region", "123456789012", "eu-west-1", true),
        Arguments.of("another account", "210987654321", "eu-west-1", false),
        Arguments.of("another region", "123456789012", "us-east-1", false),
        Arguments.of("no account", "", "eu-west-1", false));
  }

  @ParameterizedTest(name = "an event from {0}: {3}")
  @MethodSource("events")
  void onlyAnEventOfTheFunctionsAccountAndRegionIsAtHome(
      String name, String account, String region, boolean home) {
    Ec2InstanceEvent e =
        new Ec2InstanceEvent(
            "e1",
            Ec2InstanceEvent.Kind.REBALANCE,
            "i-1",
            Instant.parse("2026-11-21T12:00:00Z"),
            account,
            region,
            "",
            "",
            Optional.empty());

    assertThat(HOME.isHomeOf(e)).isEqualTo(home);
  }

  @Test
  void aBlankAccountOrRegionIsNoHome() {
    assertThatThrownBy(() -> new FunctionHome(" ", "eu-west-1"))
        .hasMessage("account and region must not be blank");
  }
}
