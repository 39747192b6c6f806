package dev.skyscaler.azure.arm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The local ARM server's long-running operations: each has an id, polls left before it completes,
 * and the change it makes on completion. Compute and AKS operations are polled at {@code
 * …/providers/<namespace>/locations/<region>/operations/<id>} ({@code Azure-AsyncOperation}, a
 * status body) and {@code …/operationresults/<id>} ({@code Location}: 202 while running).
 */
final class FakeArmOperations {
  private final FakeArm arm;
  private final Map<String, Op> ops = new LinkedHashMap<>();
  private int next;
  private String failCode = "";
  private String failMessage = "";

  private static final class Op {
    final String id;
    int pollsLeft;
    final Runnable onDone;
    String failCode = "";
    String failMessage = "";
    boolean finished;

    Op(String id, int pollsLeft, Runnable onDone) {
      this.id = id;
      this.pollsLeft = pollsLeft;
      this.onDone = onDone;
    }
  }

  FakeArmOperations(FakeArm arm) {
    this.arm = arm;
  }

  synchronized void failNext(String code, String message) {
    failCode = code;
    failMessage = message;
  }

  /**
   * Starts an operation and returns the headers announcing it.
   *
   * @param namespace {@code Compute} or {@code ContainerService}
   * @param withLocation also send {@code Location} (POST and DELETE)
   * @param asyncHeader send {@code Azure-AsyncOperation} (AKS's deleteMachines sends only {@code
   *     Location})
   */
  synchronized Map<String, String> start(
      String namespace, String region, boolean withLocation, boolean asyncHeader, Runnable onDone) {
    String id = String.format("00000000-0000-4000-8000-%012d", ++next);
    Op op = new Op(id, arm.pollsPerOperation, onDone);
    op.failCode = failCode;
    op.failMessage = failMessage;
    failCode = "";
    failMessage = "";
    ops.put(id, op);
    String prefix =
        arm.base()
            + "/subscriptions/"
            + FakeArm.SUBSCRIPTION
            + "/providers/Microsoft."
            + namespace
            + "/locations/"
            + region;
    String version = namespace.equals("Compute") ? "2025-04-01" : "2025-09-01";
    Map<String, String> headers = new LinkedHashMap<>();
    if (asyncHeader) {
      headers.put("Azure-AsyncOperation", prefix + "/operations/" + id + "?api-version=" + version);
    }
    if (withLocation || !asyncHeader) {
      headers.put("Location", prefix + "/operationresults/" + id + "?api-version=" + version);
    }
    return headers;
  }

  /** The answer to a poll of the operation's status. */
  synchronized FakeArmRoutes.Answer status(String id) {
    Op op = ops.get(id);
    if (op == null) {
      return FakeArmRoutes.error(404, "NotFound", "operation " + id + " not found");
    }
    advance(op);
    ObjectNode body = FakeArmWorld.JSON.createObjectNode();
    body.put("startTime", arm.world().now.toString()).put("name", id);
    if (!op.finished) {
      body.put("status", "InProgress");
    } else if (!op.failCode.isEmpty()) {
      body.put("status", "Failed").put("endTime", arm.world().now.toString());
      body.putObject("error").put("code", op.failCode).put("message", op.failMessage);
    } else {
      body.put("status", "Succeeded").put("endTime", arm.world().now.toString());
    }
    return new FakeArmRoutes.Answer(200, Map.of(), body.toString());
  }

  /** The answer to a poll of the operation's result ({@code Location}). */
  synchronized FakeArmRoutes.Answer result(String id, String location) {
    Op op = ops.get(id);
    if (op == null) {
      return FakeArmRoutes.error(404, "NotFound", "operation " + id + " not found");
    }
    advance(op);
    if (!op.finished) {
      return new FakeArmRoutes.Answer(202, Map.of("Location", location), "");
    }
    if (!op.failCode.isEmpty()) {
      return FakeArmRoutes.error(400, op.failCode, op.failMessage);
    }
    return new FakeArmRoutes.Answer(200, Map.of(), "");
  }

  synchronized void completeAll() {
    for (Op op : ops.values()) {
      op.pollsLeft = 0;
      advance(op);
    }
  }

  private void advance(Op op) {
    if (op.finished) {
      return;
    }
    if (op.pollsLeft > 0) {
      op.pollsLeft--;
      return;
    }
    op.finished = true;
    if (op.failCode.isEmpty()) {
      synchronized (arm) {
        op.onDone.run();
      }
    }
  }
}
