package dev.skyscaler.magnum.fake;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * What the fake OpenStack holds: Magnum clusters with their node groups, Nova flavors and servers,
 * and the Magnum driver's side of a resize. A resize completes at once ({@code UPDATE_COMPLETE}),
 * or, with {@link #holdUpdates}, leaves the cluster {@code UPDATE_IN_PROGRESS} until {@link
 * #settle()}. A driver that honours {@code nodes_to_remove} deletes exactly those servers; one that
 * ignores them ({@code magnum-capi-helm}) removes the servers it chooses (the first by name).
 */
public final class FakeMagnumWorld {
  /** A Magnum cluster. */
  public static final class Cluster {
    public final String uuid = UUID.randomUUID().toString();
    public final String name;
    public volatile String status = "CREATE_COMPLETE";
    public volatile String statusReason = "";
    public final String templateId = UUID.randomUUID().toString();
    public final Map<String, String> templateLabels = new LinkedHashMap<>();
    public final List<Group> groups = new CopyOnWriteArrayList<>();
    public volatile boolean honoursNodesToRemove = true;

    Cluster(String name) {
      this.name = name;
    }
  }

  /** A Magnum node group. */
  public static final class Group {
    public final String uuid = UUID.randomUUID().toString();
    public final String name;
    public final String role;
    public volatile int nodeCount;
    public volatile int min;
    public volatile Integer max;
    public volatile String flavorId = "m3.medium";
    public volatile String status = "CREATE_COMPLETE";
    public final Map<String, String> labels = new LinkedHashMap<>();

    Group(String name, String role) {
      this.name = name;
      this.role = role;
    }
  }

  /** A Nova server. */
  public record Server(
      String id,
      String name,
      String cluster,
      String group,
      String address,
      String status,
      Instant created) {}

  private final List<Cluster> clusters = new CopyOnWriteArrayList<>();
  private final List<Server> servers = new CopyOnWriteArrayList<>();
  private final List<Runnable> pending = new CopyOnWriteArrayList<>();
  private final List<Consumer<Server>> created = new CopyOnWriteArrayList<>();
  private final List<Consumer<Server>> deleted = new CopyOnWriteArrayList<>();
  private int next = 1;

  /** Leave resizes {@code UPDATE_IN_PROGRESS} until {@link #settle()}. */
  public volatile boolean holdUpdates;

  /** Nova's flavors by id: name, vCPUs, RAM MiB, disk GiB. */
  public final Map<String, int[]> flavors =
      new LinkedHashMap<>(Map.of("f-medium", new int[] {4, 16384, 40}));

  public final Map<String, String> flavorNames =
      new LinkedHashMap<>(Map.of("f-medium", "m3.medium"));

  public Cluster cluster(String name) {
    Cluster c = new Cluster(name);
    clusters.add(c);
    return c;
  }

  /** A node group of {@code c} with {@code count} ACTIVE servers. */
  public Group group(Cluster c, String name, String role, int min, Integer max, int count) {
    Group g = new Group(name, role);
    g.min = min;
    g.max = max;
    c.groups.add(g);
    for (int i = 0; i < count; i++) {
      addServer(c, g, "ACTIVE");
    }
    g.nodeCount = count;
    return g;
  }

  public synchronized Server addServer(Cluster c, Group g, String status) {
    int n = next++;
    Server s =
        new Server(
            UUID.randomUUID().toString(),
            c.name + "-" + g.name + "-" + n,
            c.uuid,
            g.uuid,
            "10.0." + (n / 250) + "." + (n % 250 + 1),
            status,
            Instant.parse("2025-01-31T11:00:00Z"));
    servers.add(s);
    created.forEach(l -> l.accept(s));
    return s;
  }

  public void removeServer(String id) {
    servers.stream()
        .filter(s -> s.id().equals(id))
        .findFirst()
        .ifPresent(
            s -> {
              servers.remove(s);
              deleted.forEach(l -> l.accept(s));
            });
  }

  public void onCreated(Consumer<Server> listener) {
    created.add(listener);
  }

  public void onDeleted(Consumer<Server> listener) {
    deleted.add(listener);
  }

  public List<Cluster> clusters() {
    return clusters;
  }

  public List<Server> servers() {
    return servers;
  }

  public List<Server> servers(Group g) {
    return servers.stream()
        .filter(s -> s.group().equals(g.uuid))
        .sorted(Comparator.comparing(Server::name))
        .toList();
  }

  public Optional<Cluster> find(String ident) {
    return clusters.stream().filter(c -> c.uuid.equals(ident) || c.name.equals(ident)).findFirst();
  }

  /** Magnum's driver carrying out a resize the API accepted. */
  void resize(Cluster c, Group g, int count, List<String> toRemove) {
    c.status = "UPDATE_IN_PROGRESS";
    g.nodeCount = count;
    Runnable work =
        () -> {
          if (c.honoursNodesToRemove) {
            toRemove.forEach(this::removeServer);
          }
          List<Server> now = new ArrayList<>(servers(g));
          while (now.size() > count) {
            removeServer(now.remove(0).id());
          }
          for (int i = now.size(); i < count; i++) {
            addServer(c, g, "ACTIVE");
          }
          c.status = "UPDATE_COMPLETE";
        };
    if (holdUpdates) {
      pending.add(work);
    } else {
      work.run();
    }
  }

  /** Completes the resizes held. */
  public void settle() {
    List<Runnable> work = new ArrayList<>(pending);
    pending.clear();
    work.forEach(Runnable::run);
  }
}
