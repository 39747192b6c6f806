package dev.skyscaler.azure.arm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.azure.arm.FakeArmWorld.Cluster;
import dev.skyscaler.azure.arm.FakeArmWorld.Pool;
import dev.skyscaler.azure.arm.FakeArmWorld.ScaleSet;
import dev.skyscaler.azure.arm.FakeArmWorld.Vm;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The local ARM server's routes: request in, status, headers and ARM-shaped JSON out. */
final class FakeArmRoutes {
  /** An HTTP answer. */
  record Answer(int status, Map<String, String> headers, String body) {}

  private static final int PAGE = 2;
  private static final String SUB = "^/subscriptions/([^/]+)";
  private static final String RG = SUB + "/resourceGroups/([^/]+)";
  private static final String VMSS = RG + "/providers/Microsoft\\.Compute/virtualMachineScaleSets";
  private static final String AKS =
      RG + "/providers/Microsoft\\.ContainerService/managedClusters/([^/]+)";
  private static final Pattern LIST_SUB =
      p(SUB + "/providers/Microsoft\\.Compute/virtualMachineScaleSets$");
  private static final Pattern LIST_RG = p(VMSS + "$");
  private static final Pattern SET = p(VMSS + "/([^/]+)$");
  private static final Pattern DELETE_INSTANCES = p(VMSS + "/([^/]+)/delete$");
  private static final Pattern VMS = p(VMSS + "/([^/]+)/virtualMachines$");
  private static final Pattern VM = p(VMSS + "/([^/]+)/virtualMachines/([^/]+)$");
  private static final Pattern VM_ACTION =
      p(VMSS + "/([^/]+)/virtualMachines/([^/]+)/(restart|reimage)$");
  private static final Pattern SKUS = p(SUB + "/providers/Microsoft\\.Compute/skus$");
  private static final Pattern OPERATION =
      p(
          SUB
              + "/providers/Microsoft\\.(Compute|ContainerService)/locations/([^/]+)/(operations|operationresults)/([^/]+)$");
  private static final Pattern CLUSTER = p(AKS + "$");
  private static final Pattern CREDENTIALS = p(AKS + "/listClusterUserCredential$");
  private static final Pattern POOL = p(AKS + "/agentPools/([^/]+)$");
  private static final Pattern DELETE_MACHINES = p(AKS + "/agentPools/([^/]+)/deleteMachines$");
  private static final Pattern SECRET = p("^/secrets/([^/]+)(/[^/]*)?$");

  private final FakeArm arm;
  private final FakeArmWorld world;
  private final FakeArmOperations operations;
  private final Map<String, String> secrets = new java.util.HashMap<>();

  FakeArmRoutes(FakeArm arm, FakeArmWorld world, FakeArmOperations operations) {
    this.arm = arm;
    this.world = world;
    this.operations = operations;
  }

  void secret(String name, String value) {
    secrets.put(name, value);
  }

  private static Pattern p(String regex) {
    return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
  }

  static Answer error(int status, String code, String message) {
    ObjectNode o = FakeArmWorld.JSON.createObjectNode();
    o.putObject("error").put("code", code).put("message", message);
    return new Answer(status, Map.of(), o.toString());
  }

  Answer route(String method, String path, Map<String, String> q, String body) {
    Matcher m;
    if ((m = LIST_SUB.matcher(path)).matches() && method.equals("GET")) {
      return page(path, q, world.scaleSets.values().stream().map(ScaleSet::json).toList());
    }
    if ((m = LIST_RG.matcher(path)).matches() && method.equals("GET")) {
      String rg = m.group(2);
      return page(
          path,
          q,
          world.scaleSets.values().stream()
              .filter(s -> s.resourceGroup.equalsIgnoreCase(rg))
              .map(ScaleSet::json)
              .toList());
    }
    if ((m = SET.matcher(path)).matches()) {
      Optional<ScaleSet> set = world.findScaleSet(m.group(2), m.group(3));
      if (set.isEmpty()) {
        return notFound("virtualMachineScaleSets", m.group(3), m.group(2));
      }
      return switch (method) {
        case "GET" -> new Answer(200, Map.of(), set.get().json().toString());
        case "PATCH", "PUT" -> setCapacity(set.get(), FakeArm.parse(body));
        default -> unsupported(method, path);
      };
    }
    if ((m = DELETE_INSTANCES.matcher(path)).matches() && method.equals("POST")) {
      return deleteVms(
          m.group(2), m.group(3), ids(FakeArm.parse(body).path("instanceIds")), true, () -> {});
    }
    if ((m = VMS.matcher(path)).matches() && method.equals("GET")) {
      Optional<ScaleSet> set = world.findScaleSet(m.group(2), m.group(3));
      if (set.isEmpty()) {
        return notFound("virtualMachineScaleSets", m.group(3), m.group(2));
      }
      boolean view = "instanceView".equalsIgnoreCase(q.getOrDefault("$expand", ""));
      return page(path, q, set.get().vms.stream().map(v -> v.json(view)).toList());
    }
    if ((m = VM.matcher(path)).matches() && method.equals("DELETE")) {
      return deleteVms(m.group(2), m.group(3), List.of(m.group(4)), true, () -> {});
    }
    if ((m = VM_ACTION.matcher(path)).matches() && method.equals("POST")) {
      return vmAction(m.group(2), m.group(3), m.group(4), m.group(5).toLowerCase(Locale.ROOT));
    }
    if ((m = SKUS.matcher(path)).matches() && method.equals("GET")) {
      String filter = q.getOrDefault("$filter", "");
      return page(
          path,
          q,
          world.skus.stream()
              .filter(
                  s ->
                      filter.isEmpty()
                          || filter.contains("'" + s.path("locations").path(0).asText() + "'"))
              .toList());
    }
    if ((m = OPERATION.matcher(path)).matches() && method.equals("GET")) {
      return m.group(4).equalsIgnoreCase("operations")
          ? operations.status(m.group(5))
          : operations.result(
              m.group(5), arm.base() + path + "?api-version=" + q.get("api-version"));
    }
    if ((m = CREDENTIALS.matcher(path)).matches() && method.equals("POST")) {
      return cluster(m)
          .map(this::credentials)
          .orElseGet(() -> notFound("managedClusters", m2(path), ""));
    }
    if ((m = CLUSTER.matcher(path)).matches() && method.equals("GET")) {
      return cluster(m)
          .map(c -> new Answer(200, Map.of(), c.json().toString()))
          .orElseGet(() -> notFound("managedClusters", m2(path), ""));
    }
    if ((m = POOL.matcher(path)).matches()) {
      Matcher pm = m;
      Optional<Cluster> cluster = cluster(pm);
      Optional<Pool> pool = cluster.map(c -> c.pools.get(q(pm, 4)));
      if (pool.isEmpty()) {
        return notFound("agentPools", q(m, 4), m.group(2));
      }
      return switch (method) {
        case "GET" -> new Answer(200, Map.of(), pool.get().json(cluster.get()).toString());
        case "PUT" -> setPoolCount(cluster.get(), pool.get(), FakeArm.parse(body));
        default -> unsupported(method, path);
      };
    }
    if ((m = DELETE_MACHINES.matcher(path)).matches() && method.equals("POST")) {
      Matcher pm = m;
      Optional<Pool> pool = cluster(pm).map(c -> c.pools.get(q(pm, 4)));
      if (pool.isEmpty()) {
        return notFound("agentPools", q(pm, 4), pm.group(2));
      }
      return deleteMachines(pool.get(), ids(FakeArm.parse(body).path("machineNames")));
    }
    if ((m = SECRET.matcher(path)).matches() && method.equals("GET")) {
      return secretAnswer(m.group(1));
    }
    return unsupported(method, path);
  }

  private static String q(Matcher m, int group) {
    return m.group(group).toLowerCase(Locale.ROOT);
  }

  private static String m2(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private Optional<Cluster> cluster(Matcher m) {
    return Optional.ofNullable(world.clusters.get(FakeArmWorld.key(m.group(2), m.group(3))));
  }

  private Answer setCapacity(ScaleSet set, JsonNode body) {
    JsonNode capacity = body.path("sku").path("capacity");
    if (!capacity.isMissingNode()) {
      resize(set, capacity.asInt());
    }
    ObjectNode json = set.json();
    ((ObjectNode) json.path("properties")).put("provisioningState", "Updating");
    Map<String, String> headers =
        operations.start("Compute", set.location, false, true, () -> settle(set));
    return new Answer(200, headers, json.toString());
  }

  /** A capacity change: new VMs are Creating, surplus ones (highest ids) Deleting. */
  private void resize(ScaleSet set, int capacity) {
    List<Vm> live = set.vms.stream().filter(v -> !v.provisioningState.equals("Deleting")).toList();
    for (int i = live.size(); i < capacity; i++) {
      set.addVm("Creating", "starting");
    }
    List<Vm> surplus = new ArrayList<>(live);
    surplus.sort(Comparator.comparing((Vm v) -> Integer.parseInt(v.instanceId)).reversed());
    for (int i = 0; i < live.size() - capacity; i++) {
      surplus.get(i).provisioningState = "Deleting";
    }
    set.capacity = capacity;
  }

  private static void settle(ScaleSet set) {
    set.vms.removeIf(v -> v.provisioningState.equals("Deleting"));
    for (Vm vm : set.vms) {
      if (vm.provisioningState.equals("Creating") || vm.provisioningState.equals("Updating")) {
        vm.provisioningState = "Succeeded";
        vm.powerState = "running";
      }
    }
  }

  private Answer deleteVms(
      String rg, String name, List<String> ids, boolean decrement, Runnable alsoOnDone) {
    Optional<ScaleSet> found = world.findScaleSet(rg, name);
    if (found.isEmpty()) {
      return notFound("virtualMachineScaleSets", name, rg);
    }
    ScaleSet set = found.get();
    for (String id : ids) {
      if (set.vm(id).isEmpty()) {
        return error(
            404,
            "NotFound",
            "The entity was not found in this Azure location. Instance " + id + " of " + name);
      }
    }
    ids.forEach(id -> set.vm(id).get().provisioningState = "Deleting");
    Map<String, String> headers =
        operations.start(
            "Compute",
            set.location,
            true,
            true,
            () -> {
              int gone = (int) set.vms.stream().filter(v -> ids.contains(v.instanceId)).count();
              set.vms.removeIf(v -> ids.contains(v.instanceId));
              set.capacity -= decrement ? gone : 0;
              alsoOnDone.run();
            });
    return new Answer(202, headers, "");
  }

  private Answer vmAction(String rg, String name, String id, String action) {
    Optional<Vm> vm = world.findScaleSet(rg, name).flatMap(s -> s.vm(id));
    if (vm.isEmpty()) {
      return error(404, "NotFound", "The entity was not found in this Azure location.");
    }
    if (action.equals("restart")) {
      vm.get().restarts++;
    } else {
      vm.get().reimages++;
    }
    vm.get().provisioningState = "Updating";
    Map<String, String> headers =
        operations.start(
            "Compute",
            vm.get().set.location,
            true,
            true,
            () -> vm.get().provisioningState = "Succeeded");
    return new Answer(202, headers, "");
  }

  private Answer setPoolCount(Cluster cluster, Pool pool, JsonNode body) {
    int count = body.path("properties").path("count").asInt(pool.count);
    if (pool.autoscaled && count != pool.count) {
      return error(
          400,
          "InvalidParameter",
          "Cannot change node count when enableAutoScaling is true for agent pool " + pool.name);
    }
    pool.count = count;
    pool.provisioningState = "Scaling";
    Map<String, String> headers =
        operations.start(
            "ContainerService",
            cluster.location,
            false,
            true,
            () -> {
              resize(pool.set, count);
              settle(pool.set);
              pool.provisioningState = "Succeeded";
            });
    return new Answer(200, headers, pool.json(cluster).toString());
  }

  private Answer deleteMachines(Pool pool, List<String> machines) {
    List<String> ids = new ArrayList<>();
    for (String machine : machines) {
      Optional<Vm> vm =
          pool.set.vms.stream().filter(v -> v.computerName.equalsIgnoreCase(machine)).findFirst();
      if (vm.isEmpty()) {
        return error(
            400, "InvalidParameter", "machine " + machine + " is not in agent pool " + pool.name);
      }
      ids.add(vm.get().instanceId);
    }
    int gone = ids.size();
    Answer answer =
        deleteVms(pool.set.resourceGroup, pool.set.name, ids, true, () -> pool.count -= gone);
    // AKS answers deleteMachines with Location only
    Map<String, String> location =
        Map.of(
            "Location",
            answer
                .headers()
                .get("Location")
                .replace("Microsoft.Compute", "Microsoft.ContainerService"));
    return new Answer(202, location, "");
  }

  private Answer credentials(Cluster cluster) {
    ObjectNode o = FakeArmWorld.JSON.createObjectNode();
    o.putArray("kubeconfigs")
        .addObject()
        .put("name", "clusterUser")
        .put(
            "value",
            Base64.getEncoder()
                .encodeToString(cluster.kubeconfig.getBytes(StandardCharsets.UTF_8)));
    return new Answer(200, Map.of(), o.toString());
  }

  private Answer secretAnswer(String name) {
    String value = secrets.get(name);
    if (value == null) {
      return error(
          404,
          "SecretNotFound",
          "A secret with (name/id) " + name + " was not found in this key vault.");
    }
    ObjectNode o = FakeArmWorld.JSON.createObjectNode();
    o.put("value", value)
        .put("id", arm.base() + "/secrets/" + name + "/4387e9f3d6e14c459867679a90fd0f79");
    o.putObject("attributes")
        .put("enabled", true)
        .put("created", 1_700_000_000L)
        .put("updated", 1_700_000_000L)
        .put("recoveryLevel", "Recoverable+Purgeable");
    return new Answer(200, Map.of(), o.toString());
  }

  private Answer page(String path, Map<String, String> q, List<ObjectNode> items) {
    int skip = Integer.parseInt(q.getOrDefault("$skiptoken", "0"));
    ObjectNode o = FakeArmWorld.JSON.createObjectNode();
    ArrayNode value = o.putArray("value");
    items.stream().skip(skip).limit(PAGE).forEach(value::add);
    if (skip + PAGE < items.size()) {
      StringBuilder next = new StringBuilder(arm.base() + path + "?");
      q.forEach(
          (k, v) -> {
            if (!k.equals("$skiptoken")) {
              next.append(enc(k)).append('=').append(enc(v)).append('&');
            }
          });
      next.append("$skiptoken=").append(skip + PAGE);
      o.put("nextLink", next.toString());
    }
    return new Answer(200, Map.of(), o.toString());
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static List<String> ids(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static Answer notFound(String type, String name, String rg) {
    return error(
        404,
        "ResourceNotFound",
        "The Resource 'Microsoft.Compute/"
            + type
            + "/"
            + name
            + "' under resource group '"
            + rg
            + "' was not found.");
  }

  private static Answer unsupported(String method, String path) {
    return error(
        501,
        "NotImplementedInFakeArm",
        "the local ARM server does not serve " + method + " " + path);
  }
}
