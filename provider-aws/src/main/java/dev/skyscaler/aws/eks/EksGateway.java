package dev.skyscaler.aws.eks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.client.JsonAnswers;
import dev.skyscaler.aws.client.SignedAwsCall;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.SdkHttpMethod;

/**
 * Every EKS call Skyscaler makes, each a {@link SignedAwsCall} (REST-JSON) rather than a call of
 * the 2.5 MB EKS client: {@code eks:DescribeCluster} ({@code GET /clusters/<name>}), the endpoint
 * and CA of the cluster to reach, and {@code eks:DescribeNodegroup} ({@code GET
 * /clusters/<cluster>/node-groups/<nodegroup>}), what a managed node group puts on its nodes.
 * Throttling and server errors are retried by the SDK's standard strategy; a call that still fails
 * throws {@link EksGatewayException}. Nothing is cached here: the node-group provider keeps the
 * node groups' answers, and a cluster is described once per invocation.
 */
public final class EksGateway {
  private final SignedAwsCall call;

  public EksGateway(SignedAwsCall call) {
    this.call = call;
  }

  public static EksGateway create(AwsClientSettings settings) {
    return new EksGateway(SignedAwsCall.regional(settings, "eks"));
  }

  /**
   * The cluster's endpoint and CA.
   *
   * @throws EksGatewayException naming the cluster when it cannot be described or has no endpoint
   *     yet (still creating)
   */
  public EksCluster describeCluster(String name) {
    JsonNode cluster = get("eks:DescribeCluster " + name, "/clusters/" + encode(name), "cluster");
    String endpoint = cluster.path("endpoint").asText("");
    String ca = cluster.path("certificateAuthority").path("data").asText("");
    if (endpoint.isEmpty() || ca.isEmpty()) {
      throw new EksGatewayException(
          "EKS cluster "
              + name
              + " has no endpoint or CA yet (status "
              + cluster.path("status").asText("unknown")
              + ")",
          null);
    }
    return new EksCluster(
        name,
        URI.create(endpoint),
        ca,
        cluster.path("accessConfig").path("authenticationMode").asText(""));
  }

  /**
   * The node group's labels, taints, capacity type and tags.
   *
   * @throws EksGatewayException naming the cluster, the node group and EKS's error code (e.g.
   *     {@code AccessDeniedException}, {@code ResourceNotFoundException}), or the taint EKS
   *     answered with an effect Kubernetes does not know
   */
  public ManagedNodegroup describeNodegroup(String cluster, String nodegroup) {
    String what = "eks:DescribeNodegroup " + cluster + "/" + nodegroup;
    JsonNode group =
        get(
            what,
            "/clusters/" + encode(cluster) + "/node-groups/" + encode(nodegroup),
            "nodegroup");
    try {
      return new ManagedNodegroup(
          cluster,
          nodegroup,
          group.path("capacityType").asText(""),
          strings(group.path("labels")),
          taints(group.path("taints")),
          strings(group.path("tags")));
    } catch (IllegalArgumentException e) {
      throw new EksGatewayException(what + ": " + e.getMessage(), e);
    }
  }

  /** The {@code field} of a GET's answer. */
  private JsonNode get(String what, String path, String field) {
    try {
      return call.call(
          new SignedAwsCall.Request(SdkHttpMethod.GET, path, null, null),
          answer -> JsonAnswers.read(answer, "EKS").path(field));
    } catch (SdkException e) {
      throw new EksGatewayException(JsonAnswers.failure(what, e), e);
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
