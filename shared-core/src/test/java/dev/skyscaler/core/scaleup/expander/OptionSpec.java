package dev.skyscaler.core.scaleup.expander;

import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.template;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.testkit.GroupSpec;
import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Builds expansion options for expander tests: {@code option("ng1").node(template().cpu("4"))
 * .nodes(2).pods(pod("web").cpu("1"), 3).price(0.2).build()}. Defaults: a 4-core 16Gi node, one
 * node, no pods, no price.
 */
final class OptionSpec {
  private final GroupSpec group;
  private NodeSpec node = template();
  private int nodes = 1;
  private final List<Pod> pods = new ArrayList<>();

  private OptionSpec(String groupName) {
    group = group(groupName);
  }

  static OptionSpec option(String groupName) {
    return new OptionSpec(groupName);
  }

  OptionSpec node(NodeSpec v) {
    node = v;
    return this;
  }

  OptionSpec nodes(int v) {
    nodes = v;
    return this;
  }

  OptionSpec pods(PodSpec pod, int count) {
    pods.addAll(pod.times(count).buildAll());
    return this;
  }

  OptionSpec price(double v) {
    group.price(v);
    return this;
  }

  ExpansionOption build() {
    GroupTemplate template =
        new GroupTemplate(
            group.template(node).build(Set.of()),
            node.resources(),
            node.asTemplate().labels(),
            node.asTemplate().taints(),
            Resources.ZERO,
            false);
    return new ExpansionOption(template, nodes, pods);
  }

  static List<String> names(List<ExpansionOption> options) {
    return options.stream().map(ExpansionOption::groupName).toList();
  }
}
