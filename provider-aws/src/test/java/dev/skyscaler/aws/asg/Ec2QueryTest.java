package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.aws.client.AwsClientSettings;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/** The EC2 Query calls' signing, retries and errors, against scripted HTTP answers. */
class Ec2QueryTest {
  private static final String OK =
      "<DescribeInstancesResponse xmlns=\"http://ec2.amazonaws.com/doc/2016-11-15/\">"
          + "<requestId>r</requestId><reservationSet/></DescribeInstancesResponse>";

  private final Deque<String[]> answers = new ArrayDeque<>();
  private final List<HttpExecuteRequest> sent = new ArrayList<>();
  // the SDK's standard strategy and its classification of errors, without the waits
  private final Ec2Query ec2 =
      new Ec2Query(
          settings(),
          scripted(),
          AwsRetryStrategy.standardRetryStrategy().toBuilder()
              .maxAttempts(AwsClientSettings.MAX_ATTEMPTS)
              .backoffStrategy(BackoffStrategy.retryImmediately())
              .throttlingBackoffStrategy(BackoffStrategy.retryImmediately())
              .build());

  @Test
  void aCallIsASignedFormPostToTheRegionalEndpoint() throws Exception {
    answers.add(new String[] {"200", OK});

    Element answer = ec2.call("DescribeInstances", Map.of("Filter.1.Name", "instance-id"));

    assertThat(answer.getTagName()).isEqualTo("DescribeInstancesResponse");
    HttpExecuteRequest request = sent.get(0);
    assertThat(request.httpRequest().getUri())
        .isEqualTo(URI.create("https://ec2.eu-west-1.amazonaws.com/"));
    assertThat(request.httpRequest().firstMatchingHeader("Authorization"))
        .hasValueSatisfying(
            a ->
                assertThat(a)
                    .startsWith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/")
                    .contains("/eu-west-1/ec2/aws4_request"));
    try (var in = request.contentStreamProvider().orElseThrow().newStream()) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo("Action=DescribeInstances&Version=2016-11-15&Filter.1.Name=instance-id");
    }
  }

  @Test
  void throttlingIsRetriedWithTheSdksStrategy() {
    answers.add(new String[] {"503", error("RequestLimitExceeded", "Request limit exceeded.")});
    answers.add(new String[] {"500", error("InternalError", "An internal error has occurred")});
    answers.add(new String[] {"200", OK});

    ec2.call("DescribeInstances", Map.of());

    assertThat(sent).hasSize(3);
  }

  @Test
  void aRequestErrorIsNotRetriedAndKeepsEc2sCodeAndMessage() {
    answers.add(new String[] {"400", error("InvalidInstanceType", "no such type: m9.big")});

    assertThatThrownBy(() -> ec2.call("DescribeInstanceTypes", Map.of()))
        .isInstanceOfSatisfying(
            AwsServiceException.class,
            e -> {
              assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidInstanceType");
              assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("no such type: m9.big");
              assertThat(e.statusCode()).isEqualTo(400);
            });
    assertThat(sent).hasSize(1);
  }

  @Test
  void throttlingThatOutlastsTheAttemptsSurfacesAsThrottling() {
    for (int i = 0; i < AwsClientSettings.MAX_ATTEMPTS; i++) {
      answers.add(new String[] {"503", error("RequestLimitExceeded", "Request limit exceeded.")});
    }

    assertThatThrownBy(() -> ec2.call("DescribeInstances", Map.of()))
        .isInstanceOfSatisfying(
            AwsServiceException.class, e -> assertThat(e.isThrottlingException()).isTrue());
    assertThat(sent).hasSize(AwsClientSettings.MAX_ATTEMPTS);
  }

  @Test
  void anAnswerWithADoctypeIsRefused() {
    answers.add(
        new String[] {
          "400",
          "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>"
        });

    assertThatThrownBy(() -> ec2.call("DescribeInstances", Map.of()))
        .isInstanceOf(SdkClientException.class)
        .hasMessageStartingWith("EC2 DescribeInstances answered HTTP 400 with no readable XML");
  }

  private static String error(String code, String message) {
    return "<Response><Errors><Error><Code>"
        + code
        + "</Code><Message>"
        + message
        + "</Message></Error></Errors><RequestID>r</RequestID></Response>";
  }

  private static AwsClientSettings settings() {
    return new AwsClientSettings(
        Region.EU_WEST_1,
        Optional.empty(),
        StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDEXAMPLE", "secret")));
  }

  private SdkHttpClient scripted() {
    return new SdkHttpClient() {
      @Override
      public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        sent.add(request);
        String[] answer = answers.removeFirst();
        return new ExecutableHttpRequest() {
          @Override
          public HttpExecuteResponse call() {
            return HttpExecuteResponse.builder()
                .response(SdkHttpResponse.builder().statusCode(Integer.parseInt(answer[0])).build())
                .responseBody(
                    AbortableInputStream.create(
                        new ByteArrayInputStream(answer[1].getBytes(StandardCharsets.UTF_8))))
                .build();
          }

          @Override
          public void abort() {}
        };
      }

      @Override
      public void close() {}
    };
  }
}
