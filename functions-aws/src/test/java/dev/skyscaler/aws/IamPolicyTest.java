package dev.skyscaler.aws;

import static dev.skyscaler.aws.CfnTemplate.list;
import static dev.skyscaler.aws.CfnTemplate.map;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The function role of {@code template.yaml}, read as CloudFormation reads it: every action it
 * grants is one the functions use, and every change to an Auto Scaling Group is allowed only on the
 * cluster's own groups (both discovery tags) or on the groups listed for static {@code --nodes}.
 */
class IamPolicyTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path MAIN = Path.of("src/main/java/dev/skyscaler/aws");

  /** The provider and its gateways (asg, eks, client) live in provider-aws (ADR 0055). */
  private static final Path PROVIDER = ROOT.resolve("provider-aws/src/main/java/dev/skyscaler/aws");

  private static final String LAMBDA_SQS = "Lambda's SQS event source of InterruptionFunction";
  private static final String ASG_ARN =
      "arn:${AWS::Partition}:autoscaling:${AWS::Region}:${AWS::AccountId}:autoScalingGroup:*"
          + ":autoScalingGroupName/*";
  private static final String TAG = "autoscaling:ResourceTag/k8s.io/cluster-autoscaler/";

  private static CfnTemplate template;
  private static List<Statement> statements;

  /**
   * One statement of the role's policies.
   *
   * @param when the template condition under which it exists ({@code Fn::If}); empty: always
   * @param resource a string, a list or a function ({@code {Ref: NodesGroupArns}})
   */
  record Statement(
      String sid,
      Optional<String> when,
      List<String> actions,
      Object resource,
      Map<String, Object> condition) {}

  /** An action the role grants, and the code that calls it. */
  record Use(String action, String calledBy) {
    @Override
    public String toString() {
      return action + " is called by " + calledBy;
    }
  }

  static Stream<Use> uses() {
    return Stream.of(
        new Use("autoscaling:DescribeAutoScalingGroups", "asg/AsgGateway.java"),
        new Use("autoscaling:DescribeLaunchConfigurations", "asg/AsgGateway.java"),
        new Use("autoscaling:DescribeLifecycleHooks", "asg/AsgGateway.java"),
        new Use("autoscaling:DescribeScalingActivities", "asg/AsgGateway.java"),
        new Use("autoscaling:SetDesiredCapacity", "asg/AsgGateway.java"),
        new Use("autoscaling:TerminateInstanceInAutoScalingGroup", "asg/AsgGateway.java"),
        new Use("autoscaling:SetInstanceHealth", "asg/AsgGateway.java"),
        new Use("autoscaling:CompleteLifecycleAction", "asg/AsgGateway.java"),
        new Use("autoscaling:RecordLifecycleActionHeartbeat", "asg/AsgGateway.java"),
        new Use("ec2:DescribeInstanceTypes", "asg/Ec2Gateway.java"),
        new Use("ec2:DescribeInstances", "asg/Ec2Gateway.java"),
        new Use("ec2:DescribeLaunchTemplateVersions", "asg/Ec2Gateway.java"),
        new Use("eks:DescribeCluster", "eks/EksGateway.java"),
        new Use("eks:DescribeNodegroup", "eks/EksGateway.java"),
        new Use("secretsmanager:GetSecretValue", "secrets/SecretsGateway.java"),
        new Use("sqs:ReceiveMessage", LAMBDA_SQS),
        new Use("sqs:DeleteMessage", LAMBDA_SQS),
        new Use("sqs:GetQueueAttributes", LAMBDA_SQS));
  }

  @BeforeAll
  static void read() throws IOException {
    template = CfnTemplate.read(ROOT.resolve("template.yaml"));
    statements = statements(template);
  }

  @Test
  void theRoleGrantsExactlyTheActionsTheFunctionsUse() {
    Set<String> granted = new TreeSet<>();
    statements.forEach(s -> granted.addAll(s.actions()));

    assertThat(granted).isEqualTo(uses().map(Use::action).collect(Collectors.toSet()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("uses")
  void eachGrantedActionIsCalledWhereTheTableSays(Use use) throws IOException {
    String operation = use.action().substring(use.action().indexOf(':') + 1);
    if (use.calledBy().equals(LAMBDA_SQS)) {
      Map<String, Object> event =
          map(map(template.properties("InterruptionFunction").get("Events")).get("Interruptions"));
      assertThat(event.get("Type")).isEqualTo("SQS");
      return;
    }
    Path source =
        Files.exists(MAIN.resolve(use.calledBy()))
            ? MAIN.resolve(use.calledBy())
            : PROVIDER.resolve(use.calledBy());
    assertThat(Files.readString(source).toLowerCase()).contains(operation.toLowerCase());
  }

  @Test
  void aChangeToAGroupNeedsBothDiscoveryTagsOfThisClusterOrAListedArn() {
    List<Statement> changes =
        statements.stream()
            .filter(s -> s.actions().stream().anyMatch(IamPolicyTest::changesAGroup))
            .toList();

    assertThat(changes).extracting(Statement::sid).hasSize(2);
    for (Statement s : changes) {
      if (s.when().isPresent()) {
        assertThat(s.when()).contains("HasNodesGroupArns");
        assertThat(s.resource()).isEqualTo(Map.of("Ref", "NodesGroupArns"));
        assertThat(s.condition()).isEmpty();
      } else {
        assertThat(s.resource()).isEqualTo(ASG_ARN);
        assertThat(s.condition())
            .isEqualTo(
                Map.of(
                    "StringEquals", Map.of(TAG + "enabled", "true"),
                    "Null", Map.of(TAG + "${ClusterName}", "false")));
      }
    }
  }

  @Test
  void theListedGroupsAreAllowedOnlyWhenNodesIsSetToo() {
    Map<String, Object> rule = map(template.section("Rules").get("NodesNeedTheirGroupArnsOrTags"));

    assertThat(rule.get("RuleCondition"))
        .isEqualTo(template.section("Conditions").get("HasNodesGroupArns"));
    assertThat(map(list(rule.get("Assertions")).get(0)).get("Assert"))
        .isEqualTo(
            Map.of("Fn::Not", List.of(Map.of("Fn::Equals", List.of(Map.of("Ref", "Nodes"), "")))));
  }

  @Test
  void onlyDescribeActionsAreGrantedOnEveryResource() {
    for (Statement s : statements) {
      if ("*".equals(s.resource())) {
        assertThat(s.actions()).as(s.sid()).allMatch(a -> a.contains(":Describe"));
      }
      assertThat(s.actions()).as(s.sid()).noneMatch(a -> a.contains("*"));
    }
  }

  @Test
  void theClusterIsDescribedOnlyWhenNoKubeconfigSecretIsGiven() {
    Statement find =
        statements.stream()
            .filter(s -> s.actions().contains("eks:DescribeCluster"))
            .findFirst()
            .get();

    assertThat(find.when()).contains("!HasKubeconfigSecret");
    assertThat(find.resource())
        .isEqualTo(
            Map.of(
                "Fn::Sub",
                "arn:${AWS::Partition}:eks:${AWS::Region}:${AWS::AccountId}:cluster/${ClusterName}"));
  }

  /** Whether {@code action} changes a group (anything of Auto Scaling's but a Describe). */
  private static boolean changesAGroup(String action) {
    return action.startsWith("autoscaling:") && !action.startsWith("autoscaling:Describe");
  }

  /** The statements of the role's inline policies and of the managed policies it references. */
  private static List<Statement> statements(CfnTemplate template) throws IOException {
    Map<String, Object> role = template.properties("FunctionRole");
    List<Statement> all = new ArrayList<>();
    for (Object policy : list(role.get("Policies"))) {
      Map<String, Object> document = map(map(policy).get("PolicyDocument"));
      for (Object item : list(document.get("Statement"))) {
        statement(item).ifPresent(all::add);
      }
    }
    for (Object arn : list(role.get("ManagedPolicyArns"))) {
      if (arn instanceof Map<?, ?> ref && ref.get("Ref") instanceof String name) {
        Map<String, Object> document = document(template.properties(name).get("PolicyDocument"));
        for (Object item : list(document.get("Statement"))) {
          statement(item).ifPresent(all::add);
        }
      }
    }
    return all;
  }

  /** A document written as YAML, or as JSON text in {@code !Sub} (for keys holding parameters). */
  private static Map<String, Object> document(Object policy) throws IOException {
    if (policy instanceof Map<?, ?> m && m.get("Fn::Sub") instanceof String json) {
      return new ObjectMapper().readValue(json, new TypeReference<Map<String, Object>>() {});
    }
    return map(policy);
  }

  /** A statement, with the condition it exists under; empty for {@code AWS::NoValue}. */
  private static Optional<Statement> statement(Object item) {
    Optional<String> when = Optional.empty();
    Object body = item;
    if (item instanceof Map<?, ?> m && m.get("Fn::If") instanceof List<?> branches) {
      String condition = (String) branches.get(0);
      if (isNoValue(branches.get(1))) {
        when = Optional.of("!" + condition);
        body = branches.get(2);
      } else {
        assertThat(isNoValue(branches.get(2)))
            .as("a statement or none under " + condition)
            .isTrue();
        when = Optional.of(condition);
        body = branches.get(1);
      }
    }
    Map<String, Object> s = map(body);
    Object condition = s.get("Condition");
    return Optional.of(
        new Statement(
            (String) s.get("Sid"),
            when,
            list(s.get("Action")).stream().map(String.class::cast).toList(),
            s.get("Resource"),
            condition == null ? Map.of() : map(condition)));
  }

  private static boolean isNoValue(Object o) {
    return o instanceof Map<?, ?> m && "AWS::NoValue".equals(m.get("Ref"));
  }
}
