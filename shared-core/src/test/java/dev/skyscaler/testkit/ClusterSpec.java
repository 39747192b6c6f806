package dev.skyscaler.testkit;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Namespace;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Assembles a {@link ClusterSnapshot}; node-group membership comes from {@code inGroup}. */
public final class ClusterSpec {
  private final List<NodeSpec> nodes = new ArrayList<>();
  private final List<Pod> pods = new ArrayList<>();
  private final Map<String, GroupSpec> groups = new LinkedHashMap<>();
  private final List<DaemonSet> daemonSets = new ArrayList<>();
  private final List<PodDisruptionBudget> pdbs = new ArrayList<>();
  private final List<Namespace> namespaces = new ArrayList<>();

  public ClusterSpec nodes(NodeSpec... specs) {
    nodes.addAll(Arrays.asList(specs));
    return this;
  }

  public ClusterSpec pods(PodSpec... specs) {
    for (PodSpec s : specs) {
      pods.addAll(s.buildAll());
    }
    return this;
  }

  public ClusterSpec pods(List<Pod> list) {
    pods.addAll(list);
    return this;
  }

  public ClusterSpec groups(GroupSpec... specs) {
    for (GroupSpec g : specs) {
      groups.put(g.name(), g);
    }
    return this;
  }

  /** A DaemonSet whose pods look like {@code podTemplate} (its node placement is ignored). */
  public ClusterSpec daemonSet(String name, PodSpec podTemplate) {
    Pod p = podTemplate.daemonSet(name).unprocessed().build();
    daemonSets.add(new DaemonSet(p.namespace(), name, p));
    return this;
  }

  public ClusterSpec pdb(PodDisruptionBudget pdb) {
    pdbs.add(pdb);
    return this;
  }

  /** A Namespace with labels given as {@code key, value, key, value, ...}. */
  public ClusterSpec namespace(String name, String... labels) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i + 1 < labels.length; i += 2) {
      map.put(labels[i], labels[i + 1]);
    }
    namespaces.add(new Namespace(name, map));
    return this;
  }

  public ClusterSnapshot build() {
    Map<String, Set<String>> members = new LinkedHashMap<>();
    groups.keySet().forEach(g -> members.put(g, new TreeSet<>()));
    List<Node> built = new ArrayList<>();
    for (NodeSpec n : nodes) {
      built.add(n.build());
      if (n.group() != null) {
        if (!groups.containsKey(n.group())) {
          throw new IllegalStateException(
              "node " + n.name() + " is in undeclared group " + n.group());
        }
        members.get(n.group()).add(n.name());
      }
    }
    List<dev.skyscaler.core.model.NodeGroup> built2 = new ArrayList<>();
    groups.forEach((name, g) -> built2.add(g.build(members.get(name))));
    return new ClusterSnapshot(built, pods, pdbs, daemonSets, built2, List.of(), namespaces);
  }
}
