package dev.skyscaler.aws.events;

import java.util.Objects;

/**
 * The account and region a function runs in. Its EventBridge rules only see events of that account
 * and region, so an event from anywhere else reached the queue some other way and is not acted on:
 * a node of this cluster is never drained on another account's or region's word.
 */
public record FunctionHome(String account, String region) {
  public FunctionHome {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(region, "region");
    if (account.isBlank() || region.isBlank()) {
      throw new IllegalArgumentException("account and region must not be blank");
    }
  }

  /**
   * The home in a function's ARN, {@code arn:<partition>:lambda:<region>:<account>:function:<name>}
   * (Lambda's {@code Context.getInvokedFunctionArn()}).
   *
   * @throws IllegalArgumentException naming the ARN when it is not a Lambda function's
   */
  public static FunctionHome ofFunctionArn(String arn) {
    String[] parts = arn == null ? new String[0] : arn.split(":", -1);
    if (parts.length < 7
        || !parts[0].equals("arn")
        || !parts[2].equals("lambda")
        || !parts[5].equals("function")
        || parts[3].isBlank()
        || parts[4].isBlank()) {
      throw new IllegalArgumentException(
          "expected a Lambda function ARN arn:<partition>:lambda:<region>:<account>:function:"
              + "<name>, got "
              + arn);
    }
    return new FunctionHome(parts[4], parts[3]);
  }

  /** Whether the event comes from this account and region. */
  public boolean isHomeOf(Ec2InstanceEvent event) {
    return account.equals(event.account()) && region.equals(event.region());
  }
}
