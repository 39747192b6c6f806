package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.util.function.LongSupplier;

/** A Lambda context whose request id and remaining time the test controls. */
public final class FakeContext implements Context {
  private final String requestId;
  private final LongSupplier remainingMillis;

  public FakeContext(String requestId, LongSupplier remainingMillis) {
    this.requestId = requestId;
    this.remainingMillis = remainingMillis;
  }

  FakeContext(LongSupplier remainingMillis) {
    this("test-request", remainingMillis);
  }

  @Override
  public String getAwsRequestId() {
    return requestId;
  }

  @Override
  public String getLogGroupName() {
    return "/aws/lambda/test";
  }

  @Override
  public String getLogStreamName() {
    return "test";
  }

  @Override
  public String getFunctionName() {
    return "test";
  }

  @Override
  public String getFunctionVersion() {
    return "$LATEST";
  }

  @Override
  public String getInvokedFunctionArn() {
    return "arn:aws:lambda:us-east-1:123456789012:function:test";
  }

  @Override
  public CognitoIdentity getIdentity() {
    return null;
  }

  @Override
  public ClientContext getClientContext() {
    return null;
  }

  @Override
  public int getRemainingTimeInMillis() {
    return (int) remainingMillis.getAsLong();
  }

  @Override
  public int getMemoryLimitInMB() {
    return 1024;
  }

  @Override
  public LambdaLogger getLogger() {
    return null;
  }
}
