package dev.skyscaler.testkit;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeCondition;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Quantity;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fluent node builder for tests: 4 cores, 16Gi and 110 pods unless told otherwise, Ready,
 * schedulable, labelled with its hostname. Also builds group templates.
 */
public final class NodeSpec {
  private final String name;
  private long cpu = 4000;
  private long memory = 16L << 30;
  private long storage = 100L << 30;
  private long pods = 110;
  private final Map<String, Long> extended = new TreeMap<>();
  private long reservedCpu;
  private long reservedMemory;
  private final Map<String, String> labels = new HashMap<>();
  private final Map<String, String> annotations = new HashMap<>();
  private final List<Taint> taints = new ArrayList<>();
  private boolean unschedulable;
  private boolean ready = true;
  private Instant readySince = Instant.EPOCH;
  private final Map<String, NodeCondition> extraConditions = new java.util.LinkedHashMap<>();
  private String group;
  private Instant created = Instant.EPOCH;
  private String providerId;

  NodeSpec(String name) {
    this.name = name;
    labels.put(Node.HOSTNAME_LABEL, name);
  }

  public String name() {
    return name;
  }

  String group() {
    return group;
  }

  public NodeSpec cpu(String q) {
    cpu = Quantity.parseMilli(q);
    return this;
  }

  public NodeSpec memory(String q) {
    memory = Quantity.parseUnits(q);
    return this;
  }

  public NodeSpec ephemeralStorage(String q) {
    storage = Quantity.parseUnits(q);
    return this;
  }

  public NodeSpec pods(int n) {
    pods = n;
    return this;
  }

  public NodeSpec gpu(int count) {
    extended.put("nvidia.com/gpu", (long) count);
    return this;
  }

  public NodeSpec resource(String name, String q) {
    extended.put(name, Quantity.parseUnits(q));
    return this;
  }

  /**
   * Kubelet reservations: allocatable is capacity minus these, so the node offers less to pods than
   * its instance type has.
   */
  public NodeSpec reserved(String cpu, String memory) {
    reservedCpu = Quantity.parseMilli(cpu);
    reservedMemory = Quantity.parseUnits(memory);
    return this;
  }

  public NodeSpec label(String k, String v) {
    labels.put(k, v);
    return this;
  }

  public NodeSpec zone(String zone) {
    return label(Node.ZONE_LABEL, zone);
  }

  public NodeSpec annotation(String k, String v) {
    annotations.put(k, v);
    return this;
  }

  public NodeSpec taint(String key, String value, TaintEffect effect) {
    taints.add(new Taint(key, value, effect));
    return this;
  }

  public NodeSpec cordoned() {
    unschedulable = true;
    return this;
  }

  public NodeSpec notReady() {
    ready = false;
    return this;
  }

  /** The cloud identity; {@code aws:///eu-west-1a/i-<name>} unless told otherwise. */
  public NodeSpec providerId(String id) {
    providerId = id;
    return this;
  }

  public NodeSpec createdAt(Instant t) {
    created = t;
    return this;
  }

  /** Member of node group {@code g} (recorded when the cluster is built). */
  public NodeSpec inGroup(String g) {
    group = g;
    return this;
  }

  public Resources resources() {
    return new Resources(cpu, memory, storage, pods, extended);
  }

  public Node build() {
    return new Node(
        name,
        labels,
        annotations,
        taints,
        resources(),
        resources().minusFloor(Resources.of(reservedCpu, reservedMemory)),
        unschedulable,
        ready,
        providerId == null ? "aws:///eu-west-1a/i-" + name : providerId,
        created,
        conditions());
  }

  private List<NodeCondition> conditions() {
    List<NodeCondition> all = new ArrayList<>();
    if (!extraConditions.containsKey("Ready")) {
      all.add(new NodeCondition("Ready", ready ? "True" : "False", readySince, ""));
    }
    all.addAll(extraConditions.values());
    return all;
  }

  /** The Ready condition last changed at {@code t} (when it became Ready or NotReady). */
  public NodeSpec readySince(Instant t) {
    readySince = t;
    return this;
  }

  /** Any other condition ({@code Unknown} Ready, {@code PreemptionScheduled}, ...). */
  public NodeSpec condition(String type, String status, Instant since) {
    return condition(type, status, since, "");
  }

  /** A condition with its reason ({@code VMEventScheduled} / {@code PreemptScheduled}, ...). */
  public NodeSpec condition(String type, String status, Instant since, String reason) {
    extraConditions.put(type, new NodeCondition(type, status, since, reason));
    if (type.equals("Ready")) {
      ready = status.equals("True");
    }
    return this;
  }

  /** This shape as a group template (the hostname label is dropped, as CA sanitises it). */
  public NodeTemplate asTemplate() {
    Map<String, String> l = new HashMap<>(labels);
    l.remove(Node.HOSTNAME_LABEL);
    return new NodeTemplate(resources(), l, taints);
  }
}
