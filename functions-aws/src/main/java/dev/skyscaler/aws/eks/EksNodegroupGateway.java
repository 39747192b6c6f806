package dev.skyscaler.aws.eks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.aws.AwsClientSettings;
import dev.skyscaler.aws.JsonAnswers;
import dev.skyscaler.aws.SignedAwsCall;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.SdkHttpMethod;

/**
 * {@code eks:DescribeNodegroup} ({@code GET /clusters/<cluster>/node-groups/<nodegroup>},
 * REST-JSON), sent as a {@link SignedAwsCall} like {@link EksGateway}'s call: what an EKS managed
 * node group puts on its nodes that its Auto Scaling Group's tags do not say (its Kubernetes labels
 * and taints, its capacity type), and its own tags.
 */
public final class EksNodegroupGateway {
  /**
   * What EKS says about one managed node group.
   *
   * @param capacityType {@code ON_DEMAND}, {@code SPOT} or {@code CAPACITY_BLOCK}; empty when EKS
   *     does not say
   * @param labels the Kubernetes labels EKS puts on every node of the group
   * @param taints the taints EKS puts on every node of the group
   * @param tags the node group's own AWS tags (EKS does not copy them to the Auto Scaling Group)
   */
  public record ManagedNodegroup(
      String cluster,
      String name,
      String capacityType,
      Map<String, String> labels,
      List<Taint> taints,
      Map<String, String> tags) {
    public ManagedNodegroup {
      Objects.requireNonNull(cluster, "cluster");
      Objects.requireNonNull(name, "name");
      capacityType = capacityType == null ? "" : capacityType;
      labels = Map.copyOf(labels);
      taints = List.copyOf(taints);
      tags = Map.copyOf(tags);
    }
  }

  /** DescribeNodegroup failed, or answered something that is not a node group Skyscaler reads. */
  public static final class DescribeFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DescribeFailed(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final SignedAwsCall call;

  public EksNodegroupGateway(SignedAwsCall call) {
    this.call = call;
  }

  public static EksNodegroupGateway create(AwsClientSettings settings) {
    return new EksNodegroupGateway(SignedAwsCall.regional(settings, "eks"));
  }

  /**
   * The node group's labels, taints, capacity type and tags. Throttling and server errors are
   * retried by the SDK's standard strategy first.
   *
   * @throws DescribeFailed naming the cluster, the node group and EKS's error code (e.g. {@code
   *     AccessDeniedException}, {@code ResourceNotFoundException}), or the taint EKS answered with
   *     an effect Kubernetes does not know
   */
  public ManagedNodegroup describeNodegroup(String cluster, String nodegroup) {
    String what = "eks:DescribeNodegroup " + cluster + "/" + nodegroup;
    JsonNode group;
    try {
      group =
          call.call(
              new SignedAwsCall.Request(
                  SdkHttpMethod.GET,
                  "/clusters/" + encode(cluster) + "/node-groups/" + encode(nodegroup),
                  null,
                  null),
              answer -> JsonAnswers.read(answer, "EKS").path("nodegroup"));
    } catch (SdkException e) {
      throw new DescribeFailed(JsonAnswers.failure(what, e), e);
    }
    try {
      return new ManagedNodegroup(
          cluster,
          nodegroup,
          group.path("capacityType").asText(""),
          strings(group.path("labels")),
          taints(group.path("taints")),
          strings(group.path("tags")));
    } catch (IllegalArgumentException e) {
      throw new DescribeFailed(what + ": " + e.getMessage(), e);
    }
  }

  /**
   * EKS's taints in Kubernetes' terms: {@code NO_SCHEDULE} is {@code NoSchedule}, {@code
   * NO_EXECUTE} is {@code NoExecute}, {@code PREFER_NO_SCHEDULE} is {@code PreferNoSchedule}; a
   * taint without a value has the empty value.
   */
  static List<Taint> taints(JsonNode taints) {
    List<Taint> result = new ArrayList<>();
    for (JsonNode t : taints) {
      String key = t.path("key").asText("");
      String effect = t.path("effect").asText("");
      result.add(new Taint(key, t.path("value").asText(""), effect(key, effect)));
    }
    return result;
  }

  private static TaintEffect effect(String key, String eks) {
    return switch (eks) {
      case "NO_SCHEDULE" -> TaintEffect.NO_SCHEDULE;
      case "NO_EXECUTE" -> TaintEffect.NO_EXECUTE;
      case "PREFER_NO_SCHEDULE" -> TaintEffect.PREFER_NO_SCHEDULE;
      default ->
          throw new IllegalArgumentException(
              "taint "
                  + key
                  + ": effect \""
                  + eks
                  + "\": expected NO_SCHEDULE, NO_EXECUTE or PREFER_NO_SCHEDULE");
    };
  }

  private static Map<String, String> strings(JsonNode object) {
    Map<String, String> result = new TreeMap<>();
    object.properties().forEach(e -> result.put(e.getKey(), e.getValue().asText("")));
    return result;
  }

  private static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8);
  }
}
