package dev.skyscaler.benchmarks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * API objects as a live cluster returns them, as JSON: nodes and running pods shaped like those of
 * a Deployment on EKS (labels and annotations of the usual tools, a probe, environment, the
 * service-account volume, container statuses), about 2.5 KB per pod. Item {@code i} is the same
 * object every time it is asked for.
 */
final class LiveObjects {
  private LiveObjects() {}

  /**
   * A server of a cluster's lists: {@code nodes} nodes, {@code pods} running pods spread over them,
   * and no Namespaces, PodDisruptionBudgets or DaemonSets.
   */
  static LoopbackApiServer cluster(int nodes, int pods) {
    return cluster(nodes, pods, false);
  }

  /** {@link #cluster(int, int)}, over TLS when {@code tls}. */
  static LoopbackApiServer cluster(int nodes, int pods, boolean tls) {
    int[] nodeOrder = storageOrder(nodes, i -> "node-" + i);
    int[] podOrder = storageOrder(pods, LiveObjects::podKey);
    return new LoopbackApiServer(tls)
        .serve(
            "/api/v1/nodes",
            new LoopbackApiServer.Served(
                "Node",
                nodes,
                i -> node(nodeOrder[i]),
                (i, out) -> NODE.write(out, nodeValues(nodeOrder[i]))))
        .serve(
            "/api/v1/pods",
            new LoopbackApiServer.Served(
                "Pod",
                pods,
                i -> pod(podOrder[i], nodes),
                (i, out) -> POD.write(out, podValues(podOrder[i], nodes))))
        .serve(
            "/apis/policy/v1/poddisruptionbudgets",
            new LoopbackApiServer.Served("PodDisruptionBudget", 0, i -> ""))
        .serve("/apis/apps/v1/daemonsets", new LoopbackApiServer.Served("DaemonSet", 0, i -> ""))
        .serve("/api/v1/namespaces", new LoopbackApiServer.Served("Namespace", 0, i -> ""));
  }

  /**
   * The indexes {@code 0..count-1} in the order an API server lists their objects: by storage key
   * ({@code namespace/name}), as etcd ranges over them.
   */
  static int[] storageOrder(int count, IntFunction<String> key) {
    String[] keys = new String[count];
    for (int i = 0; i < count; i++) {
      keys[i] = key.apply(i);
    }
    return IntStream.range(0, count)
        .boxed()
        .sorted(Comparator.comparing(i -> keys[i]))
        .mapToInt(Integer::intValue)
        .toArray();
  }

  /** Pod {@code i}'s storage key: its namespace and name as {@link #pod} renders them. */
  static String podKey(int i) {
    int app = i % 500;
    return "team-" + app % 50 + "/web-" + app + "-7d9f8c6b5-" + i;
  }

  /** Node {@code i}: m5.xlarge-like, Ready, one of three zones. */
  static String node(int i) {
    return NODE.fill(nodeValues(i));
  }

  private static Object[] nodeValues(int i) {
    String zone = "eu-west-1" + (char) ('a' + i % 3);
    return new Object[] {i, zone, padded(i, 10, 12), padded(i, 16, 17)};
  }

  /** Running pod {@code i} of Deployment {@code web-<i mod 500>}, on node {@code i mod nodes}. */
  static String pod(int i, int nodes) {
    return POD.fill(podValues(i, nodes));
  }

  /** {@link #pod}'s bytes, as a list answer carries them. */
  static byte[] podBytes(int i, int nodes) {
    RenderedBytes out = new RenderedBytes();
    POD.write(out, podValues(i, nodes));
    return out.toArray();
  }

  private static Object[] podValues(int i, int nodes) {
    int app = i % 500;
    return new Object[] {
      i,
      app,
      app % 50,
      i % nodes,
      i >> 16 & 255,
      i >> 8 & 255,
      i & 255,
      padded(i, 10, 12),
      padded(app, 10, 12),
      padded(i, 16, 64)
    };
  }

  // {n} is the n-th value given to fill: rendering a page must cost the benchmark's server little,
  // as it shares the cores with the reader under test
  private static final Template NODE =
      new Template(
          """
        {"apiVersion":"v1","kind":"Node","metadata":{"name":"node-{0}","uid":"5b0c2d4e-0000-4000-8000-{2}",\
        "creationTimestamp":"2026-11-20T08:00:00Z","labels":{"kubernetes.io/hostname":"node-{0}",\
        "kubernetes.io/arch":"amd64","kubernetes.io/os":"linux","node.kubernetes.io/instance-type":"m5.xlarge",\
        "topology.kubernetes.io/zone":"{1}","topology.kubernetes.io/region":"eu-west-1",\
        "eks.amazonaws.com/capacityType":"ON_DEMAND"},"annotations":{"node.alpha.kubernetes.io/ttl":"0",\
        "volumes.kubernetes.io/controller-managed-attach-detach":"true"}},\
        "spec":{"providerID":"aws:///{1}/i-{3}"},\
        "status":{"capacity":{"cpu":"4","memory":"16092700Ki","pods":"58","ephemeral-storage":"83873772Ki"},\
        "allocatable":{"cpu":"3920m","memory":"15076892Ki","pods":"58","ephemeral-storage":"76224326324"},\
        "conditions":[{"type":"MemoryPressure","status":"False","lastTransitionTime":"2026-11-20T08:00:30Z",\
        "reason":"KubeletHasSufficientMemory"},{"type":"Ready","status":"True",\
        "lastTransitionTime":"2026-11-20T08:00:40Z","reason":"KubeletReady"}],\
        "nodeInfo":{"kubeletVersion":"v1.31.2-eks-94953ac","osImage":"Amazon Linux 2023",\
        "containerRuntimeVersion":"containerd://1.7.23"},\
        "images":[{"names":["registry.example.com/team/web@sha256:4a1c"],"sizeBytes":71234567}]}}""");

  private static final Template POD =
      new Template(
          """
        {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-{1}-7d9f8c6b5-{0}","namespace":"team-{2}",\
        "uid":"9e1f0a2b-0000-4000-8000-{7}","creationTimestamp":"2026-11-20T10:00:00Z",\
        "labels":{"app.kubernetes.io/name":"web-{1}","app.kubernetes.io/instance":"web-{1}",\
        "app.kubernetes.io/part-of":"shop","pod-template-hash":"7d9f8c6b5"},\
        "annotations":{"kubectl.kubernetes.io/restartedAt":"2026-11-20T09:58:00Z",\
        "checksum/config":"3f2b4c5d1111400080000000a11e3f2b4c5d1111400080000000a11e"},\
        "ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"web-{1}-7d9f8c6b5",\
        "uid":"0c1d2e3f-0000-4000-8000-{8}","controller":true,"blockOwnerDeletion":true}]},\
        "spec":{"nodeName":"node-{3}","schedulerName":"default-scheduler","priority":0,\
        "restartPolicy":"Always","terminationGracePeriodSeconds":30,"serviceAccountName":"web-{1}",\
        "containers":[{"name":"web","image":"registry.example.com/team/web:1.27.3",\
        "ports":[{"containerPort":8080,"protocol":"TCP"}],\
        "resources":{"requests":{"cpu":"100m","memory":"256Mi"},"limits":{"memory":"512Mi"}},\
        "env":[{"name":"LOG_LEVEL","value":"info"},{"name":"POD_IP","valueFrom":{"fieldRef":{"fieldPath":"status.podIP"}}}],\
        "readinessProbe":{"httpGet":{"path":"/healthz","port":8080},"periodSeconds":10},\
        "volumeMounts":[{"name":"kube-api-access","mountPath":"/var/run/secrets/kubernetes.io/serviceaccount","readOnly":true}]}],\
        "tolerations":[{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300},\
        {"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}],\
        "volumes":[{"name":"kube-api-access","projected":{"sources":[{"serviceAccountToken":{"path":"token",\
        "expirationSeconds":3607}},{"configMap":{"name":"kube-root-ca.crt","items":[{"key":"ca.crt","path":"ca.crt"}]}}]}}]},\
        "status":{"phase":"Running","podIP":"10.{4}.{5}.{6}","startTime":"2026-11-20T10:00:02Z",\
        "conditions":[{"type":"PodScheduled","status":"True","lastTransitionTime":"2026-11-20T10:00:00Z"},\
        {"type":"Ready","status":"True","lastTransitionTime":"2026-11-20T10:00:09Z"}],\
        "containerStatuses":[{"name":"web","ready":true,"started":true,"restartCount":0,\
        "image":"registry.example.com/team/web:1.27.3","imageID":"registry.example.com/team/web@sha256:4a1c",\
        "containerID":"containerd://{9}","state":{"running":{"startedAt":"2026-11-20T10:00:04Z"}}}]}}""");

  /** {@code value} in {@code radix}, left-padded with zeros to {@code width} digits. */
  private static String padded(long value, int radix, int width) {
    String digits = Long.toString(value, radix);
    return "0".repeat(Math.max(0, width - digits.length())) + digits;
  }

  /** A text with numbered holes, split once; filling it is concatenation. */
  private static final class Template {
    private static final Pattern HOLE = Pattern.compile("\\{(\\d+)}");
    private final List<String> parts = new ArrayList<>();
    private final List<byte[]> partBytes = new ArrayList<>();
    private final List<Integer> holes = new ArrayList<>();

    Template(String text) {
      Matcher m = HOLE.matcher(text);
      int at = 0;
      while (m.find()) {
        parts.add(text.substring(at, m.start()));
        holes.add(Integer.parseInt(m.group(1)));
        at = m.end();
      }
      parts.add(text.substring(at));
      for (String part : parts) {
        partBytes.add(part.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
    }

    /** {@link #fill}, written into {@code out} (the values are ASCII: numbers and names). */
    void write(RenderedBytes out, Object... values) {
      for (int h = 0; h < holes.size(); h++) {
        out.add(partBytes.get(h));
        out.ascii(String.valueOf(values[holes.get(h)]));
      }
      out.add(partBytes.get(holes.size()));
    }

    String fill(Object... values) {
      StringBuilder b = new StringBuilder(3_000);
      for (int h = 0; h < holes.size(); h++) {
        b.append(parts.get(h)).append(values[holes.get(h)]);
      }
      return b.append(parts.get(holes.size())).toString();
    }
  }
}
