package dev.skyscaler.testkit;

import dev.skyscaler.core.model.NodeGroup;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/** Fluent node-group builder: min 0, max 10, target = member count unless set. */
public final class GroupSpec {
  private final String name;
  private int min;
  private int max = 10;
  private Integer target;
  private NodeSpec template;
  private Double price;

  GroupSpec(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  public GroupSpec min(int v) {
    min = v;
    return this;
  }

  public GroupSpec max(int v) {
    max = v;
    return this;
  }

  public GroupSpec target(int v) {
    target = v;
    return this;
  }

  public GroupSpec template(NodeSpec v) {
    template = v;
    return this;
  }

  public GroupSpec price(double v) {
    price = v;
    return this;
  }

  public NodeGroup build(Set<String> members) {
    return new NodeGroup(
        name,
        min,
        max,
        target == null ? members.size() : target,
        members,
        Optional.ofNullable(template).map(NodeSpec::asTemplate),
        price == null ? OptionalDouble.empty() : OptionalDouble.of(price));
  }
}
